"""The Flight Plan AI of the Normal and Hard levels: it plans each turn whole and weighs every deal by how it moves
the race to win (ai_value.py), instead of searching with random rollouts.

- Its turn (and its first move): every line of its own choices up to the end of the turn is played out on a copy
  (buy, fly, a second leg, fly and buy, a fleet, a hub, or nothing), and the line whose end position is worth most
  is played. Nothing past the end of the turn is looked at: the next briefing is hidden from everyone. Normal looks
  one choice ahead in regular play (the next step is planned when it comes) and at fewer first moves.
- An offer it is asked to answer, an auction lot, a debt: each answer (accept, decline, a counter-price; a bid or
  a pass; each asset it could deactivate) is tried on a copy and the best kept. A bid never leaves it less than
  ai_value.LOW_CASH, unless the lot wins the game.
- Hard also reads its rivals (each by its chance of finishing first, ai_value.rivals_value, so it takes the hub city
  a rival needs) and proposes deals: first one the other airline would accept by its own race, buying or selling,
  that leaves Hard better off against the whole table than its best turn without it; else a rival's asset that
  brings its own win nearer, at up to half again its list price. Normal plays its own race only.

It reads the state only through `redeal_hidden` for its seat, so it never sees the deck's order.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.core.contract import Game, Offer
from engine.core.play import apply_in_place, legal
from engine.core.rng import Rng
from engine.flight_plan.ai_value import LOW_CASH, value
from engine.flight_plan.data import route
from engine.flight_plan.mechanics import can_hold, ceil5, deactivate, price_of, win_reason
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import LADDER, ai_choices, partners, quick_prices, tradeable, transfer

NODES = {True: 4000, False: 60}
"""Positions a turn's plan looks at most, by level (hard or not): the first move can branch widely (routes, fleets,
a city, hubs), so Normal, which looks at fewer, settles its first move on the first few lines it tries."""
DEPTH = {True: 99, False: 1}
"""Choices of its turn a plan looks through in regular play, by level: Hard the whole turn, Normal one choice."""
ENDS = ("end", "stay", "pass")
FIRST_DONE = "done"
GAIN = 0.05
"""How much better (in turns) an answer must be than doing nothing before the AI takes it: ties go to caution."""
DEAL_GAIN = 0.5
"""How much a proposed deal must bring, in turns, for Hard to put it on the table."""
MOST = 1.5
"""The highest share of the list price Hard offers for a rival's asset it wants, not knowing whether it is sold."""
DEAL_EDGE = 0.1
"""How much, in turns, a deal the other airline would accept must add to Hard's best turn for Hard to propose it."""
DEALS_LOOKED_AT = 4
"""Agreeable deals whose following turn Hard plans out, the most promising first."""


def _s(state: object) -> FPState:
    assert isinstance(state, FPState)
    return state


def now() -> float:
    """The clock a plan's time limit is read on (a test replaces it with one that jumps)."""
    return time.perf_counter()


def plan(game: Game, state: FPState, seat: int, hard: bool, rng: Rng, seconds: float | None = None) -> list[str]:
    """The choices `seat` makes from `state`, first one first. With `seconds`, a turn's plan stops looking at new
    lines once that long has passed since it was asked (the best line found so far stands): on a busy machine it
    plays weaker, never slower."""
    deadline = None if seconds is None else now() + seconds
    st = _s(game.redeal_hidden(state, seat, rng))
    mine = next(o for o in legal(game, st) if o.seat == seat)
    ids = ai_choices(st, mine.ids)  # no new offer or counter past trade.AI_OFFERS a turn
    if len(ids) == 1:
        return [ids[0]]
    if mine.kind == "debt":
        return [_best_single(st, seat, ids, hard, _deactivated)]
    if mine.kind == "bid":
        return [bid(st, seat, ids, hard)]
    if mine.kind == "offer":
        return [answer(st, seat, ids, hard)]
    if st.step in ("cash", "trade_partner", "trade_asset", "trade_price"):
        return ["back"] if "back" in ids else [ids[0]]
    if hard and st.step == "action" and "trade" in ids and st.offers_made == 0 and st.offer is None:
        deal = propose(game, st, seat, None if deadline is None else now() + (deadline - now()) / 2)
        if deal is not None:
            return deal
    return best_turn(game, st, seat, hard, deadline)


