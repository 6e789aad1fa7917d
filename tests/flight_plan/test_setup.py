"""Setup and the first move."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import new_game
from engine.flight_plan.data import catalog, route
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import QUIET, ids, play, play_state, stack


def start(players: int = 3, seed: int = 1, mode: str = "dice") -> FPState:
    st = new_game(GAME, players, seed, {"routes": mode})
    assert isinstance(st, FPState)
    return st


def test_start_funds_by_player_count() -> None:
    assert [a.cash for a in start(2).airlines] == [1000, 1000]
    for n in (3, 6):
        assert {a.cash for a in start(n).airlines} == {750}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_dice_deal_three_different_routes_each(players: int) -> None:
    st = start(players, seed=players)
    dealt = [n for hand in st.dealt for n in hand]
    assert all(len(hand) == 3 for hand in st.dealt)
    assert len(set(dealt)) == 3 * players and all(1 <= n <= 100 for n in dealt)


def test_quick_play_deals_from_the_books_routes() -> None:
    st = start(6, mode="quick")
    assert sorted(n for hand in st.dealt for n in hand) == sorted(catalog().economy.quick_play)
    st = start(3, mode="quick")
    assert {n for hand in st.dealt for n in hand} <= set(catalog().economy.quick_play)


def test_same_seed_same_deal() -> None:
    assert start(4, seed=9).dealt == start(4, seed=9).dealt
    assert start(4, seed=9).deck == start(4, seed=9).deck


def test_first_move_needs_a_route_before_done() -> None:
    st = start()
    assert "done" not in ids(st, 0)
    with pytest.raises(IllegalAction):
        play(st, 0, "done")
    first = st.dealt[0][0]
    st, _ = play(st, 0, f"take:{first}")
    assert st.airlines[0].routes == [first]
    assert st.airlines[0].cash == 750 - route(first).price
    assert "done" in ids(st, 0) and f"take:{first}" not in ids(st, 0)


def test_first_move_fleets_one_of_each_then_city_then_hubs() -> None:
    st = start(3, seed=1, mode="quick")
    hand = st.dealt[0]
    st, _ = play(st, 0, *[f"take:{n}" for n in hand if f"take:{n}" in ids(st, 0)][:1], "done")
    assert st.step == "fm_fleets"
    st, _ = play(st, 0, "fleet:short")
    assert "fleet:short" not in ids(st, 0)
    st, _ = play(st, 0, "done")
    a = st.airlines[0]
    # One route: one departure city, chosen by itself; then hubs or the end of the first move.
    assert a.city == route(a.routes[0]).origin
    assert st.step in ("fm_hubs", "fm_routes")


def test_departure_city_is_a_first_city_of_a_bought_route() -> None:
    st = start(3, seed=3)
    st.dealt[0] = [11, 43, 63]  # London-Paris, London-Madrid, New York-London
    st, _ = play(st, 0, "take:11", "take:63", "done", "done")
    assert st.step == "fm_city"
    assert ids(st, 0) == {"start:LON", "start:NYC"}


def test_hubs_only_on_hub_cities_of_bought_routes() -> None:
    st = start(3, seed=3)
    st.dealt[0] = [11, 43, 2]
    st, _ = play(st, 0, "take:11", "done", "done")
    assert st.step == "fm_hubs"
    assert ids(st, 0) == {"hub:LON", "hub:PAR", "done"}
    st, _ = play(st, 0, "hub:LON", "hub:PAR")
    assert st.airlines[0].hubs == ["LON", "PAR"]
    assert st.turn == 1 and st.step == "fm_routes", "with no money for a third hub the first move ends by itself"


def test_two_region_limit_at_the_first_move() -> None:
    st = start(3, seed=3)
    st.dealt[0] = [63, 1, 17]  # New York-London (NA+EU), New York-Chicago (NA), Johannesburg-Cape Town (AF)
    st, _ = play(st, 0, "take:63")
    assert "take:1" in ids(st, 0) and "take:17" not in ids(st, 0)


def test_after_the_last_first_move_regular_play_begins() -> None:
    st = start(2, seed=2)
    for seat in (0, 1):
        n = st.dealt[seat][0]
        st, _ = play(st, seat, f"take:{n}", "done", "done")
        if st.step == "fm_city":
            st, _ = play(st, seat, sorted(ids(st, seat))[0])
        if st.step == "fm_hubs":
            st, _ = play(st, seat, "done")
    assert st.phase == "play" and st.turn == 0 and st.briefing is not None
    assert st.airlines[0].turns_played == 1


def test_the_table_names_who_flew_most_recently_and_that_seat_moves_first() -> None:
    spec = next(s for s in GAME.option_specs if s.key == "first")
    assert spec.default == "1" and "flew most recently" in spec.label
    st = new_game(GAME, 3, 2, {"first": "2"})
    assert isinstance(st, FPState)
    assert st.turn == 1 and GAME.pending(st)[0].seat == 1
    for seat in (1, 2, 0):  # then on in seat order, round the table
        assert st.turn == seat and st.phase == "first"
        n = next(i for i in sorted(ids(st, seat)) if i.startswith("take:"))
        st, _ = play(st, seat, n, "done", "done")
        for step in ("fm_city", "fm_hubs"):
            if st.step == step and st.turn == seat:
                st, _ = play(st, seat, "done" if step == "fm_hubs" else sorted(ids(st, seat))[0])
    assert st.phase == "play" and st.turn == 1 and st.round == 1, "regular play starts with the same seat"
    with pytest.raises(IllegalAction, match="pick a seat from 1 to 3"):
        new_game(GAME, 3, 2, {"first": "5"})


def test_a_round_starts_with_the_first_seat_even_past_a_bankrupt_airline() -> None:
    st = play_state(players=3)
    st.options = {**st.options, "first": "2"}
    st.turn, st.round = 1, 4
    st.airlines[0].out = True
    for seat, round_ in ((1, 4), (2, 4)):
        assert st.turn == seat and st.round == round_
        stack(st, QUIET)
        st, _ = play(st, seat, "pass")
    assert st.turn == 1 and st.round == 5, "Player 1 is out: Player 2 starts round 5, counted once"
