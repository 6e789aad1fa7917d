"""Money changing hands outside the bank's prices when an airline cannot pay: debts that force deactivation,
bankruptcy and the bank's auction of a bankrupt airline's assets (trades between airlines are in trade.py).

Decisions here may belong to seats other than the current player: every solvent airline's bid or pass in an auction.
"""

from __future__ import annotations

from engine.core.contract import Event, IllegalAction, Option, TypedValue
from engine.flight_plan.data import catalog, city_name, route
from engine.flight_plan.mechanics import (
    asset_label,
    can_deactivate,
    deactivate,
    deactivation_value,
    holding_problem,
    money,
    opt,
    owner_of_route,
    price_of,
    who,
)
from engine.flight_plan.state import Auction, FPState
from engine.flight_plan.trade import amount_problem, read_amount, transfer

BID_STEPS = (5, 25)
"""Quick-pick raises over the high bid, with the list price (or a raise of $50M once the bids pass it): three bid
buttons, Pass and "Type a bid…" make one Discord row of five. Any other amount can be typed."""


# ---- debts and bankruptcy ------------------------------------------------------------------------------------------

def debt_options(st: FPState) -> list[Option]:
    d = st.debts[0]
    return [opt(f"deactivate:{x}", f"Deactivate {asset_label(x)} (+{money(deactivation_value(x))})")
            for x in can_deactivate(st, d.debtor)]


def debt_prompt(st: FPState) -> str:
    d = st.debts[0]
    a = st.airlines[d.debtor]
    return (f"You owe {money(d.amount)} ({d.reason}) and have {money(a.cash)}. Deactivate assets until you can pay; "
            "with nothing left to deactivate you go bankrupt.")


def raise_cash(st: FPState, seat: int, choice: str) -> list[Event]:
    if choice not in {o.id for o in debt_options(st)}:
        raise IllegalAction("Pick an asset to deactivate: the debt must be paid first.")
    return deactivate(st, seat, choice.partition(":")[2])


def settle_debts(st: FPState) -> tuple[list[Event], bool]:
    """Pay what can be paid; bankrupt whoever cannot pay and has nothing left to deactivate. Returns (events, whether
    anything changed)."""
    events: list[Event] = []
    for d in list(st.debts):
        a = st.airlines[d.debtor]
        if a.out:
            st.debts.remove(d)
            return events, True
        if d is not next(x for x in st.debts if x.debtor == d.debtor):
            continue  # one debtor's debts are paid in order
        if a.cash >= d.amount:
            st.debts.remove(d)
            a.cash -= d.amount
            if d.creditor is not None:
                st.airlines[d.creditor].cash += d.amount
            to = "the bank" if d.creditor is None else who(d.creditor)
            events.append(Event(text=f"{who(d.debtor)} pays {money(d.amount)} to {to} ({d.reason})."))
            return events, True
        if not can_deactivate(st, d.debtor):
            events += bankrupt(st, d.debtor, d.creditor)
            return events, True
    # The first debt is the one whose debtor decides next.
    waiting = [d for d in st.debts if can_deactivate(st, d.debtor)]
    st.debts = waiting + [d for d in st.debts if d not in waiting]
    return events, False


def bankrupt(st: FPState, seat: int, creditor: int | None) -> list[Event]:
    a = st.airlines[seat]
    if creditor is not None and a.cash:
        st.airlines[creditor].cash += a.cash
    a.cash = 0
    a.out = True
    lots = [f"route:{n}" for n in sorted(a.routes)] + [f"fleet:{f}" for f in a.fleets] + [f"hub:{c}" for c in a.hubs]
    a.routes, a.fleets, a.hubs, a.off, a.effects = [], [], [], {}, []
    st.debts = [d for d in st.debts if d.debtor != seat]
    if st.offer is not None and seat in (st.offer.seller, st.offer.buyer):
        st.offer = None
    if seat == st.turn and st.phase == "play":
        st.step, st.draft = "end", None
    events = [Event(text=f"{who(seat)} cannot pay and has nothing left to deactivate: bankrupt and out of the game.")]
    flying = [s for s, x in enumerate(st.airlines) if not x.out]
    if lots and len(flying) > 1:
        st.auction = Auction(lots=(st.auction.lots if st.auction else []) + lots)
        st.tally["auctions"] = st.tally.get("auctions", 0) + 1
        events.append(Event(text=f"The bank auctions {who(seat)}'s {len(lots)} assets, one at a time."))
    return events


# ---- auctions ------------------------------------------------------------------------------------------------------

def may_bid(st: FPState, seat: int, lot: str) -> bool:
    auc = st.auction
    if auc is None:
        return False
    a = st.airlines[seat]
    return not a.out and a.cash > auc.high and holding_problem(st, seat, [lot]) is None