# ---- a whole turn --------------------------------------------------------------------------------------------------

def _walkable(st: FPState, seat: int, ids: list[str], path: list[str]) -> list[str]:
    """The choices worth trying at this step: no menus (cash, trade), and in the first move each set of routes,
    fleets and hubs once (in one order), fleets only of a class it owns a route of."""
    out = [i for i in ids if i not in ("cash", "trade")]
    if not st.step.startswith("fm_"):
        return out
    head = {"fm_routes": "take:", "fm_fleets": "fleet:", "fm_hubs": "hub:"}.get(st.step)
    if head is None:
        return out
    taken = [p for p in path if p.startswith(head)]
    last = taken[-1] if taken else ""
    a = st.airlines[seat]
    keep = []
    for i in out:
        if not i.startswith(head):
            keep.append(i)
            continue
        if _order(i) <= _order(last):
            continue
        if head == "fleet:":
            cls = i[6:]
            if cls == "cargo" and not any(route(n).cargo for n in a.routes):
                continue
            if cls != "cargo" and not any(route(n).cls == cls for n in a.routes):
                continue
        keep.append(i)
    return keep


def _order(option: str) -> tuple[int, str]:
    key = option.partition(":")[2]
    return (int(key), "") if key.isdigit() else (0, key)


Leaf = tuple[float, list[str], FPState]


def turn_lines(game: Game, st: FPState, seat: int, hard: bool, nodes: int, depth: int = 99,
               deadline: float | None = None) -> list[Leaf]:
    """Every line of `seat`'s own choices to the end of its turn (at most `nodes` positions looked at), each with the
    value of where it ends and that position."""
    leaves: list[Leaf] = []
    budget = [nodes]

    def score(s: FPState, line: list[str]) -> None:
        leaves.append((value(s, seat, rivals=hard), line, s))

    def walk(s: FPState, offers: list[Offer], line: list[str]) -> None:
        mine = next((o for o in offers if o.seat == seat and o.kind == s.step), None)
        if s.phase == "over" or mine is None or s.turn != seat:
            score(s, line)
            return
        if s.step in ("wrap_up", "end"):
            score(s, [*line, "end"] if "end" in mine.ids else line)
            return
        if s.step == "fm_hubs":
            greedy_hubs(s, offers, mine.ids, line)
            return
        for choice in _walkable(s, seat, mine.ids, line):
            if choice in ENDS:
                score(s, [*line, choice])
                continue
            budget[0] -= 1
            if budget[0] < 0 or (deadline is not None and now() > deadline):
                return
            copy = s.model_copy(deep=True)
            after: list[Offer] = []
            apply_in_place(game, copy, seat, choice, offers, after)
            if len(line) + 1 >= depth and s.phase == "play":
                score(copy, [*line, choice])  # no further: the rest of the turn is planned when it comes
                continue
            walk(copy, after or legal(game, copy), [*line, choice])

    def greedy_hubs(s: FPState, offers: list[Offer], ids: list[str], line: list[str]) -> None:
        """The first move's hubs one at a time, the best each time (all orders of them end alike)."""
        best_here: tuple[float, str | None, tuple[FPState, list[Offer]] | None] = (
            value(s, seat, rivals=hard), None, None)
        for choice in ids:
            if not choice.startswith("hub:"):
                continue
            copy = s.model_copy(deep=True)
            after: list[Offer] = []
            apply_in_place(game, copy, seat, choice, offers, after)
            v = value(copy, seat, rivals=hard)
            if v > best_here[0] + 1e-9:
                best_here = (v, choice, (copy, after or legal(game, copy)))
        if best_here[1] is None or best_here[2] is None:
            score(s, [*line, FIRST_DONE])
            return
        walk(best_here[2][0], best_here[2][1], [*line, best_here[1]])

    walk(st, legal(game, st), [])
    return leaves


def best_turn(game: Game, st: FPState, seat: int, hard: bool, deadline: float | None = None) -> list[str]:
    """The line of this turn that ends in the position worth most (the first found of equal ones)."""
    leaves = turn_lines(game, st, seat, hard, NODES[hard], DEPTH[hard], deadline)
    if not leaves:
        return [_fallback(game, st, seat)]
    return max(enumerate(leaves), key=lambda il: (il[1][0], -il[0]))[1][1]


