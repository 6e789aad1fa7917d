"""Setup by player count: board side, the planes the pilots take, deck removals, starting passengers, piles, weather
placed by the team, upgrades."""

from __future__ import annotations

import pytest

from engine.core.contract import TIMEOUT, IllegalAction
from engine.core.play import dump_state, new_game
from engine.core.table import table_for
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.now_boarding.helpers import act, ids

HOMES = {"green": "ATL", "orange": "LAX", "red": "ORD", "blue": "SEA", "purple": "DFW"}


def start(players: int, seed: int = 3, vips: str = "off") -> NBState:
    st = new_game(GAME, players, seed, {"vips": vips})
    assert isinstance(st, NBState)
    return st


def suggested(st: NBState, seat: int) -> str:
    return next(o.id for d in GAME.pending(st) if d.seat == seat for o in d.options)


def ready(players: int, seed: int = 3, vips: str = "off") -> NBState:
    """Every pilot takes the plane suggested to them and a 2nd seat (with two pilots, also the first route colour
    listed): the table is dealt and waits for its Morning weather."""
    st = start(players, seed, vips)
    for seat in range(players):
        st, _ = act(st, seat, suggested(st, seat), "start:seat")
        if players == 2:
            st, _ = act(st, seat, ids(st, seat)[0])
    return st


def all_cards(st: NBState) -> list[str]:
    return ([c for p in st.piles for c in p] + list(st.out_of_play)
            + [c.id for cards in st.airports.values() for c in cards])


@pytest.mark.parametrize(("players", "side", "colours"), [
    (2, "small", ["green", "orange"]), (3, "small", ["green", "orange", "red"]),
    (4, "large", ["green", "orange", "red", "blue"]), (5, "large", ["green", "orange", "red", "blue", "purple"]),
])
def test_board_side_and_the_suggested_planes(players: int, side: str, colours: list[str]) -> None:
    st = start(players)
    assert st.side == side and ("SEA" in st.airports) == (side == "large")
    assert [suggested(st, s) for s in range(players)] == [f"plane:{c}" for c in colours]
    st = ready(players)
    assert [p.colour for p in st.planes] == colours
    assert all(p.at == HOMES[p.colour] and p.speed == 3 and p.routes[0] == p.colour for p in st.planes)


def test_pilots_choose_their_planes_first_come_first_served() -> None:
    st = start(3)
    assert [d.kind for d in GAME.pending(st)] == ["plane"] * 3
    assert set(ids(st, 1)) == {"plane:green", "plane:orange", "plane:red", "plane:purple"}  # no Seattle here
    st, events = act(st, 1, "plane:purple")
    assert (st.planes[1].colour, st.planes[1].at, st.planes[1].routes) == ("purple", "DFW", ["purple"])
    assert events[0].text == "Player 2 takes the purple plane (P) at DFW."
    assert "plane:purple" not in ids(st, 0) and "plane:purple" not in ids(st, 2)
    assert ids(st, 1) == ["start:seat", "start:speed"]  # that pilot goes on to the starting upgrade
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="Player 2 has taken the purple plane already"):
        act(st, 2, "plane:purple")
    with pytest.raises(IllegalAction, match="SEA, is not on this map"):
        act(st, 2, "plane:blue")
    with pytest.raises(IllegalAction, match="Take a plane first"):
        act(st, 2, "start:seat")
    assert dump_state(st) == before


def test_four_pilots_can_fly_purple() -> None:
    st = start(4)
    assert "plane:purple" in ids(st, 0)
    for seat, colour in enumerate(["purple", "green", "blue", "orange"]):
        st, _ = act(st, seat, f"plane:{colour}", "start:speed")
    assert st.phase == "weather"
    assert [(p.colour, p.at) for p in st.planes] == [("purple", "DFW"), ("green", "ATL"), ("blue", "SEA"),
                                                     ("orange", "LAX")]
    assert [c.origin for c in st.airports["DFW"] if c.face_up] == ["DFW"]  # its first passenger waits at Dallas
    assert not [c for c in st.airports["ORD"] if c.face_up]  # nobody took red: no starting passenger at Chicago


def test_a_taken_suggestion_moves_on_to_a_free_plane() -> None:
    st = start(3)
    st, _ = act(st, 0, "plane:orange")
    assert suggested(st, 1) == "plane:green"  # orange was taken; red stays the third pilot's
    assert suggested(st, 2) == "plane:red"
    labels = [o.label for d in GAME.pending(st) if d.seat == 1 for o in d.options]
    assert labels[0] == "Take the green plane (G) at ATL, suggested" and not any("suggested" in x for x in labels[1:])


def test_passengers_are_dealt_once_every_plane_has_its_home() -> None:
    st = start(3)
    assert not all_cards(st)
    st, _ = act(st, 0, "plane:green", "start:seat")
    st, _ = act(st, 1, "plane:orange", "start:seat")
    assert not all_cards(st) and st.phase == "setup"
    st, events = act(st, 2, "plane:red", "start:seat")
    assert len(all_cards(st)) == 56 and any("first passengers" in e.text for e in events)