def bidders(st: FPState) -> list[int]:
    auc = st.auction
    if auc is None:
        return []
    lot = auc.lots[0]
    return [s for s in range(st.players) if s not in auc.passed and s != auc.bidder and may_bid(st, s, lot)]


def bid_options(st: FPState, seat: int) -> list[Option]:
    auc = st.auction
    assert auc is not None
    cash = st.airlines[seat].cash
    amounts = {auc.high + step for step in BID_STEPS}
    list_price = price_of(auc.lots[0])
    amounts.add(list_price if list_price > auc.high + BID_STEPS[-1] else auc.high + 50)
    out = [opt(f"bid:{x}", f"Bid {money(x)}") for x in sorted(amounts) if x <= cash]
    return [*out, opt("pass", "Pass (final for this lot)")]


def bid_typed(st: FPState, seat: int) -> TypedValue:
    auc = st.auction
    assert auc is not None
    return TypedValue(prefix="bid:", label="Type a bid…",
                      hint=f"A multiple of $5M from {money(auc.high + 5)} to {money(st.airlines[seat].cash)}")


def bid_prompt(st: FPState) -> str:
    auc = st.auction
    assert auc is not None
    lot = auc.lots[0]
    high = f"highest bid {money(auc.high)} by {who(auc.bidder)}" if auc.bidder is not None else "no bid yet"
    return (f"Bank auction: {asset_label(lot)} (list price {money(price_of(lot))}), {high}. Bid any amount above it "
            "that you can pay, or pass: a pass is final for this lot.")


def bid_problem(st: FPState, seat: int, choice: str) -> str | None:
    """Why this bid or pass is refused, or None: the real reason, checked in the order a bidder would ask."""
    auc = st.auction
    assert auc is not None
    lot = auc.lots[0]
    a = st.airlines[seat]
    if a.out:
        return "Your airline is out of the game."
    if seat in auc.passed:
        return f"You passed on the {asset_label(lot)}, and a pass is final for that lot."
    if seat == auc.bidder:
        return f"Yours is the highest bid ({money(auc.high)}); wait for the others to outbid you or pass."
    held = holding_problem(st, seat, [lot])
    if held is not None:
        return f"You may not bid for the {asset_label(lot)}: {held}"
    if a.cash <= auc.high:
        return f"The highest bid is {money(auc.high)} and you have {money(a.cash)}, so you can only pass."
    if choice == "pass":
        return None
    head, _, rest = choice.partition(":")
    if head != "bid":
        return "Bid an amount or pass."
    try:
        amount = read_amount(rest)
    except IllegalAction as exc:
        return exc.sentence
    if amount <= auc.high:
        least = f"at least {money(auc.high + 5)}"
        return (f"Bid more than the highest bid of {money(auc.high)}: {least}." if auc.bidder is not None
                else f"Bid {least}.")
    return amount_problem(st, seat, amount, seat)


def bid(st: FPState, seat: int, choice: str) -> list[Event]:
    why = bid_problem(st, seat, choice)
    if why is not None:
        raise IllegalAction(why)
    auc = st.auction
    assert auc is not None
    if choice == "pass":
        auc.passed.append(seat)
        return [Event(text=f"{who(seat)} passes on the {asset_label(auc.lots[0])} (final for this lot).")]
    auc.high, auc.bidder = read_amount(choice.partition(":")[2]), seat
    return [Event(text=f"{who(seat)} bids {money(auc.high)} for the {asset_label(auc.lots[0])}.")]


def close_lots(st: FPState) -> list[Event]:
    """Sell every lot nobody can bid on any more; the next lot opens with nobody having passed."""
    events: list[Event] = []
    while st.auction is not None and not bidders(st):
        auc = st.auction
        lot = auc.lots.pop(0)
        if auc.bidder is not None:
            st.airlines[auc.bidder].cash -= auc.high
            transfer(st, None, auc.bidder, lot)
            st.tally["lots sold"] = st.tally.get("lots sold", 0) + 1
            events.append(Event(text=f"{who(auc.bidder)} wins the {asset_label(lot)} for {money(auc.high)}."))
        else:
            events.append(Event(text=f"Nobody bids for the {asset_label(lot)}: it goes back to the bank."))
        st.auction = Auction(lots=auc.lots) if auc.lots else None
    return events


def lot_summary(st: FPState) -> dict[str, object] | None:
    auc = st.auction
    if auc is None:
        return None
    lot = auc.lots[0]
    kind, _, key = lot.partition(":")
    where = city_name(key) if kind == "hub" else ""
    owner = owner_of_route(st, int(key)) if kind == "route" else None
    return {"lot": lot, "label": asset_label(lot), "list_price": price_of(lot), "high": auc.high,
            "bidder": auc.bidder, "passed": list(auc.passed), "lots_left": len(auc.lots), "city": where,
            "owner": owner, "class": route(int(key)).cls if kind == "route" else kind,
            "hub_price": catalog().economy.hub_price}
