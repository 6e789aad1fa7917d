"""Deactivation, debts that force it, bankruptcy and the bank's auction (trades: test_trade.py)."""

from __future__ import annotations

import pytest

from engine.core.contract import TIMEOUT, IllegalAction
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


def auction_state(players: int = 3) -> FPState:
    st = play_state(players=players)
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
    with pytest.raises(IllegalAction, match=r"only \$12M"):
        play(st, 2, "bid:50")


def test_auction_quick_picks_and_a_typed_bid_fit_one_row() -> None:
    st = auction_state()
    for d in GAME.pending(st):
        assert len(d.options) <= 4, "three quick bids and Pass, with the Type a bid button: five to a row"
        assert d.typed is not None and d.typed.prefix == "bid:" and "Type a bid" in d.typed.label
    labels = {o.id: o.label for o in GAME.pending(st)[0].options}
    assert labels["pass"] == "Pass (final for this lot)", "Pass says it is final for the lot"


def test_auction_takes_a_bid_of_any_amount_above_the_high_bid_within_cash() -> None:
    st = auction_state()
    assert "bid:35" not in ids(st, 1), "not a quick pick"
    st, events = play(st, 1, "bid:35")
    assert st.auction is not None and st.auction.high == 35 and st.auction.bidder == 1
    assert "bids $35M" in texts(events)
    st, _ = play(st, 2, "bid:500")
    assert 11 in st.airlines[2].routes and st.airlines[2].cash == 0, "every last $M of cash may be bid"


def test_auction_refusals_name_the_real_reason() -> None:
    st = auction_state()

    def refused(seat: int, choice: str) -> str:
        with pytest.raises(IllegalAction) as exc:
            play(st, seat, choice)
        return exc.value.sentence

    assert "steps of $5M" in refused(1, "bid:37")
    assert "whole number" in refused(1, "bid:lots")
    assert "only $500M" in refused(1, "bid:505")
    assert "at least $5M" in refused(1, "bid:0")
    st, _ = play(st, 1, "bid:40")
    assert "highest bid" in refused(1, "bid:45") and "wait" in refused(1, "bid:45")
    assert "more than the highest bid of $40M" in refused(2, "bid:40")


def test_a_pass_is_final_for_the_lot_and_says_so() -> None:
    st = auction_state(players=4)
    st, events = play(st, 2, "pass")
    assert "final" in texts(events)
    with pytest.raises(IllegalAction, match="pass is final"):
        play(st, 2, "bid:100")
    st, _ = play(st, 1, "bid:40")
    st, _ = play(st, 3, "pass")
    assert st.auction is None and 11 in st.airlines[1].routes, "nobody left to outbid Player 2"


def test_a_bidder_who_cannot_outbid_is_told_so() -> None:
    st = auction_state()
    st, _ = play(st, 1, "bid:200")
    st.airlines[2].cash = 150
    GAME.settle(st)  # Player 3 can no longer outbid: the lot is sold
    assert st.auction is None and 11 in st.airlines[1].routes