def test_a_setup_timeout_gives_every_pilot_still_choosing_the_suggested_plane() -> None:
    st = start(3)
    st, _ = act(st, 1, "plane:green")
    st, _ = act(st, 0, TIMEOUT)
    assert [p.colour for p in st.planes] == ["orange", "green", "red"] and st.phase == "weather"


@pytest.mark.parametrize(("players", "cards", "absent"), [(2, 42, {"JFK", "SEA"}), (3, 56, {"SEA"}), (4, 72, set()),
                                                           (5, 72, set())])
def test_deck_removals(players: int, cards: int, absent: set[str]) -> None:
    deck = all_cards(ready(players))
    assert len(deck) == len(set(deck)) == cards
    assert not any(code in card for card in deck for code in absent)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_starting_passenger_per_pilot_face_up_at_home(players: int) -> None:
    st = ready(players)
    for plane in st.planes:
        face_up = [c for c in st.airports[plane.at] if c.face_up]
        assert len(face_up) == 1 and face_up[0].origin == plane.at


@pytest.mark.parametrize(("players", "piles", "draw"), [(2, [3, 10, 27], 1), (3, [6, 15, 32], 2),
                                                        (4, [12, 20, 35], 3), (5, [12, 30, 24], 4)])
def test_piles_and_the_first_morning_draw(players: int, piles: list[int], draw: int) -> None:
    st = ready(players)
    assert [len(p) for p in st.piles] == [piles[0] - draw, piles[1], piles[2]]
    face_down = [c for cards in st.airports.values() for c in cards if not c.face_up]
    assert len(face_down) == draw and all(c in st.airports[c.origin] for c in face_down)


def place_all(st: NBState) -> NBState:
    """Every weather token of the stage on the first space its chooser is offered."""
    while st.phase == "weather":
        [decision] = GAME.pending(st)
        st, _ = act(st, decision.seat, decision.options[0].id)
    return st


@pytest.mark.parametrize(("players", "weather"), [(2, 2), (3, 4), (4, 6), (5, 6)])
def test_weather_per_stage_alternates_storm_and_tailwind(players: int, weather: int) -> None:
    st = ready(players)
    assert [len(p) for p in st.weather_piles] == [weather] * 3
    every = [r for pile in st.weather_piles for r in pile]
    assert len(every) == len(set(every))
    st = place_all(st)
    assert st.phase == "flight"
    assert [t.kind for t in st.weather] == ["storm", "tailwind"] * (weather // 2)
    assert [f"wx:{t.route}" for t in st.weather] == st.weather_piles[0]


def test_the_team_places_each_weather_token_on_any_space_of_its_route() -> None:
    st = ready(3, seed=4)
    st.weather, st.weather_left = [], ["wx:LAX-MIA", "wx:ATL-DEN", "wx:LAX-SFO", "wx:JFK-ORD"]  # 4 spaces, 3, 1, 2
    [decision] = GAME.pending(st)
    assert (decision.seat, decision.kind) == (0, "weather")  # the pilots take turns, token by token
    assert [o.id for o in decision.options] == ["weather:1", "weather:2", "weather:3", "weather:4"]
    assert decision.options[3].label == "Put the storm 4 spaces out of LAX on LAX\u2013MIA"
    assert "where on LAX\u2013MIA does the storm go?" in decision.prompt
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="not your turn"):
        act(st, 1, "weather:2")
    with pytest.raises(IllegalAction, match="between the route's two airports"):
        act(st, 0, "weather:5")
    assert dump_state(st) == before
    st, events = act(st, 0, "weather:4")
    assert st.weather[-1].model_dump() == {"route": "LAX-MIA", "space": 4, "kind": "storm"}
    assert events[0].text == "Player 1 puts the storm 4 spaces out of LAX on LAX\u2013MIA."
    assert GAME.view(st, None)["placing"] == {"card": "wx:ATL-DEN", "route": "ATL-DEN", "kind": "tailwind",
                                              "seat": 1, "left": 3}
    st, events = act(st, 1, "weather:1")
    # LAX-SFO has a single space: its storm goes there with nobody asked; JFK-ORD's tailwind is the third pilot's.
    assert [t.space for t in st.weather] == [4, 1, 1] and "only space of LAX\u2013SFO" in events[-1].text
    [decision] = GAME.pending(st)
    assert (decision.seat, decision.kind) == (0, "weather") and st.weather_left == ["wx:JFK-ORD"]


def test_only_the_weather_card_on_the_table_is_shown() -> None:
    st = ready(4)
    view = GAME.view(st, None)
    assert view["placing"]["card"] == st.weather_left[0] and view["placing"]["left"] == 6
    later = {*st.weather_left[1:], *st.weather_piles[1], *st.weather_piles[2]}
    assert GAME.secrets(st)[None] >= later and st.weather_left[0] not in GAME.secrets(st)[None]
    assert not any(card in str(view) for card in later)