def _fallback(game: Game, st: FPState, seat: int) -> str:
    ids = next(o for o in legal(game, st) if o.seat == seat).ids
    return next((i for i in ("end", "pass", "stay", "done") if i in ids), ids[0])


# ---- single answers: debts, bids, offers ---------------------------------------------------------------------------

def _best_single(st: FPState, seat: int, ids: list[str], hard: bool,
                 after: Callable[[FPState, int, str], FPState]) -> str:
    return max(ids, key=lambda i: (value(after(st, seat, i), seat, rivals=hard), i))


def _deactivated(st: FPState, seat: int, choice: str) -> FPState:
    copy = st.model_copy(deep=True)
    deactivate(copy, seat, choice.partition(":")[2])
    return copy


def _bought(st: FPState, seller: int | None, buyer: int, assets: list[str], price: int) -> FPState:
    """A copy of `st` after `buyer` takes `assets` from `seller` (None: the bank) for `price`."""
    copy = st.model_copy(deep=True)
    for x in assets:
        transfer(copy, seller, buyer, x)
    copy.airlines[buyer].cash -= price
    if seller is not None:
        copy.airlines[seller].cash += price
    return copy


def bid(st: FPState, seat: int, ids: list[str], hard: bool) -> str:
    """The lowest bid that still leaves the AI better off than letting the lot go (and solvent), else a pass."""
    auc = st.auction
    assert auc is not None
    lot = auc.lots[0]
    here = value(st, seat, rivals=hard)
    cash = st.airlines[seat].cash
    bids = sorted(int(i[4:]) for i in ids if i.startswith("bid:"))
    for amount in bids:
        after = _bought(st, None, seat, [lot], amount)
        winning = not after.airlines[seat].off and _wins_now(after, seat)
        if cash - amount < LOW_CASH and not winning:
            break
        if value(after, seat, rivals=hard) > here + GAIN:
            return f"bid:{amount}"
    return "pass"


def _wins_now(st: FPState, seat: int) -> bool:
    return win_reason(st.airlines[seat]) is not None


def accepts(st: FPState, seat: int, seller: int, buyer: int, assets: list[str], price: int,
            hard: bool = False, here: float | None = None) -> bool:
    """Whether `seat` (the seller or the buyer) takes the deal at `price` as it stands: it leaves the airline better
    off than no deal (worth `here`, worked out when not given) by GAIN, and a buyer keeps LOW_CASH unless the deal
    wins it the game. It reads what the whole table sees (assets, cash, planes), so Hard uses it, with `hard` off,
    as its model of an answer."""
    after = _bought(st, seller, buyer, assets, price)
    if seat == buyer and st.airlines[seat].cash - price < LOW_CASH and not _wins_now(after, seat):
        return False
    if here is None:
        here = value(st, seat, rivals=hard)
    return value(after, seat, rivals=hard) > here + GAIN


def answer(st: FPState, seat: int, ids: list[str], hard: bool) -> str:
    """Accept when the deal leaves the AI better off than no deal; otherwise the counter-price nearest the one on
    the table that would, else decline."""
    o = st.offer
    assert o is not None
    if "accept" not in ids:
        return "decline"
    if accepts(st, seat, o.seller, o.buyer, o.assets, o.price, hard):
        return "accept"
    buying = seat == o.buyer
    counters = sorted((int(i[8:]) for i in ids if i.startswith("counter:")), key=lambda p: abs(p - o.price))
    for price in counters:
        if buying and st.airlines[seat].cash - price < LOW_CASH:
            continue
        if accepts(st, seat, o.seller, o.buyer, o.assets, price, hard):
            return f"counter:{price}"
    return "decline"


Deal = tuple[int, int, str, int]
"""A proposal: seller, buyer, asset, price."""


