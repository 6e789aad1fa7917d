"""Setup: cubes on the P spaces by turn order, grey cubes, planes and their sides, cards, options."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import new_game
from engine.planes.cards import card
from engine.planes.game import GAME
from engine.planes.state import PlanesState
from engine.planes.terrain import practice_airport


def setup(players: int, **options: str) -> PlanesState:
    opts = {"airport": "practice", **options}
    state = new_game(GAME, players, 11, opts)
    assert isinstance(state, PlanesState)
    return state


def test_starting_players_cubes_go_to_p1_and_the_rest_in_turn_order() -> None:
    state = setup(3, start="2")
    assert state.turn == 1 and state.start_seat == 1
    assert state.cubes["P1"] == {"blue": 5}
    assert state.cubes["P2"] == {"green": 5}
    assert state.cubes["P3"] == {"red": 5}
    assert state.cubes["P4"] == {"yellow": 5}  # the unassigned colour fills the last P space


def test_two_grey_cubes_on_every_plain_space_and_none_on_gates() -> None:
    state = setup(2, start="1")
    for space in practice_airport().spaces:
        if space.kind.value == "space":
            assert state.cubes[space.id] == {"grey": 2}
        elif space.is_gate:
            assert space.id not in state.cubes


def test_planes_match_the_start_spaces_and_show_the_right_side() -> None:
    state = setup(2, start="1")
    by_gate = {p.gate: p for p in state.planes}
    assert (by_gate["G1"].colour, by_gate["G1"].side, by_gate["G1"].owner) == ("red", "5vp", 0)
    assert (by_gate["G2"].colour, by_gate["G2"].side, by_gate["G2"].owner) == ("blue", "5vp", 1)
    assert (by_gate["G3"].colour, by_gate["G3"].side, by_gate["G3"].owner) == ("green", "draw2", None)
    assert by_gate["N1"].colour == "grey" and by_gate["N1"].side == "draw2"


def test_three_cards_each_and_the_rest_in_the_deck() -> None:
    state = setup(4, start="1")
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.decks[0]) == 60 - 12 and state.discards == [[]]
    assert len({c for h in state.hands for c in h} | set(state.decks[0])) == 60


def test_random_start_is_seeded() -> None:
    starts = {setup(4, start="random").start_seat for _ in range(3)}
    assert len(starts) == 1  # same seed, same starting player
    spread = {new_game(GAME, 4, seed, {"airport": "practice"}).turn for seed in range(20)}  # type: ignore[attr-defined]
    assert len(spread) > 1


def test_start_seat_beyond_the_table_is_refused() -> None:
    with pytest.raises(IllegalAction, match="Seat 4 cannot start"):
        setup(3, start="4")


def test_player_decks_deal_each_seat_from_its_own_dot_colour() -> None:
    state = setup(3, start="1", player_decks="on")
    assert len(state.decks) == 3
    for seat, letter in enumerate("RBG"):
        assert all(c.startswith(f"card:{letter}") for c in state.hands[seat] + state.decks[seat])
        assert len(state.hands[seat]) + len(state.decks[seat]) == 15


def test_shorter_game_end_space() -> None:
    assert setup(2, end_space="8").track_end == 8
    assert setup(2).track_end == 12


def test_poi_layouts_are_deterministic_and_keep_the_order_of_commonness() -> None:
    printed, few, many = (setup(2, pois=p).pois for p in ("printed", "few", "many"))
    def count(layout: dict[str, list[str]], kind: str) -> int:
        return sum(kind in ps for ps in layout.values())
    for kind in ("restroom", "fast_food", "gift_shop", "help_desk", "fine_dining"):
        assert count(few, kind) <= count(printed, kind) <= count(many, kind)
        assert count(few, kind) >= 1
    assert count(few, "restroom") < count(printed, "restroom")
    assert count(many, "restroom") >= count(many, "gift_shop") >= count(many, "fine_dining")
    assert setup(2, pois="few").pois == few


def test_every_card_exists_four_times() -> None:
    state = setup(2)
    cards = [c for h in state.hands for c in h] + state.decks[0]
    assert sorted({card(c).number for c in cards}) == list(range(1, 16))
    assert len(cards) == 60


def test_unknown_option_value_is_refused() -> None:
    with pytest.raises(IllegalAction):
        new_game(GAME, 2, 1, {"pois": "lots"})
