"""Setup by player count: board side, planes, deck removals, starting passengers, piles, weather, upgrades."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import new_game
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.now_boarding.helpers import act, ids


def start(players: int, seed: int = 3, vips: str = "off") -> NBState:
    st = new_game(GAME, players, seed, {"vips": vips})
    assert isinstance(st, NBState)
    return st


def all_cards(st: NBState) -> list[str]:
    return ([c for p in st.piles for c in p] + list(st.out_of_play)
            + [c.id for cards in st.airports.values() for c in cards])


@pytest.mark.parametrize(("players", "side", "colours"), [
    (2, "small", ["green", "orange"]), (3, "small", ["green", "orange", "red"]),
    (4, "large", ["green", "orange", "red", "blue"]), (5, "large", ["green", "orange", "red", "blue", "purple"]),
])
def test_board_side_and_planes(players: int, side: str, colours: list[str]) -> None:
    st = start(players)
    assert st.side == side
    assert [p.colour for p in st.planes] == colours
    assert ("SEA" in st.airports) == (side == "large")
    homes = {"green": "ATL", "orange": "LAX", "red": "ORD", "blue": "SEA", "purple": "DFW"}
    assert all(p.at == homes[p.colour] and p.seats == 1 and p.speed == 3 and p.routes == [p.colour]
               for p in st.planes)


@pytest.mark.parametrize(("players", "cards", "absent"), [(2, 42, {"JFK", "SEA"}), (3, 56, {"SEA"}), (4, 72, set()),
                                                           (5, 72, set())])
def test_deck_removals(players: int, cards: int, absent: set[str]) -> None:
    st = start(players)
    deck = all_cards(st)
    assert len(deck) == len(set(deck)) == cards
    assert not any(code in card for card in deck for code in absent)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_starting_passenger_per_pilot_face_up_at_home(players: int) -> None:
    st = start(players)
    for plane in st.planes:
        face_up = [c for c in st.airports[plane.at] if c.face_up]
        assert len(face_up) == 1 and face_up[0].origin == plane.at


@pytest.mark.parametrize(("players", "piles", "draw"), [(2, [3, 10, 27], 1), (3, [6, 15, 32], 2),
                                                        (4, [12, 20, 35], 3), (5, [12, 30, 24], 4)])
def test_piles_and_the_first_morning_draw(players: int, piles: list[int], draw: int) -> None:
    st = start(players)
    assert [len(p) for p in st.piles] == [piles[0] - draw, piles[1], piles[2]]
    face_down = [c for cards in st.airports.values() for c in cards if not c.face_up]
    assert len(face_down) == draw and all(c in st.airports[c.origin] for c in face_down)


@pytest.mark.parametrize(("players", "weather"), [(2, 2), (3, 4), (4, 6), (5, 6)])
def test_weather_per_stage_alternates_storm_and_tailwind(players: int, weather: int) -> None:
    st = start(players)
    assert [len(p) for p in st.weather_piles] == [weather] * 3
    assert [t.kind for t in st.weather] == ["storm", "tailwind"] * (weather // 2)
    assert [t.route for t in st.weather] == st.weather_piles[0]
    every = [r for pile in st.weather_piles for r in pile]
    assert len(every) == len(set(every))


def test_starting_upgrade_seat_or_speed() -> None:
    st = start(3)
    assert {d.seat for d in GAME.pending(st)} == {0, 1, 2}
    st, _ = act(st, 0, "start:seat")
    st, _ = act(st, 1, "start:speed")
    assert (st.planes[0].seats, st.planes[0].speed) == (2, 3)
    assert (st.planes[1].seats, st.planes[1].speed) == (1, 4)
    assert st.supply["seat"] == 17 and st.supply["speed"] == 14
    assert st.phase == "setup" and [d.seat for d in GAME.pending(st)] == [2]
    st, _ = act(st, 2, "start:seat")
    assert st.phase == "flight"
    assert all(c.face_up for cards in st.airports.values() for c in cards)
    assert [p.moves_left for p in st.planes] == [3, 4, 3]


def test_two_pilots_also_take_a_route_upgrade() -> None:
    st = start(2)
    st, _ = act(st, 0, "start:speed")
    assert "route:green" not in ids(st, 0) and "route:orange" in ids(st, 0)
    assert "route:blue" not in ids(st, 0)  # no blue route on the small side
    st, _ = act(st, 0, "route:red")
    assert st.planes[0].routes == ["green", "red"] and st.supply["route:red"] == 1
    with pytest.raises(IllegalAction):
        act(st, 0, "route:purple")
    st, _ = act(st, 1, "start:seat", "route:green")
    assert st.phase == "flight"


def test_vips_dealt_into_their_stage_piles() -> None:
    for players, count in [(2, 4), (3, 5), (4, 6), (5, 7)]:
        st = start(players, vips="on")
        drawn = [c for cards in st.airports.values() for c in cards if c.vip]
        waiting = [c for p in st.piles for c in p if c.startswith("vip:")]
        assert len(drawn) + len(waiting) == count and sorted(waiting) == sorted(st.vip_cards)
        for stage, pile in enumerate(st.piles):
            assert all(st.vip_cards[c].stage == stage for c in pile if c.startswith("vip:"))
        for vip in [*drawn, *st.vip_cards.values()]:
            assert vip.origin in st.airports and vip.dest in st.airports and vip.origin != vip.dest
    assert not [c for p in start(2).piles for c in p if c.startswith("vip:")]


def test_same_seed_same_setup() -> None:
    assert start(4, 9).model_dump_json() == start(4, 9).model_dump_json()
    assert start(4, 9).model_dump_json() != start(4, 10).model_dump_json()
