"""The flight phase: moving, weather, boarding, dropping off, delivering, temporary tokens, Done and the timer."""

from __future__ import annotations

import pytest

from engine.core.contract import TIMEOUT, IllegalAction
from engine.core.play import dump_state
from engine.core.table import table_for
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.now_boarding.helpers import act, bare, end_flight, ids, pax, storm, tailwind, timeout


def test_every_pilot_has_an_open_decision_at_once() -> None:
    st = bare(3)
    assert [(d.seat, d.kind) for d in GAME.pending(st)] == [(0, "flight"), (1, "flight"), (2, "flight")]
    st, _ = act(st, 1, "fly:SFO")
    assert [d.seat for d in GAME.pending(st)] == [0, 1, 2]


def test_move_up_to_speed_over_several_flights() -> None:
    st = bare()
    st, _ = act(st, 0, "fly:MIA")  # ATL-MIA has one space: two moves
    assert st.planes[0].at == "MIA" and st.planes[0].moves_left == 1
    assert "fly:ATL" not in ids(st, 0) and "fly:ATL-MIA.1" in ids(st, 0)
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="with 1 move left"):
        act(st, 0, "fly:ATL")
    assert dump_state(st) == before
    st, _ = act(st, 0, "fly:ATL-MIA.1")
    assert st.planes[0].moves_left == 0 and [i for i in ids(st, 0) if i.startswith("fly:")] == []


def labels(st: NBState, seat: int) -> dict[str, str]:
    return {o.id: o.label for d in GAME.pending(st) if d.seat == seat for o in d.options}


def test_a_plane_may_stop_on_any_space_it_can_reach() -> None:
    st = bare()
    flights = {i: c for i, c in ((i, labels(st, 0)[i]) for i in ids(st, 0)) if i.startswith("fly:")}
    # Green at ATL with 3 moves: the first and second spaces toward Denver too, not only the farthest one.
    assert {"fly:ATL-DEN.1", "fly:ATL-DEN.2", "fly:ATL-DEN.3", "fly:ATL-JFK.1", "fly:ATL-MIA.1"} <= set(flights)
    assert {"fly:MIA", "fly:JFK", "fly:DFW", "fly:ORD"} <= set(flights)
    assert "fly:DEN" not in flights  # four moves away
    st, events = act(st, 0, "fly:ATL-DEN.1")
    assert st.planes[0].at == "ATL-DEN.1" and st.planes[0].moves_left == 2
    assert events[0].text == "Player 1 flew from ATL to 1 space out of ATL on ATL\u2013DEN."
    prompt = next(d.prompt for d in GAME.pending(st) if d.seat == 0)
    assert "your plane at ATL\u2013DEN (1 space from ATL, 3 from DEN), 2 moves left" in prompt
    st, _ = act(st, 0, "fly:ATL-DEN.2")
    assert st.planes[0].at == "ATL-DEN.2" and st.planes[0].moves_left == 1


def test_a_space_is_named_by_its_distance_from_the_plane() -> None:
    st = bare()
    orange = labels(st, 1)  # at LAX: DFW-LAX.1 is the third space out of Los Angeles
    assert orange["fly:DFW-LAX.1"] == "Fly 3 spaces out of LAX on LAX\u2013DFW (3 moves)"
    assert orange["fly:DFW-LAX.3"] == "Fly 1 space out of LAX on LAX\u2013DFW (1 move)"
    st.planes[1].at = "DFW-LAX.2"  # on the route already: counted from the airport behind it
    orange = labels(st, 1)
    assert orange["fly:DFW-LAX.1"] == "Fly 3 spaces out of LAX on LAX\u2013DFW (1 move)"
    assert orange["fly:DFW-LAX.3"] == "Fly 3 spaces out of DFW on DFW\u2013LAX (1 move)"
    st.planes[0].at, st.planes[0].moves_left = "DEN", 4  # in by the far end: ATL-DEN.3 is DEN's first space
    assert labels(st, 0)["fly:ATL-DEN.3"] == "Fly 1 space out of DEN on DEN\u2013ATL (1 move)"


