"""Trades between airlines at any price the two agree on.

The current player puts an offer together: a partner, one or more assets of one side (routes, fleets, hubs, active
or deactivated), and a price, picked from the quick picks or typed (any multiple of $5M the buyer can pay). The
other airline accepts, declines or counters with a price of its own, and the two may go on countering in turn, as
often as they like: the book sets no limit. A limit is a house rule (the lobby option OFFER_LIMIT, off by default);
an AI airline keeps to AI_OFFERS of its own accord, so a table of AI airlines always gets to the end of a turn. An
offer still open when the turn ends lapses.

Steps of the current player (st.step) and their option ids:
  trade_partner  with:<seat> | back
  trade_asset    asset:<asset> | back
  trade_price    price:<amount> (quick picks, or typed) | more (add another asset) | back
The answering seat: accept | decline | counter:<amount> (quick picks, or typed).
"""

from __future__ import annotations

import re

from engine.core.contract import Event, IllegalAction, Option, TypedValue
from engine.flight_plan.data import catalog
from engine.flight_plan.mechanics import (
    asset_label,
    assets,
    ceil5,
    holding_problem,
    limit_lifted,
    money,
    operating,
    opt,
    price_of,
    who,
)
from engine.flight_plan.state import Draft, FPState, Offer

OFFER_LIMIT = "offer_limit"
"""The lobby option of a limit on offers and counter-offers a turn, all deals together: a house rule, off by default
(the book sets no limit)."""
OFFER_LIMIT_CHOICES = (3, 6, 10)
AI_OFFERS = 6
"""Offers and counter-offers a turn (all deals together, whoever made them) after which an AI airline makes no new
offer and no counter: it accepts or declines. Without it two AI airlines could haggle for ever, and a turn of an
all-AI table never end; 6 is the limit the engine once set for everyone, so AI tables play as they did."""
LADDER = (0.5, 0.75, 1, 1.25, 1.5, 2)
"""Quick-pick prices, as shares of the list price: buttons for the usual deals; any other price can be typed."""
QUICK_COUNTERS = 2
"""Counter prices offered as buttons (the nearest quick picks on the answering side), so an answer fits one row of
five beside Accept, Decline and the "Type a counter-price…" button."""
AMOUNT = re.compile(r"\s*\$?\s*(\d{1,7})\s*(?:m|million)?\s*\.?\s*", re.IGNORECASE)


# ---- who may hold what ---------------------------------------------------------------------------------------------

def partners(st: FPState, seat: int) -> list[int]:
    return [s for s in range(st.players) if s != seat and not st.airlines[s].out]


def tradeable(st: FPState, seller: int, buyer: int, bundle: list[str] | None = None) -> list[str]:
    """Assets of `seller` the buyer could take along with `bundle` (deactivated ones too: their countdown goes with
    them)."""
    chosen = bundle or []
    return [x for x in assets(st.airlines[seller]) if x not in chosen
            and holding_problem(st, buyer, [*chosen, x]) is None]


def trade_possible(st: FPState) -> bool:
    """Whether some trade could be offered now, without listing them all: this runs on every action listing. Any
    price from $0M is allowed, so only what the buyer may hold matters; the two-region test, the costly one, is
    worked out once per buyer and only when a route or hub needs it."""
    me = st.turn
    return any(_any_holdable(st, me, p) or _any_holdable(st, p, me) for p in partners(st, me))


def _any_holdable(st: FPState, seller: int, buyer: int) -> bool:
    s, b = st.airlines[seller], st.airlines[buyer]
    if any(f not in b.fleets for f in s.fleets):
        return True
    if not s.routes and not s.hubs:
        return False
    mine = operating(b)
    cat = catalog()
    for n in s.routes:
        if len(mine | cat.regions_of(n)) <= 2:
            return True
    for c in s.hubs:
        if len(mine | {cat.cities[c].region}) <= 2:
            return True
    return limit_lifted(st, buyer)


# ---- prices --------------------------------------------------------------------------------------------------------

def list_price(bundle: list[str]) -> int:
    return sum(price_of(x) for x in bundle)


def quick_prices(st: FPState, buyer: int, bundle: list[str]) -> list[int]:
    base = list_price(bundle)
    points = sorted({ceil5(base * f) for f in LADDER})
    return [p for p in points if p <= st.airlines[buyer].cash]


def read_amount(text: str) -> int:
    """A typed amount in $M ("137", "$135M"), or IllegalAction with the form it takes."""
    found = AMOUNT.fullmatch(text)
    if found is None:
        raise IllegalAction(f"Type the amount as a whole number of millions, like 135 (not '{text.strip()[:40]}').")
    return int(found.group(1))


