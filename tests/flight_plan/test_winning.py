"""The three winning conditions (with nothing deactivated), the last airline standing and the round cap."""

from __future__ import annotations

from engine.flight_plan.data import catalog
from engine.flight_plan.game import GAME
from engine.flight_plan.mechanics import six_regions, win_reason
from tests.flight_plan.helpers import QUIET, give, play, play_state, stack

# A connected network through London, New York, Johannesburg and Dubai reaching all six regions:
# 63 New York-London, 80 London-Nairobi (AF), 75 London-Dubai (ME), 97 London-Singapore (AP), 65 Atlanta-Sao Paulo
# needs Atlanta: 5 Dallas-Atlanta and 91 Dallas-Sydney join... simpler: 93 New York-Johannesburg, 73 Buenos
# Aires-Johannesburg (SA).
SIX = (63, 80, 75, 97, 93, 73)


def test_six_regions_connected() -> None:
    st = play_state()
    give(st, 0, routes=SIX)
    assert six_regions(st.airlines[0])
    assert win_reason(st.airlines[0]) == "six regions"


def test_six_regions_must_be_one_network() -> None:
    st = play_state()
    give(st, 0, routes=(63, 80, 75, 97, 7))  # Buenos Aires-Santiago is not joined to the rest
    assert not six_regions(st.airlines[0])


def test_hubs_in_three_regions() -> None:
    st = play_state()
    give(st, 0, routes=(63, 75), hubs=("NYC", "LON", "DXB"))
    assert win_reason(st.airlines[0]) == "three hub regions"
    st.airlines[0].hubs = ["LON", "PAR", "FRA"]
    assert win_reason(st.airlines[0]) is None, "three hubs in one region are not three regions"


def test_short_haul_of_two_regions() -> None:
    cat = catalog()
    shorts = [n for n, r in cat.routes.items() if r.cls == "short" and cat.region(n) in ("EU", "AF")]
    st = play_state()
    give(st, 0, routes=tuple(shorts))
    assert win_reason(st.airlines[0]) == "short-haul sweep"
    st.airlines[0].routes.remove(shorts[0])
    assert win_reason(st.airlines[0]) is None


def test_nothing_may_be_deactivated() -> None:
    st = play_state()
    give(st, 0, routes=SIX, fleets=("cargo",))
    st.airlines[0].off["fleet:cargo"] = 9
    assert win_reason(st.airlines[0]) is None


def test_win_ends_the_game_at_once() -> None:
    st = play_state()
    give(st, 0, routes=(63, 75, 11), hubs=("NYC", "LON"))
    st, events = play(st, 0, "hub:DXB")
    assert st.phase == "over" and st.winners == [0] and st.ending == "three hub regions"
    assert GAME.pending(st) == []
    result = GAME.result(st)
    assert result is not None and result.winners == [0] and "hubs in three regions" in result.summary


def test_reactivation_can_bring_the_win() -> None:
    st = play_state(players=2)
    give(st, 1, routes=(63, 75), hubs=("NYC", "LON", "DXB"))
    st.airlines[1].off["hub:DXB"] = 2  # back at the start of Player 2's second turn
    stack(st, QUIET)
    st, _ = play(st, 0, "pass")
    assert st.phase == "over" and st.winners == [1]


def test_last_airline_flying_wins() -> None:
    from engine.flight_plan.mechanics import charge

    st = play_state(players=2)
    st.airlines[1].cash = 0
    charge(st, 1, 10, 0, "a test debt")
    GAME.settle(st)
    assert st.phase == "over" and st.winners == [0] and st.ending == "last airline"


def test_no_round_cap_by_default_the_book_plays_until_someone_wins() -> None:
    st = play_state(players=2)
    st.round, st.turn = 500, 1
    give(st, 0, routes=(63,))
    stack(st, QUIET)
    st, _ = play(st, 1, "pass")
    assert st.phase == "play" and st.round == 501 and st.turn == 0, "round 501 starts: no cap"


def test_the_round_cap_is_a_named_house_rule_off_by_default() -> None:
    spec = next(s for s in GAME.option_specs if s.key == "round_cap")
    assert spec.default == "off" and "house rule" in spec.label.lower()
    assert GAME.check_options(2, {})["round_cap"] == "off"
    assert GAME.check_options(2, {"round_cap": "60"})["round_cap"] == "60"


def test_round_cap_when_chosen_gives_the_game_to_the_richest() -> None:
    st = play_state(players=2)
    st.options = {**st.options, "round_cap": "60"}
    st.round = 60
    st.turn = 1
    give(st, 0, routes=(63,))
    st, events = play(st, 1, "pass")
    assert st.phase == "over" and st.ending == "round cap" and st.winners == [0]
    assert "house rule" in events[-1].text