def test_a_tailwind_space_is_flown_over_and_never_a_stop() -> None:
    st = bare()
    st.weather = [tailwind("ATL-DEN", 2)]
    assert "fly:ATL-DEN.2" not in ids(st, 0) and "fly:ATL-DEN.3" in ids(st, 0)
    assert labels(st, 0)["fly:ATL-DEN.3"] == "Fly 3 spaces out of ATL on ATL\u2013DEN (2 moves)"
    assert "fly:DEN" in ids(st, 0)  # three moves now: the covered space costs none
    before = dump_state(st)
    with pytest.raises(IllegalAction, match="tailwind covers that space"):
        act(st, 0, "fly:ATL-DEN.2")
    assert dump_state(st) == before


@pytest.mark.parametrize(("start", "near", "far"), [("ATL", "ATL-MIA.1", "ATL-MIA.1s"),
                                                    ("MIA", "ATL-MIA.1s", "ATL-MIA.1")])
def test_a_storm_is_two_spaces_and_one_move_enters_its_first_half(start: str, near: str, far: str) -> None:
    st = bare()
    st.planes[0].at, st.planes[0].moves_left = start, 1
    st.weather = [storm("ATL-MIA", 1)]
    flights = [i for i in ids(st, 0) if i.startswith("fly:")]
    assert f"fly:{near}" in flights and f"fly:{far}" not in flights and "fly:MIA" not in flights
    other = "MIA" if start == "ATL" else "ATL"
    name = f"{start}\u2013{other}"
    assert labels(st, 0)[f"fly:{near}"] == f"Fly 1 space out of {start} on {name} in the storm (1 move)"
    st.planes[0].moves_left = 3
    assert labels(st, 0)[f"fly:{far}"] == f"Fly 2 spaces out of {start} on {name} in the storm (2 moves)"
    assert labels(st, 0)[f"fly:{other}"] == f"Fly to {other} (3 moves)"
    st.planes[0].moves_left = 1
    st, _ = act(st, 0, f"fly:{near}")
    assert st.planes[0].at == near and st.planes[0].moves_left == 0
    st.planes[0].moves_left = 1
    st, _ = act(st, 0, f"fly:{far}")
    assert st.planes[0].at == far


def test_a_plane_in_a_storm_that_ends_is_on_that_space_again() -> None:
    st = bare()
    st.weather = [storm("ATL-MIA", 1)]
    st, _ = act(st, 0, "fly:ATL-MIA.1s")
    st.piles[0] = []  # the Morning ends at this maintenance, and its weather with it
    st, _ = end_flight(st)
    assert st.stage == 1 and st.planes[0].at == "ATL-MIA.1"


def test_a_plane_may_stop_between_airports_and_go_on_next_round() -> None:
    st = bare()
    assert "fly:LAX-MIA.3" in ids(st, 1)  # the orange route is five moves long: stop short of MIA
    st, _ = act(st, 1, "fly:LAX-MIA.3")
    st, _ = end_flight(st)
    st, _ = end_flight(st) if st.phase == "maintenance" else (st, [])
    assert st.phase == "flight" and st.planes[1].at == "LAX-MIA.3" and st.planes[1].moves_left == 3
    st, _ = act(st, 1, "fly:MIA")
    assert st.planes[1].at == "MIA"


def test_coloured_routes_need_that_colour() -> None:
    st = bare()
    assert "fly:DFW" in ids(st, 0)  # green ATL-DFW, two spaces
    st.planes[0].routes = []
    assert "fly:DFW" not in ids(st, 0) and "fly:ATL-DFW.1" not in ids(st, 0)
    with pytest.raises(IllegalAction):
        act(st, 0, "fly:DFW")
    assert "fly:DEN" in ids(st, 1)  # orange LAX-DEN is open to the orange plane...
    st.planes[1].at = "DEN"
    assert "fly:SFO" in ids(st, 1) and not [i for i in ids(st, 1) if "DEN-DFW" in i or "DFW" in i]  # ...not purple


@pytest.mark.parametrize(("start", "goal"), [("ATL", "MIA"), ("MIA", "ATL")])
def test_a_storm_costs_one_more_move_both_ways(start: str, goal: str) -> None:
    st = bare()
    st.planes[0].at = start
    st.weather = [storm("ATL-MIA", 1)]
    st, _ = act(st, 0, f"fly:{goal}")
    assert st.planes[0].moves_left == 0


