"""Deactivation, debts that force it, bankruptcy and the bank's auction, and trades between airlines."""

from __future__ import annotations

import pytest

from engine.core.contract import TIMEOUT, IllegalAction
from engine.flight_plan.data import route
from engine.flight_plan.game import GAME
from engine.flight_plan.mechanics import ceil5, charge, deactivation_value
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import QUIET, give, ids, play, play_state, stack, texts


def next_round(st: FPState) -> FPState:
    """Every seat does nothing until seat 0 acts again (quiet briefings)."""
    for _ in range(st.players):
        stack(st, QUIET)
        st, _ = play(st, st.turn, "pass")
    return st


def test_half_price_rounded_up_to_five() -> None:
    assert ceil5(22.5) == 25 and ceil5(20) == 20
    assert deactivation_value("route:11") == 25  # $45M route
    assert deactivation_value("fleet:long") == 75
    assert deactivation_value("hub:LON") == 125


def test_deactivate_for_cash_as_a_free_action() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    st, _ = play(st, 0, "cash")
    assert ids(st, 0) == {"deactivate:route:11", "deactivate:fleet:short", "back"}
    st, events = play(st, 0, "deactivate:fleet:short")
    assert st.airlines[0].cash == 525 and "fleet:short" in st.airlines[0].off
    assert st.step == "action" and st.turn == 0, "deactivating is not the turn's action"
    assert "for three turns" in texts(events)


def test_cannot_deactivate_what_was_bought_this_turn() -> None:
    st = play_state()
    st, _ = play(st, 0, "buy:11")
    assert "cash" not in ids(st, 0)
    st.airlines[0].cash = 0
    give(st, 0, fleets=("short",))
    st, _ = play(st, 0, "cash")
    assert ids(st, 0) == {"deactivate:fleet:short", "back"}


def test_deactivated_asset_sits_out_three_turns() -> None:
    st = play_state(players=2)
    give(st, 0, routes=(11,), fleets=("short",))
    st, _ = play(st, 0, "cash", "deactivate:route:11")
    for _ in range(3):
        cash = st.airlines[0].cash
        st = next_round(st)
        assert "route:11" in st.airlines[0].off
        assert st.airlines[0].cash == cash + 10, "no revenue from the deactivated route, only the $10M briefing"
    cash = st.airlines[0].cash
    st = next_round(st)
    assert "route:11" not in st.airlines[0].off
    assert st.airlines[0].cash == cash + 10 + 10, "it earns again on the fourth turn"


def test_a_debt_forces_deactivation_then_is_paid() -> None:
    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    st.airlines[0].cash = 10
    charge(st, 0, 40, None, "a test fine")
    assert GAME.pending(st)[0].kind == "debt" and GAME.pending(st)[0].seat == 0
    with pytest.raises(IllegalAction):
        play(st, 0, "pass")
    st, _ = play(st, 0, "deactivate:route:11")
    assert st.debts and st.airlines[0].cash == 35, "$35M is not enough yet"
    st, events = play(st, 0, "deactivate:fleet:short")
    assert not st.debts and st.airlines[0].cash == 20
    assert "pays $40M to the bank" in texts(events)
    assert st.step == "action", "then the turn goes on"


def test_bankruptcy_when_nothing_is_left_then_auction() -> None:
    st = play_state(players=3)
    give(st, 0, routes=(11,), fleets=("short",))
    st.airlines[0].off = {"route:11": 9, "fleet:short": 9}
    st.airlines[0].cash = 5
    charge(st, 0, 40, 1, "a test debt")
    events = GAME.settle(st)
    assert st.airlines[0].out and st.airlines[1].cash == 505, "the creditor gets what cash was left"
    assert "bankrupt" in texts(events)
    assert st.auction is not None and st.auction.lots == ["route:11", "fleet:short"]
    # Every solvent airline bids or passes at once: two open decisions, neither the current player's turn.
    decisions = GAME.pending(st)
    assert {d.seat for d in decisions} == {1, 2} and {d.kind for d in decisions} == {"bid"}