def propose(game: Game, st: FPState, seat: int, deadline: float | None = None) -> list[str] | None:
    """The deal to put on the table this turn, as the trade menu's choices, or None.

    First a deal the other airline would take by its own race (`accepts`, the way Normal and an AI standing in for
    a member answer), buying or selling, at the quick-pick price best for Hard that it would still take, and only
    when the deal and the best turn after it are worth DEAL_EDGE turns more to Hard than its best turn without a
    deal: Hard's value weighs every rival, so a deal that helps the other airline more than Hard counts against it.
    Failing that, a purchase that brings its own win DEAL_GAIN turns nearer at up to MOST times the list price (the
    policy sells at half again the list price). An asset its owner refused to trade it this round or the last is not
    asked for again (`FPState.declined`)."""
    turned_down = {d.split(":", 1)[1] for d in st.declined if int(d.split(":", 1)[0]) >= st.round - 1}
    agreed = _agreed_deals(st, seat, turned_down, deadline)
    if agreed:
        base = _best_turn_value(game, st, seat, deadline)
        best: tuple[float, Deal] | None = None
        for _, deal in agreed[:DEALS_LOOKED_AT]:
            if deadline is not None and now() > deadline:
                break
            seller, buyer, x, price = deal
            worth = _best_turn_value(game, _bought(st, seller, buyer, [x], price), seat, deadline)
            if worth >= base + DEAL_EDGE and (best is None or worth > best[0]):
                best = (worth, deal)
        if best is not None:
            seller, buyer, x, price = best[1]
            return ["trade", f"with:{seller if buyer == seat else buyer}", f"asset:{x}", f"price:{price}"]
    return _wished_purchase(st, seat, turned_down, deadline)


def _agreed_deals(st: FPState, seat: int, turned_down: set[str], deadline: float | None) -> list[tuple[float, Deal]]:
    """Deals with one asset each that the other airline would accept, at the price best for Hard, that leave Hard's
    position better at once, best first."""
    here = value(st, seat)
    out: list[tuple[float, Deal]] = []
    cash = st.airlines[seat].cash
    for p in partners(st, seat):
        theirs = value(st, p, rivals=False)
        for seller, buyer in ((p, seat), (seat, p)):
            for x in tradeable(st, seller, buyer):
                if deadline is not None and now() > deadline:
                    return sorted(out, key=lambda gd: -gd[0])
                if f"{seller}:{buyer}:{x}" in turned_down:
                    continue
                # Buying, the lowest price the seller takes (keeping Hard's reserve); selling, the highest paid.
                prices = quick_prices(st, buyer, [x])
                prices = [q for q in prices if q <= cash - LOW_CASH] if buyer == seat else prices[::-1]
                price = next((q for q in prices if accepts(st, p, seller, buyer, [x], q, here=theirs)), None)
                if price is None:
                    continue
                gain = value(_bought(st, seller, buyer, [x], price), seat) - here
                if gain > 0:
                    out.append((gain, (seller, buyer, x, price)))
    return sorted(out, key=lambda gd: -gd[0])


def _best_turn_value(game: Game, st: FPState, seat: int, deadline: float | None) -> float:
    leaves = turn_lines(game, st, seat, True, NODES[True], DEPTH[True], deadline)
    return max((v for v, _, _ in leaves), default=value(st, seat))


def _wished_purchase(st: FPState, seat: int, turned_down: set[str], deadline: float | None) -> list[str] | None:
    """A purchase from a rival that brings the AI's win nearer by DEAL_GAIN turns or more, at the list price
    times the highest step of the trade ladder up to MOST at which it still does."""
    here = value(st, seat)
    cash = st.airlines[seat].cash
    best: tuple[float, list[str]] | None = None
    for p in partners(st, seat):
        for x in tradeable(st, p, seat):
            if deadline is not None and now() > deadline:
                break  # half the plan's time at most: its turn still needs the rest
            if not can_hold(st, seat, x) or f"{p}:{seat}:{x}" in turned_down:
                continue
            for share in sorted((f for f in LADDER if f <= MOST), reverse=True):
                price = _price(price_of(x), share)
                if price > cash - LOW_CASH:
                    continue
                gain = value(_bought(st, p, seat, [x], price), seat) - here
                if gain >= DEAL_GAIN:
                    if best is None or gain > best[0]:
                        best = (gain, ["trade", f"with:{p}", f"asset:{x}", f"price:{price}"])
                    break
    return best[1] if best else None


def _price(base: int, share: float) -> int:
    return ceil5(base * share)