@pytest.mark.parametrize(("start", "goal"), [("ATL", "JFK"), ("JFK", "ATL")])
def test_a_tailwind_skips_a_space_both_ways(start: str, goal: str) -> None:
    st = bare()
    st.planes[0].at = start
    st.weather = [tailwind("ATL-JFK", 1)]
    st, _ = act(st, 0, f"fly:{goal}")
    assert st.planes[0].moves_left == 1


def test_a_button_shows_a_passengers_fare_and_anger() -> None:
    st = bare()
    st.planes[0].seats = 2
    st.airports["ATL"] += [pax("ATL", "MIA", anger=2), pax("ATL", "JFK"), pax("ATL", "DEN", vip="nervous", stage=0)]
    assert labels(st, 0)["board:pax:ATL>MIA"] == "Board ATL>MIA ($1, anger 2)"
    assert labels(st, 0)["board:pax:ATL>JFK"] == "Board ATL>JFK ($2)"
    assert labels(st, 0)["board:vip:nervous"] == "Board ATL>DEN (Nervous VIP, $2)"
    st, _ = act(st, 0, "board:pax:ATL>JFK", "fly:ATL-MIA.1", "fly:ATL")
    assert labels(st, 0)["drop:pax:ATL>JFK"] == "Leave ATL>JFK at ATL ($2)"


def test_the_prompt_names_the_round_of_the_stage() -> None:
    st = bare(4)
    st.stage, st.round, st.stage_began = 2, 11, 10
    prompt = GAME.pending(st)[0].prompt
    assert prompt.startswith("Round 11 · Evening, 2 of 7: your plane at ATL, 3 moves left.")
    st.planes[0].moves_left = 1
    assert "1 move left" in GAME.pending(st)[0].prompt


def test_boarding_takes_a_seat_and_removes_anger() -> None:
    st = bare()
    st.airports["ATL"] += [pax("ATL", "MIA", anger=3), pax("ATL", "JFK", anger=1)]
    st, _ = act(st, 0, "board:pax:ATL>MIA")
    assert st.planes[0].cargo[0].anger == 0 and [c.id for c in st.airports["ATL"]] == ["pax:ATL>JFK"]
    assert "board:pax:ATL>JFK" not in ids(st, 0)
    with pytest.raises(IllegalAction, match="no free seat"):
        act(st, 0, "board:pax:ATL>JFK")


def test_no_boarding_away_from_an_airport_or_of_someone_elsewhere() -> None:
    st = bare()
    st.airports["MIA"].append(pax("MIA", "ATL"))
    with pytest.raises(IllegalAction, match="not waiting at ATL"):
        act(st, 0, "board:pax:MIA>ATL")
    st, _ = act(st, 0, "fly:ATL-MIA.1")
    with pytest.raises(IllegalAction, match="only at an airport"):
        act(st, 0, "board:pax:MIA>ATL")


def test_delivering_earns_the_fare() -> None:
    st = bare()
    st.airports["ATL"].append(pax("ATL", "MIA"))
    st, _ = act(st, 0, "board:pax:ATL>MIA", "fly:MIA")
    assert "drop:pax:ATL>MIA" in ids(st, 0)
    st, events = act(st, 0, "drop:pax:ATL>MIA")
    plane = st.planes[0]
    assert not plane.cargo and [c.id for c in plane.money] == ["pax:ATL>MIA"] and plane.earned == 1
    assert "delivered ATL>MIA for $1" in events[0].text


def test_dropping_elsewhere_leaves_the_passenger_for_another_plane() -> None:
    st = bare()
    st.planes[1].at = "SFO"
    st.airports["ATL"].append(pax("ATL", "SFO"))
    st, _ = act(st, 0, "board:pax:ATL>SFO")
    with pytest.raises(IllegalAction, match="just boarded at ATL"):
        act(st, 0, "drop:pax:ATL>SFO")
    st, _ = act(st, 0, "fly:ATL-DEN.1", "fly:ATL")  # back where it boarded, having flown: now allowed
    st, _ = act(st, 0, "drop:pax:ATL>SFO")
    assert st.airports["ATL"][0].id == "pax:ATL>SFO" and not st.planes[0].money


