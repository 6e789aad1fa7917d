"""The sentence a player gets for every kind of illegal choice: it names the real reason, and nothing changes."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.planes.cards import card, deck_for
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.state import PlanesState


def refused(state: PlanesState, choice: str, sentence: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=sentence):
        run(state, choice)
    assert state.model_dump_json() == before


def corridor(airport_id: str):
    """A leads to B or to red's gate G; B -> C -> D; C is a Fast Food space, D a Fine Dining space."""
    return build_airport(airport_id, {"A": ["B", "G"], "B": ["C"], "C": ["D"], "D": []}, gates={"G": 1},
                         pois={"C": ["fast_food"], "D": ["fine_dining"]})


def moving(airport_id: str, cubes: dict[str, dict[str, int]], hand: list[str] | None = None) -> PlanesState:
    """Red to play; with a hand, red is still in the action phase."""
    return build_state(corridor(airport_id), cubes=cubes, hands=[hand or [], []])


def test_starting_again_while_a_move_is_under_way_says_to_redo_first() -> None:
    state = run(moving("rf1", {"A": {"red": 2}, "D": {"red": 1}}), "from:A")
    # D holds a red cube and could start a move of its own: the reason is the move already under way.
    refused(state, "from:D", "already started at A")


def test_a_start_that_leads_nowhere_says_why() -> None:
    board = build_airport("rf17", {"A": ["G"], "B": ["C"], "C": []}, gates={"G": 2})
    state = build_state(board, cubes={"A": {"red": 1}, "B": {"red": 1}, "C": {"red": 1}})
    refused(state, "from:A", "every way on is a gate that group cannot board")
    refused(state, "from:C", "no space follows it along the arrows")
    backwards = build_state(board, cubes={"B": {"red": 1}, "C": {"red": 1}}, hands=[["card:R13"], []])
    refused(run(backwards, "card:R13"), "from:B", "no space follows it against the arrows")


def test_a_colour_the_group_does_not_carry_is_named() -> None:
    state = run(moving("rf2", {"A": {"red": 2, "grey": 1}}), "from:A")
    refused(state, "drop:B:blue", "no blue cube among the cubes you are moving")


def test_the_last_cube_is_put_down_by_stopping() -> None:
    state = run(moving("rf3", {"A": {"red": 2}}), "from:A", "drop:B:red")
    refused(state, "drop:C:red", "is your last: stop at C to put it down")


def test_a_cube_that_could_board_is_told_to_board() -> None:
    state = run(moving("rf4", {"A": {"red": 1}}), "from:A")
    refused(state, "stop:G", "boards the plane there: choose to board")
    refused(state, "drop:G:red", "boards the plane there: choose to board")


def test_a_gate_cannot_be_passed_over() -> None:
    state = run(moving("rf5", {"A": {"red": 2}}, ["card:R05"]), "card:R05", "from:A")
    refused(state, "skip:G", "G is a gate; only an ordinary space can be passed over")


def test_only_one_space_is_passed_over() -> None:
    board = build_airport("rf16", {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["E"]})
    state = build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R05"], []])
    state = run(state, "card:R05", "from:A", "skip:B")
    refused(state, "skip:C", "already passed over B; only one space may be passed over")


def test_boarding_before_the_shortcut_is_used_names_the_shortcut() -> None:
    state = run(moving("rf6", {"A": {"red": 1}}, ["card:R05"]), "card:R05", "from:A")
    refused(state, "board:G", "must pass over a space first")


def test_redo_with_no_move_under_way() -> None:
    state = moving("rf7", {"A": {"red": 2}})
    refused(state, "redo", "Pick the space your move starts from first")


def test_phase_refusals_name_the_buttons_players_see() -> None:
    state = build_state(corridor("rf8"), cubes={"A": {"red": 2}}, hands=[["card:R02"], []])
    refused(state, "from:A", "choose 'No action'")
    goal = build_state(corridor("rf9"), cubes={"A": {"red": 2}, "C": {"blue": 1}},
                       hands=[["card:R02", "card:R07", "card:R03"], []])
    goal = run(goal, "skip", "from:A", "drop:B:red", "stop:C", "confirm")  # a red cube on Fast Food C
    assert goal.phase == "goal"
    refused(goal, "card:R99", "choose 'No goal'")
    # The goal half's own name, not the card's two-part title.
    refused(goal, "card:R03", "Restroom Visit is not on the board right now")


def test_a_collect_target_that_is_not_that_kind_of_space() -> None:
    state = build_state(corridor("rf10"), cubes={"A": {"red": 2}}, hands=[["card:R02"], []])
    state = run(state, "card:R02")
    refused(state, "space:B", "B is not a Fast Food space")


def test_regroup_only_onto_a_space_holding_your_cube() -> None:
    state = build_state(corridor("rf11"), cubes={"A": {"red": 1}, "C": {"red": 1}}, hands=[["card:R07"], []])
    state = run(state, "card:R07")
    refused(state, "space:B", "no red cube at B to gather onto")


def test_taking_a_cube_from_a_space_without_one() -> None:
    state = build_state(corridor("rf12"), cubes={"A": {"red": 1}, "C": {"red": 1}}, hands=[["card:R12"], []])
    state = run(state, "card:R12")
    refused(state, "space:B", "no red cube at B to take")
    state = run(state, "space:A")
    refused(state, "space:A", "no other red cube at A")
    refused(run(state, "space:C"), "space:C", "C is not a Fine Dining space")


def test_throwing_away_a_card_not_in_hand() -> None:
    state = build_state(corridor("rf13"), cubes={"A": {"red": 1}}, hands=[["card:R06", "card:R02"], []],
                        deck=["card:G01", "card:G02"])
    state = run(state, "card:R06")
    refused(state, "card:R06", "not in your hand")


def test_fast_track_extra_goal_is_offered_with_no_goal_on_the_board_and_can_be_taken_back() -> None:
    # Offered only when a goal is scorable, it would tell the table so: it comes with a way back instead.
    state = build_state(corridor("rf14"), cubes={"A": {"red": 1}}, hands=[["card:R04", "card:R02"], []])
    state = run(state, "card:R04", "option:goal")
    assert option_ids(state) == ["back"] and GAME.pending(state)[0].private
    refused(state, "card:R02", "not on the board right now")
    state = run(state, "back")
    assert option_ids(state) == ["option:ignore", "option:goal"]


def test_fast_track_extra_goal_needs_a_card_in_hand() -> None:
    state = build_state(corridor("rf14b"), cubes={"A": {"red": 1}}, hands=[["card:R04"], []])
    state = run(state, "card:R04")
    refused(state, "option:goal", "Your hand is empty")



def test_action_buttons_carry_the_card_text_cut_at_a_word() -> None:
    # Discord allows 100 characters under an option; a longer action text is shortened at a word, never mid-word.
    hand = deck_for("red")
    state = build_state(corridor("rf15"), cubes={"A": {"red": 2}}, hands=[hand, []])
    details = {o.id: o.detail for d in GAME.pending(state) for o in d.options}
    assert set(hand) - set(details) == {"card:R03", "card:R08", "card:R09"}  # no such spaces on this board
    for cid in set(hand) & set(details):
        text, shown = card(cid).action, details[cid]
        assert len(shown) <= 100
        assert shown == text or (shown.endswith("…") and text.startswith(shown[:-1]) and text[len(shown) - 1] == " ")