def amount_problem(st: FPState, buyer: int, amount: int, typer: int) -> str | None:
    """Why `buyer` cannot be asked to pay `amount` (named by `typer`), or None."""
    if amount % 5:
        low = amount - amount % 5
        return (f"Amounts go in steps of $5M, the smallest banknote: {money(low)} or {money(low + 5)}, "
                f"not {money(amount)}.")
    cash = st.airlines[buyer].cash
    if amount > cash:
        whose = "You have" if buyer == typer else f"{who(buyer)} has"
        return f"{whose} only {money(cash)}, so {money(amount)} cannot be paid."
    return None


def price_typed(st: FPState, buyer: int, prefix: str, label: str) -> TypedValue:
    return TypedValue(prefix=prefix, label=label,
                      hint=f"A multiple of $5M from $0M to {money(st.airlines[buyer].cash)}")


# ---- putting an offer together -------------------------------------------------------------------------------------

def deal_label(bundle: list[str]) -> str:
    labels = [asset_label(x) for x in bundle]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _off_note(st: FPState, seller: int, asset: str) -> str:
    return " (deactivated)" if asset in st.airlines[seller].off else ""


def compose_options(st: FPState) -> list[Option]:
    seat = st.turn
    draft = st.draft
    if st.step == "trade_partner":
        return [opt(f"with:{p}", f"Trade with {who(p)}") for p in partners(st, seat)
                if _any_holdable(st, seat, p) or _any_holdable(st, p, seat)] + [opt("back", "Back")]
    assert draft is not None and draft.partner is not None
    p = draft.partner
    if st.step == "trade_asset":
        out: list[Option] = []
        if draft.seller in (None, p):
            out += [opt(f"asset:{x}", f"Buy {who(p)}'s {asset_label(x)}{_off_note(st, p, x)}")
                    for x in tradeable(st, p, seat, draft.assets)]
        if draft.seller in (None, seat):
            out += [opt(f"asset:{x}", f"Sell your {asset_label(x)}{_off_note(st, seat, x)} to {who(p)}")
                    for x in tradeable(st, seat, p, draft.assets)]
        return [*out, opt("back", "Back")]
    assert st.step == "trade_price" and draft.seller is not None
    buyer = p if draft.seller == seat else seat
    verb = "Ask" if draft.seller == seat else "Offer"
    base = list_price(draft.assets)
    out = [opt(f"price:{x}", f"{verb} {money(x)}", f"{round(100 * x / base) if base else 0}% of the list price")
           for x in quick_prices(st, buyer, draft.assets)]
    if tradeable(st, draft.seller, buyer, draft.assets):
        out.append(opt("more", "Add another asset to the deal"))
    return [*out, opt("back", "Back")]


def compose_prompt(st: FPState) -> str:
    draft = st.draft
    if st.step == "trade_partner" or draft is None or draft.partner is None:
        return "Trade with which airline?"
    if st.step == "trade_asset":
        if not draft.assets:
            return f"Which asset changes hands? Buy one of {who(draft.partner)}'s, or sell one of yours."
        return f"Add which asset to the deal? So far: {deal_label(draft.assets)}."
    buyer = draft.partner if draft.seller == st.turn else st.turn
    return (f"Name your price for {deal_label(draft.assets)} (list price {money(list_price(draft.assets))}): a quick "
            f"pick, or type any multiple of $5M up to {money(st.airlines[buyer].cash)}.")


def compose_typed(st: FPState) -> TypedValue | None:
    draft = st.draft
    if st.step != "trade_price" or draft is None or draft.partner is None or draft.seller is None:
        return None
    buyer = draft.partner if draft.seller == st.turn else st.turn
    return price_typed(st, buyer, "price:", "Type a price…")


def compose_refusal(st: FPState, choice: str) -> str:
    """A sentence for a trade-menu choice that is not on offer."""
    draft = st.draft
    head, _, rest = choice.partition(":")
    seat = st.turn
    if head == "with" and rest.isdigit():
        p = int(rest)
        if p == seat or p >= st.players:
            return "Pick another airline to trade with."
        if st.airlines[p].out:
            return f"{who(p)} is out of the game."
        return f"Neither of you owns anything the other may hold, so there is no deal to make with {who(p)}."
    if head == "asset" and draft is not None and draft.partner is not None and st.step == "trade_asset":
        p = draft.partner
        if rest in assets(st.airlines[seat]):
            seller, buyer = seat, p
        elif rest in assets(st.airlines[p]):
            seller, buyer = p, seat
        else:
            return f"Neither you nor {who(p)} owns that."
        if draft.seller not in (None, seller):
            return "A deal moves assets one way: all of them from the same airline, for one price."
        if rest in draft.assets:
            return "That is in the deal already."
        return holding_problem(st, buyer, [*draft.assets, rest]) or "That is not one of your choices right now."
    if head == "price" and st.step == "trade_price":
        return compose_problem(st, choice) or "That is not one of your choices right now."
    return "Pick from the trade menu, or Back to leave it."