def auction_state() -> FPState:
    st = play_state(players=3)
    give(st, 0, routes=(11,))
    st.airlines[0].off = {"route:11": 9}
    st.airlines[0].cash = 0
    st.turn = 1
    charge(st, 0, 40, None, "a test debt")
    GAME.settle(st)
    return st


def test_auction_highest_bid_wins_the_lot() -> None:
    st = auction_state()
    st, _ = play(st, 1, "bid:5")
    assert {d.seat for d in GAME.pending(st)} == {2}, "the high bidder waits"
    st, _ = play(st, 2, "bid:30")
    st, _ = play(st, 1, "pass")
    assert st.auction is None
    assert 11 in st.airlines[2].routes and st.airlines[2].cash == 470
    assert st.turn == 1 and st.step == "action", "the interrupted turn carries on"


def test_auction_lot_nobody_wants_goes_back_to_the_bank() -> None:
    st = auction_state()
    st, _ = play(st, 1, "pass")
    st, events = play(st, 2, TIMEOUT)  # an async auction's clock runs out: a pass
    assert st.auction is None and all(11 not in a.routes for a in st.airlines)
    assert "back to the bank" in texts(events)


def test_auction_bids_limited_by_cash() -> None:
    st = auction_state()
    st.airlines[2].cash = 12
    assert {i for i in ids(st, 2)} == {"bid:5", "pass"}
    assert all(len(d.options) <= 5 for d in GAME.pending(st)), "one row of buttons per bidder"
    with pytest.raises(IllegalAction):
        play(st, 2, "bid:50")


def trade_to(st: FPState, partner: int, asset: str, price: int) -> FPState:
    st, _ = play(st, 0, "trade", f"with:{partner}", f"asset:{asset}", f"price:{price}")
    return st


def test_trade_offer_accepted() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    decisions = {d.seat: d for d in GAME.pending(st)}
    assert decisions[1].kind == "offer" and set(decisions) == {0, 1}
    assert {o.id for o in decisions[1].options} == {"accept", "decline"}
    st, events = play(st, 1, "accept")
    assert 11 in st.airlines[0].routes and 11 not in st.airlines[1].routes
    assert st.airlines[0].cash == 455 and st.airlines[1].cash == 545
    assert st.turn == 0 and st.step == "action", "a trade is not the turn's action"


def test_trade_offer_to_sell_declined() -> None:
    st = play_state()
    give(st, 0, fleets=("long",))
    st = trade_to(st, 2, "fleet:long", 225)
    st, events = play(st, 2, "decline")
    assert st.airlines[0].fleets == ["long"] and st.offer is None
    assert "declines" in texts(events)


def test_trade_offer_expires_at_the_end_of_the_turn() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    st = trade_to(st, 1, "route:11", 45)
    stack(st, QUIET)
    st, events = play(st, 0, "pass")
    assert st.offer is None and "expires" in texts(events)
    with pytest.raises(IllegalAction):
        play(st, 1, "accept")


def test_trade_menu_respects_what_the_buyer_may_own() -> None:
    st = play_state()
    give(st, 0, fleets=("long",), routes=(63,))
    give(st, 1, fleets=("long",), routes=(80,))
    st, _ = play(st, 0, "trade", "with:1")
    offered = ids(st, 0)
    assert "asset:fleet:long" not in offered, "both own a long-haul fleet"
    assert "asset:route:80" not in offered, "London-Nairobi would be a third region for Player 1"
    assert "asset:route:63" not in offered, "New York-London would be a third region for Player 2"


def test_at_most_three_offers_a_turn() -> None:
    st = play_state()
    give(st, 1, routes=(11, 12, 13, 14))
    for n in (11, 12, 13):
        st = trade_to(st, 1, f"route:{n}", route(n).price)
        st, _ = play(st, 1, "decline")
    assert "trade" not in ids(st, 0)
