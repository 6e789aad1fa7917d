"""A test per briefing effect kind: each card is stacked on the deck and drawn at the start of Player 2's turn."""

from __future__ import annotations

from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import QUIET, give, ids, play, play_state, stack, texts


def draw_for_seat_1(st: FPState, design: str) -> tuple[FPState, str]:
    stack(st, design)
    st, events = play(st, 0, "pass")
    return st, texts(events)


def test_cash_gain_and_fine() -> None:
    st, log = draw_for_seat_1(play_state(), "b06")  # +50
    assert st.airlines[1].cash == 550 and "Government grant" in log
    st, _ = draw_for_seat_1(play_state(), "b11")  # -25
    assert st.airlines[1].cash == 475


def test_per_route_counts_active_routes_of_the_class() -> None:
    st = play_state()
    give(st, 1, routes=(11, 12, 43))
    st.airlines[1].off["route:12"] = 99
    st, _ = draw_for_seat_1(st, "b13")  # +5 per active short-haul route
    assert st.airlines[1].cash == 505


def test_per_route_cargo_and_any() -> None:
    st = play_state()
    give(st, 1, routes=(12, 75, 11))  # two cargo routes
    st, _ = draw_for_seat_1(st, "b17")  # +10 per cargo route
    assert st.airlines[1].cash == 520
    st = play_state()
    give(st, 1, routes=(12, 75, 11))
    st, _ = draw_for_seat_1(st, "b18")  # -5 per route
    assert st.airlines[1].cash == 485


def test_per_fleet_and_per_hub() -> None:
    st = play_state()
    give(st, 1, fleets=("short", "long"))
    st, _ = draw_for_seat_1(st, "b21")  # -10 per fleet
    assert st.airlines[1].cash == 480
    st = play_state()
    give(st, 1, routes=(11,), hubs=("LON", "PAR"))
    st, _ = draw_for_seat_1(st, "b23")  # +20 per hub
    assert st.airlines[1].cash == 540


def test_a_strike_charges_every_asset_owned_active_or_not() -> None:
    st = play_state()
    give(st, 1, routes=(11, 12), fleets=("short",), hubs=("LON",))
    st.airlines[1].off["route:12"] = 99
    st, log = draw_for_seat_1(st, "b10")  # -40 for each of four assets
    assert st.airlines[1].cash == 500 + 10 - 160 and "Strike" in log  # route 11 earned $10M first


def test_lenders_charge_each_deactivated_asset_and_can_ruin_an_airline() -> None:
    st = play_state()
    give(st, 1, routes=(11, 12))
    st.airlines[1].off = {"route:11": 99, "route:12": 99}
    st.airlines[1].cash = 150
    st, _ = draw_for_seat_1(st, "b09")  # -100 for each deactivated asset: $200M, with nothing left to deactivate
    assert st.airlines[1].out, "a few briefings can ruin an over-extended airline"
    st = play_state()
    give(st, 1, routes=(11,))
    st, _ = draw_for_seat_1(st, "b48")  # nothing deactivated: nothing to pay
    assert st.airlines[1].cash == 500


def test_each_player_collect_and_pay() -> None:
    st, _ = draw_for_seat_1(play_state(), "b25")  # collect 10 from each
    assert [a.cash for a in st.airlines] == [490, 520, 490]
    st, _ = draw_for_seat_1(play_state(), "b26")  # pay 10 to each
    assert [a.cash for a in st.airlines] == [510, 480, 510]


def test_lose_turn() -> None:
    st = play_state()
    stack(st, "b29", QUIET)
    st, log = play(st, 0, "pass")
    assert st.turn == 2, "Player 2 lost the turn: play went on to Player 3"
    assert "Volcanic ash" in texts(log)


def test_send_to_a_city_with_own_routes() -> None:
    st = play_state()
    give(st, 1, routes=(63,))
    st.airlines[1].city = "NYC"
    st, _ = draw_for_seat_1(st, "b31")  # diverted to London
    assert st.airlines[1].city == "LON" and not st.stranded


def test_send_to_a_city_without_own_routes_strands_and_lifts_the_limit() -> None:
    st = play_state(cash=700)
    give(st, 1, routes=(63,))  # NA and EU
    st, log = draw_for_seat_1(st, "b32")  # Dubai
    a = st.airlines[1]
    assert a.city == "DXB" and st.stranded and a.unrestricted
    offered = ids(st, 1)
    assert offered and all(i.startswith("buy:") or i in ("cash", "trade") for i in offered), "must buy a way out"
    assert "buy:84" in offered, "a third region is allowed now"
    st, _ = play(st, 1, "buy:84")
    assert not st.stranded and st.step == "after_buy"


def test_ground_deactivates_a_fleet_without_cash() -> None:
    st = play_state()
    give(st, 1, routes=(11,), fleets=("short",))
    st, log = draw_for_seat_1(st, "b37")
    a = st.airlines[1]
    assert "fleet:short" in a.off and a.cash == 510, "revenue came first; grounding pays nothing"
    st = play_state()
    st, log = draw_for_seat_1(st, "b37")
    assert "no active short-haul fleet" in log


def test_revenue_change_lasts_the_next_turns() -> None:
    st = play_state(players=2)
    stack(st, "b43")  # +20 on the next two turns
    st, _ = play(st, 0, "pass")
    assert st.airlines[1].cash == 500 and st.airlines[1].effects
    gains = []
    for _ in range(3):
        cash = st.airlines[1].cash
        stack(st, QUIET, QUIET)
        st, _ = play(st, 1, "pass")  # Player 2 passes; Player 1's turn, then Player 2's next turn begins
        st, _ = play(st, 0, "pass")
        gains.append(st.airlines[1].cash - cash)
    assert gains == [20 + 10, 20 + 10, 10], "+$20M on each of the next two turns, besides the $10M briefings"
    assert not st.airlines[1].effects


def test_negative_revenue_change_can_force_a_debt() -> None:
    st = play_state(players=2, cash=0)
    give(st, 1, routes=(11,))
    stack(st, "b45")  # -15 on the next two turns
    st.airlines[1].cash = 20
    st, _ = play(st, 0, "pass")
    assert st.airlines[1].cash == 20
    stack(st, QUIET, QUIET)
    st.airlines[1].cash = 0
    st, _ = play(st, 1, "pass")
    st, _ = play(st, 0, "pass")
    assert st.debts and st.debts[0].debtor == 1, "$15M owed with no cash: deactivation comes first"
