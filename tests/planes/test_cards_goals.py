"""Every goal card, met and not met. Red is seat 0 in a 2-player game, so green and yellow are neutral colours."""

from __future__ import annotations

import pytest

from engine.planes.cards import card, full_deck, load_card_types
from engine.planes.fixtures import build_airport, build_state
from engine.planes.goals import goal_met

POIS = {"F": ["fast_food"], "R": ["restroom"], "S": ["gift_shop"], "H": ["help_desk"], "D": ["fine_dining"],
        "X": ["restroom"]}


def met(kind: str, cubes: dict[str, dict[str, int]], players: int = 2) -> bool:
    board = build_airport("goals", {"A": ["B"], "B": ["F", "R", "S", "H", "D", "X"], "F": ["G"]},
                          pois=POIS, gates={"G": 1})
    everywhere = {s: {"grey": 9} for s in ("A", "B", "F", "R", "S", "H", "D", "X")}  # nothing matches by default
    state = build_state(board, players=players, cubes={**everywhere, **cubes})
    return goal_met(state, 0, kind)


def test_quiet_corner_needs_an_empty_space_without_a_point_of_interest() -> None:
    assert met("empty_plain", {"A": {}})
    assert not met("empty_plain", {"F": {}})  # a fast food space is not bare
    assert not met("empty_plain", {})


@pytest.mark.parametrize(("kind", "space"), [("fast_food", "F"), ("restroom", "R"), ("gift_shop", "S"),
                                            ("help_desk", "H")])
def test_point_of_interest_with_one_of_your_cubes(kind: str, space: str) -> None:
    assert met(kind, {space: {"red": 1, "blue": 3, "grey": 2}})
    assert not met(kind, {space: {"blue": 3}})
    assert not met(kind, {"A": {"red": 1}})


def test_lone_traveller_is_a_space_with_exactly_one_cube_of_yours() -> None:
    assert met("single_own", {"A": {"red": 1}})
    assert not met("single_own", {"A": {"red": 1, "grey": 1}})
    assert not met("single_own", {"A": {"blue": 1}})


def test_lost_stranger_is_a_space_with_one_neutral_cube() -> None:
    assert met("single_neutral", {"A": {"grey": 1}})
    assert met("single_neutral", {"A": {"green": 1}})  # nobody plays green
    assert not met("single_neutral", {"A": {"blue": 1}})
    assert not met("single_neutral", {"A": {"green": 1}}, players=3)  # now somebody does


def test_mixed_trio_is_three_cubes_in_three_colours() -> None:
    assert met("three_three", {"A": {"blue": 1, "grey": 1, "green": 1}})
    assert not met("three_three", {"A": {"blue": 2, "grey": 1}})


def test_two_and_two_is_four_cubes_in_two_colours() -> None:
    assert met("four_two", {"A": {"blue": 3, "grey": 1}})
    assert not met("four_two", {"A": {"blue": 2, "grey": 1, "red": 1}})
    assert not met("four_two", {"A": {"blue": 3, "grey": 2}})


def test_new_friend_is_your_cube_and_one_of_another_colour() -> None:
    assert met("pair_other", {"A": {"red": 1, "grey": 1}})
    assert not met("pair_other", {"A": {"red": 2}})
    assert not met("pair_other", {"A": {"blue": 1, "grey": 1}})


def test_tour_group_is_five_cubes_in_three_colours_including_yours() -> None:
    assert met("five_three", {"A": {"red": 2, "blue": 2, "green": 1}})
    assert not met("five_three", {"A": {"yellow": 2, "blue": 2, "green": 1}})
    assert not met("five_three", {"A": {"red": 2, "blue": 3}})


def test_table_for_two_is_exactly_two_of_yours_on_fine_dining() -> None:
    assert met("fine_dining", {"D": {"red": 2, "blue": 1, "grey": 3}})
    assert not met("fine_dining", {"D": {"red": 3}})
    assert not met("fine_dining", {"A": {"red": 2}})


def test_stranded_group_is_four_neutral_cubes_of_any_neutral_colours() -> None:
    assert met("four_neutral", {"A": {"grey": 2, "green": 1, "yellow": 1}})
    assert not met("four_neutral", {"A": {"grey": 3, "blue": 1}})
    assert not met("four_neutral", {"A": {"grey": 5}})


def test_rainbow_is_four_cubes_of_four_colours_unassigned_ones_count() -> None:
    assert met("four_four", {"A": {"green": 1, "yellow": 1, "grey": 1, "blue": 1}})
    assert not met("four_four", {"A": {"green": 2, "grey": 1, "blue": 1}})


def test_odd_trio_is_yours_plus_a_neutral_plus_a_third_colour() -> None:
    assert met("trio", {"A": {"red": 1, "grey": 1, "blue": 1}})
    assert met("trio", {"A": {"red": 1, "grey": 1, "green": 1}})  # green is neutral but still its own colour
    assert not met("trio", {"A": {"red": 1, "blue": 1}})
    assert not met("trio", {"A": {"red": 2, "grey": 1}})
    assert not met("trio", {"A": {"red": 1, "blue": 1, "yellow": 1}}, players=4)  # no neutral among them


def test_boarded_cubes_never_count() -> None:
    board = build_airport("goals2", {"A": ["G"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"grey": 2}})
    state.planes[0].slots = ["red"]
    assert not goal_met(state, 0, "single_own")


def test_card_file_pairs_actions_and_goals_with_rising_vp() -> None:
    types = load_card_types()
    assert [t.vp for t in types] == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]
    assert len(full_deck()) == 60 and len(set(full_deck())) == 60
    assert card("card:Y12").goal_kind == "fine_dining" and card("card:R12").action_kind == "fine_dining_two"
    assert sum(card(c).goal_kind == "fine_dining" for c in full_deck()) == 4
