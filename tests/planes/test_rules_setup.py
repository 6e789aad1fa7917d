"""Setup: cubes on the P spaces by turn order, grey cubes, planes and their sides, cards, options."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import new_game
from engine.planes.actions import why_not_playable
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


def test_custom_poi_layout_covers_and_adds_tokens_on_named_spaces_only() -> None:
    printed = new_game(GAME, 2, 1, {}).pois  # type: ignore[attr-defined]
    assert printed["a2"] == ["gift_shop"] and printed["M1"] == ["restroom", "fast_food"]
    state = new_game(GAME, 2, 1, {"pois": "custom:a2=blank; m1=R+fine_dining"})
    assert isinstance(state, PlanesState)
    assert state.pois["a2"] == [] and state.pois["M1"] == ["restroom", "fine_dining"]
    assert {k: v for k, v in state.pois.items() if k not in ("a2", "M1")} == {
        k: v for k, v in printed.items() if k not in ("a2", "M1")}
    assert GAME.view(state, None)["pois"]["M1"] == ["restroom", "fine_dining"]  # what the board image draws
    # The book sets no number a space may hold; three is what a scenario makes and the picture has room for.
    assert new_game(GAME, 2, 1, {"pois": "custom:a2=R+F+D"}).pois["a2"] == [  # type: ignore[attr-defined]
        "restroom", "fast_food", "fine_dining"]


@pytest.mark.parametrize(("layout", "sentence"), [
    ("custom:zz=R", "should read SPACE=TOKENS"),
    ("custom:a2", "should read SPACE=TOKENS"),
    ("custom:G1=R", "G1 is a gate"),
    ("custom:a2=R+F+D+G", "at most 3"),
    ("custom:a2=pizza", "not a list of tokens"),
    ("custom:", "at least one"),
])
def test_custom_poi_layout_mistakes_are_explained(layout: str, sentence: str) -> None:
    with pytest.raises(IllegalAction, match=sentence):
        new_game(GAME, 2, 1, {"pois": layout})


def test_a_covered_kind_turns_off_the_cards_that_need_it() -> None:
    fine = [s for s, ps in new_game(GAME, 2, 1, {}).pois.items() if "fine_dining" in ps]  # type: ignore[attr-defined]
    state = new_game(GAME, 2, 1, {"pois": "custom:" + ";".join(f"{s}=blank" for s in fine)})
    assert isinstance(state, PlanesState)
    assert why_not_playable(state, 0, "card:R12") == "This airport has no Fine Dining space to send cubes to."


def test_practice_ring_is_labelled_as_our_own_board() -> None:
    airport = next(s for s in GAME.option_specs if s.key == "airport")
    labels = {c.value: c.label for c in airport.choices}
    assert airport.default == "flying_cloud" and {"flying_cloud", "zephyr"} <= set(labels)
    assert "our own" in labels["practice"] and "not in the rulebook" in labels["practice"]
    assert "our own design" in practice_airport().title


def test_host_may_pick_any_seat_to_start_or_leave_it_to_chance() -> None:
    start = next(s for s in GAME.option_specs if s.key == "start")
    assert start.default == "random" and [c.value for c in start.choices] == ["random", "1", "2", "3", "4"]
    for seat in range(4):
        state = setup(4, start=str(seat + 1))
        assert state.start_seat == seat and state.turn == seat
        assert state.cubes["P1"] == {state.colour_of(seat): 5}


def test_shorter_games_offer_every_end_space_from_1_to_12() -> None:
    spec = next(s for s in GAME.option_specs if s.key == "end_space")
    assert sorted(int(c.value) for c in spec.choices) == list(range(1, 13)) and spec.default == "12"
    assert setup(2, end_space="1").track_end == 1