def test_the_book_puts_no_clock_on_placing_weather() -> None:
    st = new_game(GAME, 3, 4, {"vips": "off", "timer": "book"})
    for seat in range(3):
        st, _ = act(st, seat, suggested(st, seat), "start:seat")  # type: ignore[arg-type]
    assert isinstance(st, NBState) and st.phase == "weather"
    assert table_for(GAME).clock(st) is None and "time runs out" not in GAME.pending(st)[0].prompt


def test_the_weather_clock_house_rule_places_the_token_on_the_middle_space() -> None:
    st = new_game(GAME, 3, 4, {"vips": "off", "timer": "book", "weather_clock": "on"})
    for seat in range(3):
        st, _ = act(st, seat, suggested(st, seat), "start:seat")  # type: ignore[arg-type]
    assert isinstance(st, NBState)
    st.weather, st.weather_left = [], ["wx:LAX-MIA", "wx:ATL-DEN"]
    assert table_for(GAME).clock(st) == ("weather:1:0:0", 15.0)
    assert "if time runs out it goes 2 spaces out of LAX" in GAME.pending(st)[0].prompt
    st, events = act(st, 0, TIMEOUT)
    assert st.weather[-1].space == 2 and "Time is up" in events[0].text
    assert table_for(GAME).clock(st) == ("weather:1:0:1", 15.0)  # the next token gets a clock of its own
    st, _ = act(st, 1, "weather:3")
    assert st.phase == "flight" and table_for(GAME).clock(st) == ("flight:1", 15.0)


def test_starting_upgrade_seat_or_speed() -> None:
    st = start(3)
    for seat in range(3):
        st, _ = act(st, seat, suggested(st, seat))
    assert {d.seat for d in GAME.pending(st)} == {0, 1, 2}
    st, _ = act(st, 0, "start:seat")
    st, _ = act(st, 1, "start:speed")
    assert (st.planes[0].seats, st.planes[0].speed) == (2, 3)
    assert (st.planes[1].seats, st.planes[1].speed) == (1, 4)
    assert st.supply["seat"] == 17 and st.supply["speed"] == 14
    assert st.phase == "setup" and [d.seat for d in GAME.pending(st)] == [2]
    st, _ = act(st, 2, "start:seat")
    st = place_all(st)
    assert st.phase == "flight"
    assert all(c.face_up for cards in st.airports.values() for c in cards)
    assert [p.moves_left for p in st.planes] == [3, 4, 3]


def test_two_pilots_also_take_a_route_upgrade() -> None:
    st = start(2)
    st, _ = act(st, 0, "plane:green", "start:speed")
    assert "route:green" not in ids(st, 0) and "route:orange" in ids(st, 0)
    assert "route:blue" not in ids(st, 0)  # no blue route on the small side
    st, _ = act(st, 0, "route:red")
    assert st.planes[0].routes == ["green", "red"] and st.supply["route:red"] == 1
    with pytest.raises(IllegalAction):
        act(st, 0, "route:purple")
    st, _ = act(st, 1, "plane:orange", "start:seat", "route:green")
    assert st.phase == "weather"


def test_vips_dealt_into_their_stage_piles() -> None:
    for players, count in [(2, 4), (3, 5), (4, 6), (5, 7)]:
        st = ready(players, vips="on")
        drawn = [c for cards in st.airports.values() for c in cards if c.vip]
        waiting = [c for p in st.piles for c in p if c.startswith("vip:")]
        assert len(drawn) + len(waiting) == count and sorted(waiting) == sorted(st.vip_cards)
        for stage, pile in enumerate(st.piles):
            assert all(st.vip_cards[c].stage == stage for c in pile if c.startswith("vip:"))
        for vip in [*drawn, *st.vip_cards.values()]:
            assert vip.origin in st.airports and vip.dest in st.airports and vip.origin != vip.dest
    assert not [c for p in ready(2).piles for c in p if c.startswith("vip:")]


def test_same_seed_same_setup() -> None:
    assert ready(4, 9).model_dump_json() == ready(4, 9).model_dump_json()
    assert ready(4, 9).model_dump_json() != ready(4, 10).model_dump_json()


def test_a_game_stored_before_pilots_chose_their_planes_still_loads() -> None:
    """A stored state of the earlier engine: planes given at the start, passengers dealt, no weather to place."""
    st = ready(3)
    raw = st.model_dump()
    for key in ("dealt", "weather_left", "stage_rounds", "stage_began"):
        raw.pop(key)
    old = NBState.model_validate(raw)
    assert old.dealt and old.weather_left == [] and old.stage_began == 0
    old.phase = "flight"
    assert GAME.pending(old)[0].prompt.startswith("Round 1 · Morning:")