def test_connections_between_planes() -> None:
    st = bare()
    st.planes[1].at = "DEN"
    st.planes[1].moves_left = 3
    st.airports["ATL"].append(pax("ATL", "SFO"))
    st, _ = act(st, 0, "board:pax:ATL>SFO")
    st.planes[0].moves_left = 4
    st, _ = act(st, 0, "fly:DEN", "drop:pax:ATL>SFO")
    st, _ = act(st, 1, "board:pax:ATL>SFO", "fly:SFO", "drop:pax:ATL>SFO")
    assert st.planes[1].earned == 4 and st.planes[0].earned == 0


def test_temporary_seat_token_lets_one_more_board() -> None:
    st = bare()
    st.temp["seat"] = 0
    st.airports["ATL"] += [pax("ATL", "MIA"), pax("ATL", "JFK")]
    st, _ = act(st, 0, "board:pax:ATL>MIA")
    assert "board:pax:ATL>JFK" in ids(st, 0)
    st, _ = act(st, 0, "board:pax:ATL>JFK")
    assert len(st.planes[0].cargo) == 2 and st.temp["seat"] is None
    st, _ = act(st, 0, "fly:MIA", "drop:pax:ATL>MIA")
    st.airports["MIA"].append(pax("MIA", "ATL"))
    assert "board:pax:MIA>ATL" not in ids(st, 0)  # still full: one permanent seat, one passenger


def test_temporary_speed_token_gives_one_move_once() -> None:
    st = bare()
    st.temp["speed"] = 1
    assert "boost" not in ids(st, 0) and "boost" in ids(st, 1)
    with pytest.raises(IllegalAction):
        act(st, 0, "boost")
    st, _ = act(st, 1, "boost")
    assert st.planes[1].moves_left == 4 and st.temp["speed"] is None and "boost" not in ids(st, 1)


def test_done_closes_only_that_pilots_decision() -> None:
    st = bare(3)
    st, _ = act(st, 1, "done")
    assert [d.seat for d in GAME.pending(st)] == [0, 2] and st.phase == "flight"
    with pytest.raises(IllegalAction):
        act(st, 1, "fly:SFO")
    st, _ = act(st, 0, "done")
    st, _ = act(st, 2, "done")
    assert st.phase == "flight" and st.round == 2  # nobody had fares to spend, so maintenance went by


def test_timeout_ends_the_flight_for_everyone_and_unused_moves_are_lost() -> None:
    st = bare(3)
    st, _ = act(st, 0, "fly:MIA")
    assert table_for(GAME).timeout(st, 1) == TIMEOUT
    st, events = timeout(st)
    assert "Time is up" in events[0].text
    assert st.phase == "flight" and st.round == 2 and st.planes[0].moves_left == 3 and st.planes[0].at == "MIA"


def test_timeout_does_not_apply_for_a_seat_with_nothing_open() -> None:
    st = bare(2)
    st, _ = act(st, 0, "done")
    assert table_for(GAME).timeout(st, 0) is None and table_for(GAME).timeout(st, 1) == TIMEOUT


@pytest.mark.parametrize(("players", "timer", "seconds"), [(2, "book", 15), (3, "double", 30), (4, "book", 30),
                                                           (5, "double", 60), (4, "relaxed", 120)])
def test_round_clock_by_timer_option(players: int, timer: str, seconds: float) -> None:
    st = bare(players, {"vips": "off", "timer": timer})
    assert table_for(GAME).clock(st) == ("flight:1", seconds)
    st, _ = end_flight(st)
    assert table_for(GAME).clock(st) == ("flight:2", seconds)


def test_no_clock_in_async_play_nor_in_maintenance() -> None:
    assert table_for(GAME).clock(bare(3, {"vips": "off", "timer": "async"})) is None
    st = bare(2, {"vips": "off", "timer": "book"})
    st.planes[0].money = [pax("JFK", "LAX")]
    st, _ = end_flight(st)
    assert st.phase == "maintenance" and table_for(GAME).clock(st) is None