def compose_problem(st: FPState, choice: str) -> str | None:
    """Why a typed price at the trade_price step is refused, or None when it stands."""
    draft = st.draft
    head, _, rest = choice.partition(":")
    if st.step != "trade_price" or head != "price" or draft is None or draft.partner is None or draft.seller is None:
        return "That is not one of your choices right now."
    buyer = draft.partner if draft.seller == st.turn else st.turn
    try:
        amount = read_amount(rest)
    except IllegalAction as exc:
        return exc.sentence
    return amount_problem(st, buyer, amount, st.turn)


def compose(st: FPState, head: str, rest: str) -> list[Event]:
    """One step of the current player's trade menu; the price step puts the offer on the table."""
    seat = st.turn
    if head == "trade":
        st.draft = Draft(back_to=st.step)
        st.step = "trade_partner"
        return []
    draft = st.draft
    assert draft is not None
    if head == "with":
        draft.partner = int(rest)
        st.step = "trade_asset"
        return []
    if head == "asset":
        partner = draft.partner
        assert partner is not None
        draft.assets.append(rest)
        draft.seller = seat if rest in assets(st.airlines[seat]) else partner
        st.step = "trade_price"
        return []
    if head == "more":
        st.step = "trade_asset"
        return []
    assert head == "price" and draft.seller is not None and draft.partner is not None
    amount = read_amount(rest)
    buyer = draft.partner if draft.seller == seat else seat
    st.offer = Offer(seller=draft.seller, buyer=buyer, assets=list(draft.assets), price=amount, to=draft.partner)
    st.offers_made += 1
    st.step, st.draft = draft.back_to, None
    verb, whose = ("sell", "their") if draft.seller == seat else ("buy", f"{who(draft.partner)}'s")
    prep = f" to {who(draft.partner)}" if verb == "sell" else ""
    return [Event(text=f"{who(seat)} offers to {verb} {whose} {deal_label(st.offer.assets)}{prep} for "
                       f"{money(amount)}. {who(draft.partner)} may accept, decline or counter until the turn ends.")]


# ---- answering -----------------------------------------------------------------------------------------------------

def offer_problem(st: FPState, offer: Offer) -> str | None:
    seller = st.airlines[offer.seller]
    for x in offer.assets:
        if x not in assets(seller):
            return f"{who(offer.seller)} no longer owns the {asset_label(x)}."
    if st.airlines[offer.buyer].cash < offer.price:
        return f"{who(offer.buyer)} has only {money(st.airlines[offer.buyer].cash)} now."
    return holding_problem(st, offer.buyer, offer.assets)


def offer_limit(st: FPState) -> int | None:
    """The house rule's limit on offers and counters a turn, or None (the book's way: no limit)."""
    value = str(st.options.get(OFFER_LIMIT, "off"))
    return int(value) if value.isdigit() else None


def counters_left(st: FPState) -> int | None:
    """Offers and counter-offers still allowed this turn, or None when there is no limit."""
    limit = offer_limit(st)
    return None if limit is None else max(limit - st.offers_made, 0)


def may_offer(st: FPState) -> bool:
    left = counters_left(st)
    return left is None or left > 0


def ai_choices(st: FPState, ids: list[str]) -> list[str]:
    """The options an AI airline picks among: all of them, except a new offer and a counter once AI_OFFERS have been
    made this turn (see AI_OFFERS). Accept and decline always stay, so an offer still gets its answer."""
    if st.offers_made < AI_OFFERS:
        return ids
    return [i for i in ids if i != "trade" and not i.startswith("counter:")]


def quick_counters(st: FPState) -> list[int]:
    """The quick picks on the answering side of the price on the table, nearest first, in price order."""
    o = st.offer
    assert o is not None
    points = quick_prices(st, o.buyer, o.assets)
    if o.to == o.seller:
        better = [p for p in points if p > o.price][:QUICK_COUNTERS]
    else:
        better = [p for p in points if p < o.price][-QUICK_COUNTERS:]
    return better


def answer_options(st: FPState) -> list[Option]:
    o = st.offer
    assert o is not None
    problem = offer_problem(st, o)
    if problem is not None:
        return [opt("decline", "Decline (the deal no longer works)", problem)]
    out = [opt("accept", f"Accept {money(o.price)}", deal_label(o.assets)), opt("decline", "Decline")]
    if may_offer(st):
        out += [opt(f"counter:{p}", f"Counter: {money(p)}") for p in quick_counters(st)]
    return out


