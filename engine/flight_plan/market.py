"""Money changing hands outside the bank's prices: trade offers between airlines, debts that force deactivation,
bankruptcy and the bank's auction of a bankrupt airline's assets.

Decisions here may belong to seats other than the current player: the answer to an offer, and every solvent
airline's bid or pass in an auction.
"""

from __future__ import annotations

from engine.core.contract import Event, IllegalAction, Option
from engine.flight_plan.data import catalog, city_name, route
from engine.flight_plan.mechanics import (
    asset_label,
    assets,
    can_deactivate,
    deactivate,
    deactivation_value,
    money,
    owner_of_route,
    price_of,
    who,
)
from engine.flight_plan.state import Auction, Draft, FPState, Offer
from engine.flight_plan.turn import can_hold, opt

BID_STEPS = (5, 25, 50)
"""Raises over the high bid on offer (with the list price and a pass: at most five buttons, one Discord row)."""


# ---- trade offers --------------------------------------------------------------------------------------------------

def compose(st: FPState, head: str, rest: str) -> list[Event]:
    """The current player's trade menu: partner, then asset, then price; the offer then waits for an answer."""
    seat = st.turn
    if head == "trade":
        st.draft = Draft(back_to=st.step)
        st.step = "trade_partner"
        return []
    assert st.draft is not None
    if head == "with":
        st.draft.partner = int(rest)
        st.step = "trade_asset"
        return []
    if head == "asset":
        partner = st.draft.partner
        assert partner is not None
        st.draft.asset = rest
        st.draft.seller = seat if rest in assets(st.airlines[seat]) else partner
        st.step = "trade_price"
        return []
    assert head == "price"
    draft = st.draft
    assert draft.asset is not None and draft.seller is not None and draft.partner is not None
    buyer = draft.partner if draft.seller == seat else seat
    st.offer = Offer(seller=draft.seller, buyer=buyer, asset=draft.asset, price=int(rest), to=draft.partner)
    st.offers_made += 1
    st.step, st.draft = draft.back_to, None
    verb = "sell" if draft.seller == seat else "buy"
    prep = "to" if verb == "sell" else "from"
    return [Event(text=f"{who(seat)} offers to {verb} the {asset_label(draft.asset)} {prep} {who(draft.partner)} "
                       f"for {money(int(rest))}. {who(draft.partner)} may accept or decline until the turn ends.")]


def offer_problem(st: FPState, offer: Offer) -> str | None:
    seller, buyer = st.airlines[offer.seller], st.airlines[offer.buyer]
    if offer.asset not in assets(seller) or offer.asset in seller.off:
        return f"{who(offer.seller)} no longer has an active {asset_label(offer.asset)} to sell."
    if buyer.cash < offer.price:
        return f"{who(offer.buyer)} has only {money(buyer.cash)} now."
    if not can_hold(st, offer.buyer, offer.asset):
        return f"{who(offer.buyer)} may not own the {asset_label(offer.asset)} now."
    return None


def offer_decision_options(st: FPState) -> list[Option]:
    assert st.offer is not None
    o = st.offer
    deal = f"{asset_label(o.asset)} for {money(o.price)}"
    if offer_problem(st, o) is not None:
        return [opt("decline", "Decline (the deal no longer works)")]
    return [opt("accept", f"Accept: {deal}"), opt("decline", "Decline")]


def offer_prompt(st: FPState) -> str:
    assert st.offer is not None
    o = st.offer
    proposer = o.seller if o.to == o.buyer else o.buyer
    verb = "sell you" if proposer == o.seller else "buy your"
    return f"{who(proposer)} offers to {verb} {asset_label(o.asset)} for {money(o.price)}. Accept?"


def answer(st: FPState, seat: int, choice: str) -> list[Event]:
    o = st.offer
    assert o is not None
    if choice not in {x.id for x in offer_decision_options(st)}:
        raise IllegalAction("Answer the offer with Accept or Decline.")
    st.offer = None
    if choice == "decline":
        return [Event(text=f"{who(seat)} declines the offer for the {asset_label(o.asset)}.")]
    transfer(st, o.seller, o.buyer, o.asset)
    st.airlines[o.buyer].cash -= o.price
    st.airlines[o.seller].cash += o.price
    return [Event(text=f"{who(seat)} accepts: {who(o.buyer)} buys the {asset_label(o.asset)} from {who(o.seller)} "
                       f"for {money(o.price)}.")]


def transfer(st: FPState, seller: int | None, buyer: int, asset: str) -> None:
    kind, _, key = asset.partition(":")
    if seller is not None:
        s = st.airlines[seller]
        s.off.pop(asset, None)
        if kind == "route":
            s.routes.remove(int(key))
        elif kind == "fleet":
            s.fleets.remove(key)
        else:
            s.hubs.remove(key)
    b = st.airlines[buyer]
    if kind == "route":
        b.routes.append(int(key))
    elif kind == "fleet":
        b.fleets.append(key)
    else:
        b.hubs.append(key)
    st.fresh.append(f"{buyer}:{asset}")


def expire_offer(st: FPState) -> list[Event]:
    if st.offer is None:
        return []
    o, st.offer = st.offer, None
    return [Event(text=f"The offer for the {asset_label(o.asset)} expires with the turn.")]


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
        events.append(Event(text=f"The bank auctions {who(seat)}'s {len(lots)} assets, one at a time."))
    return events


# ---- auctions ------------------------------------------------------------------------------------------------------

def may_bid(st: FPState, seat: int, lot: str) -> bool:
    a = st.airlines[seat]
    return not a.out and a.cash > st.auction.high and can_hold(st, seat, lot) if st.auction else False


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
    if list_price > auc.high:
        amounts.add(list_price)
    out = [opt(f"bid:{x}", f"Bid {money(x)}") for x in sorted(amounts) if x <= cash]
    return [*out, opt("pass", "Pass")]


def bid_prompt(st: FPState) -> str:
    auc = st.auction
    assert auc is not None
    lot = auc.lots[0]
    high = f"highest bid {money(auc.high)} by {who(auc.bidder)}" if auc.bidder is not None else "no bid yet"
    return f"Bank auction: {asset_label(lot)} (list price {money(price_of(lot))}), {high}. Bid or pass."


def bid(st: FPState, seat: int, choice: str) -> list[Event]:
    if seat not in bidders(st) or choice not in {o.id for o in bid_options(st, seat)}:
        raise IllegalAction("That bid is not possible: bid more than the highest bid, within your cash, or pass.")
    auc = st.auction
    assert auc is not None
    if choice == "pass":
        auc.passed.append(seat)
        return [Event(text=f"{who(seat)} passes on the {asset_label(auc.lots[0])}.")]
    auc.high, auc.bidder = int(choice.partition(":")[2]), seat
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