def answer_typed(st: FPState) -> TypedValue | None:
    o = st.offer
    if o is None or not may_offer(st) or offer_problem(st, o) is not None:
        return None
    return price_typed(st, o.buyer, "counter:", "Type a counter-price…")


def answer_prompt(st: FPState) -> str:
    o = st.offer
    assert o is not None
    namer = o.seller if o.to == o.buyer else o.buyer
    if namer == st.turn and st.offers_made <= 1:
        verb = "sell you" if namer == o.seller else "buy your"
        text = f"{who(namer)} offers to {verb} {deal_label(o.assets)} for {money(o.price)}"
    else:
        text = f"{who(namer)} asks {money(o.price)} for {deal_label(o.assets)}"
    text += f" (list price {money(list_price(o.assets))})."
    left = counters_left(st)
    if left is None:
        return f"{text} Accept, decline, or counter with your own price."
    if left:
        more = "1 more offer" if left == 1 else f"{left} more offers"
        return f"{text} Accept, decline, or counter with your own price ({more} this turn, by the table's house rule)."
    return f"{text} Accept or decline: no more counter-offers this turn (the table's house rule)."


def answer(st: FPState, seat: int, choice: str) -> list[Event]:
    o = st.offer
    assert o is not None
    head, _, rest = choice.partition(":")
    listed = {x.id for x in answer_options(st)}
    if head == "counter" and choice not in listed:
        why = counter_problem(st, seat, rest)
        if why is not None:
            raise IllegalAction(why)
    elif choice not in listed:
        if choice == "accept":
            raise IllegalAction(f"That deal no longer works: {offer_problem(st, o)}")
        raise IllegalAction("Answer the offer: accept, decline, or counter with a price.")
    if choice == "decline":
        st.offer = None
        st.declined = [d for d in st.declined if int(d.split(":", 1)[0]) >= st.round - 1] + [
            f"{st.round}:{o.seller}:{o.buyer}:{x}" for x in o.assets]
        return [Event(text=f"{who(seat)} declines the deal for the {deal_label(o.assets)}.")]
    if head == "counter":
        amount = read_amount(rest)
        o.price, o.to = amount, (o.buyer if seat == o.seller else o.seller)
        st.offers_made += 1
        st.tally["counter-offers"] = st.tally.get("counter-offers", 0) + 1
        return [Event(text=f"{who(seat)} counters: {money(amount)} for the {deal_label(o.assets)}. "
                           f"{who(o.to)} may accept, decline or counter.")]
    st.offer = None
    for x in o.assets:
        transfer(st, o.seller, o.buyer, x)
    st.airlines[o.buyer].cash -= o.price
    st.airlines[o.seller].cash += o.price
    st.tally["trades"] = st.tally.get("trades", 0) + 1
    return [Event(text=f"{who(seat)} accepts: {who(o.buyer)} buys the {deal_label(o.assets)} from {who(o.seller)} "
                       f"for {money(o.price)}.")]


def counter_problem(st: FPState, seat: int, rest: str) -> str | None:
    o = st.offer
    assert o is not None
    problem = offer_problem(st, o)
    if problem is not None:
        return f"That deal no longer works: {problem}"
    if not may_offer(st):
        return (f"No more counter-offers this turn: this table's house rule allows {offer_limit(st)} offers and "
                "counters a turn. Accept or decline.")
    try:
        amount = read_amount(rest)
    except IllegalAction as exc:
        return exc.sentence
    if amount == o.price:
        return f"{money(amount)} is the price on the table already: accept it instead."
    return amount_problem(st, o.buyer, amount, seat)


def transfer(st: FPState, seller: int | None, buyer: int, asset: str) -> None:
    """Move an asset to `buyer` (from the bank when `seller` is None). A deactivated asset keeps the turns it has
    left to sit out, counted in its new owner's turns: the markers on the card go with it."""
    kind, _, key = asset.partition(":")
    left: int | None = None
    if seller is not None:
        s = st.airlines[seller]
        back_on = s.off.pop(asset, None)
        if back_on is not None:
            left = back_on - s.turns_played
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
    if left is not None:
        b.off[asset] = b.turns_played + left
    st.fresh.append(f"{buyer}:{asset}")


def expire_offer(st: FPState) -> list[Event]:
    if st.offer is None:
        return []
    o, st.offer = st.offer, None
    return [Event(text=f"The offer for the {deal_label(o.assets)} expires with the turn.")]
