"""The AI hooks of Flight Plan (`AI`, named by the manifest) and its playout policy (selfplay, conformance, AI
seats): it buys what it can fly, keeps every asset earning and builds towards a winning condition, with seeded
randomness only to break ties.

The plan each turn: a fleet for routes that have none; a hub in a region it has no hub in yet (three hub regions is
the most reachable condition); otherwise the best route it can fly from where it stands, or a flight to a city where
such a route waits. It bids and trades near list price, countering an offer it does not take, and raises cash by
deactivating what earns least.

Airlines differ as players do: a bold one lives on credit and may go bankrupt (ai_bold.py).
"""

from __future__ import annotations

from typing import Any

from engine.core.ai.hooks import GameAI
from engine.core.contract import Decision, GameState, Offer
from engine.core.play import label
from engine.core.rng import Rng
from engine.flight_plan.ai_bold import bold, loss, overpay_plan, stretch_plan
from engine.flight_plan.ai_planner import plan as planner
from engine.flight_plan.data import catalog, route
from engine.flight_plan.game import ENDINGS
from engine.flight_plan.market import bidders
from engine.flight_plan.mechanics import (
    can_hold,
    hub_regions,
    limit_lifted,
    net_worth,
    other_end,
    owner_of_route,
    price_of,
    regions,
)
from engine.flight_plan.standing import standings
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import ai_choices, list_price
from engine.flight_plan.turn import buyable, fly_fee

RESERVE = 30
"""Cash a careful airline keeps back for route-use fees and bad briefings."""
TRADE_ONE_IN = 4


def reserve(st: FPState, seat: int) -> int:
    return 0 if bold(st, seat) else RESERVE


def _ids(decision: Decision) -> list[str]:
    return [o.id for o in decision.options]


def route_score(st: FPState, seat: int, n: int) -> float:
    """How much a route helps: revenue per price if flyable now, and progress towards a winning condition."""
    a = st.airlines[seat]
    cat = catalog()
    r = route(n)
    score = 0.0
    if r.cls in a.fleets:
        score += 3 * r.revenue / r.price
    if r.cargo and "cargo" in a.fleets:
        score += 0.2
    new = cat.regions_of(n) - regions(a)
    if new and limit_lifted(st, seat):
        score += 0.5 * len(new)
    for c in (r.origin, r.destination):
        city = cat.cities[c]
        if city.hub and city.region not in hub_regions(a):
            score += 0.4
    if r.cls == "short":
        reg = cat.region(n)
        mine = sum(1 for m in a.routes if route(m).cls == "short" and cat.region(m) == reg)
        score += 0.15 * mine
    return score


def _affordable(st: FPState, seat: int, n: int) -> bool:
    a = st.airlines[seat]
    r = route(n)
    extra = 0 if r.cls in a.fleets else catalog().economy.fleet[r.cls].price
    return r.price + extra + reserve(st, seat) <= a.cash


def _best_buy(st: FPState, seat: int, ids: list[str], rng: Rng) -> str | None:
    buys = [i for i in ids if i.startswith("buy:") and _affordable(st, seat, int(i[4:]))]
    if not buys:
        return None
    rng.shuffle(buys)
    return max(buys, key=lambda i: route_score(st, seat, int(i[4:])))


def _needed_fleet(st: FPState, seat: int, ids: list[str]) -> str | None:
    a = st.airlines[seat]
    classes = {route(n).cls for n in a.routes}
    for f in ("short", "medium", "long", "ultra"):
        if f in classes and f"fleet:{f}" in ids:
            return f"fleet:{f}"
    cargo = sum(route(n).cargo for n in a.routes)
    if cargo >= 2 and "fleet:cargo" in ids and a.cash >= 100 + reserve(st, seat):
        return "fleet:cargo"
    return None


def _wanted_hub(st: FPState, seat: int, ids: list[str]) -> str | None:
    a = st.airlines[seat]
    cat = catalog()
    if a.cash < cat.economy.hub_price + reserve(st, seat):
        return None
    for i in ids:
        if i.startswith("hub:") and cat.cities[i[4:]].region not in hub_regions(a):
            return i
    return None


def _fly_towards_buys(st: FPState, seat: int, ids: list[str], rng: Rng) -> str | None:
    """A flight to the city with the best affordable route (bought on arrival: fly and buy); an own route a little
    first, as it costs no use fee."""
    a = st.airlines[seat]
    assert a.city is not None
    best: tuple[float, str] | None = None
    flights = [i for i in ids if i.startswith("fly:")]
    rng.shuffle(flights)
    for i in flights:
        n = int(i[4:])
        dest = other_end(n, a.city)
        own = owner_of_route(st, n) == seat
        fee = fly_fee(st, seat, n)[0]
        options = [m for m in buyable(st, seat, dest) if _affordable(st, seat, m) and route(m).price + fee <= a.cash]
        value = max((route_score(st, seat, m) for m in options), default=0.0)
        value += 0.3 if own else 0.0
        if best is None or value > best[0]:
            best = (value, i)
    return best[1] if best else None


def _trade_plan(st: FPState, seat: int) -> list[str] | None:
    """Offer to buy a rival's short-haul route in a region where this airline owns most of the others, at its list
    price (a quick pick): the owner may counter. Worked out from the state alone, so that inside the trade menu the
    policy finds the same plan again (an AI seat plays one step at a time)."""
    a = st.airlines[seat]
    cat = catalog()
    for reg in ("NA", "SA", "EU", "AF", "AP", "ME"):
        shorts = [n for n, r in cat.routes.items() if r.cls == "short" and cat.region(n) == reg]
        mine = [n for n in shorts if n in a.routes]
        if len(mine) < 3:
            continue
        for n in shorts:
            owner = owner_of_route(st, n)
            if owner is None or owner == seat or f"route:{n}" in st.airlines[owner].off:
                continue
            asset = f"route:{n}"
            price = route(n).price
            if price + reserve(st, seat) <= a.cash and can_hold(st, seat, asset):
                return ["trade", f"with:{owner}", f"asset:{asset}", f"price:{price}"]
    return None


def action_plan(st: FPState, seat: int, decision: Decision, rng: Rng) -> list[str]:
    ids = _ids(decision)
    a = st.airlines[seat]
    if st.stranded:
        buys = [i for i in ids if i.startswith("buy:")]
        if buys:
            return [min(buys, key=lambda i: route(int(i[4:])).price)]
    if "trade" in ids and rng.below(TRADE_ONE_IN) == 0:
        plan = _trade_plan(st, seat)
        if plan:
            return plan
    fleet = _needed_fleet(st, seat, ids)
    if fleet:
        return [fleet]
    hub = _wanted_hub(st, seat, ids)
    if hub:
        return [hub]
    if bold(st, seat):
        stretch = stretch_plan(st, seat, ids) or (overpay_plan(st, seat, ids) if rng.below(TRADE_ONE_IN) == 0
                                                  else None)
        if stretch:
            return stretch
    buy = _best_buy(st, seat, ids, rng)
    if buy and route_score(st, seat, int(buy[4:])) > 0.45:
        return [buy]
    flight = _fly_towards_buys(st, seat, ids, rng)
    if flight:
        return [flight]
    if buy:
        return [buy]
    if len(a.fleets) < 4:
        fleets = [i for i in ids if i.startswith("fleet:") and i != "fleet:cargo"
                  and catalog().economy.fleet[i[6:]].price + 2 * reserve(st, seat) <= a.cash]
        if fleets:
            return [rng.choice(fleets)]
    return ["pass"]


def first_move_plan(st: FPState, seat: int, decision: Decision, rng: Rng) -> list[str]:
    ids = _ids(decision)
    a = st.airlines[seat]
    eco = catalog().economy
    if st.step == "fm_routes":
        takes = [i for i in ids if i.startswith("take:")]
        rng.shuffle(takes)
        takes.sort(key=lambda i: -route(int(i[5:])).revenue / route(int(i[5:])).price)
        for i in takes:
            r = route(int(i[5:]))
            fleet_cost = 0 if r.cls in a.fleets or any(route(n).cls == r.cls for n in a.routes) \
                else eco.fleet[r.cls].price
            if not a.routes or r.price + fleet_cost + 250 <= a.cash:
                return [i]
        return ["done"]
    if st.step == "fm_fleets":
        fleet = _needed_fleet(st, seat, ids)
        return [fleet or "done"]
    if st.step == "fm_city":
        return [rng.choice(ids)]
    hub = _wanted_hub(st, seat, ids)
    return [hub if hub and a.cash - eco.hub_price >= 60 else "done"]


def useful(st: FPState, seat: int, asset: str) -> bool:
    a = st.airlines[seat]
    kind, _, key = asset.partition(":")
    if kind == "route":
        return route(int(key)).cls in a.fleets
    if kind == "fleet":
        return any(route(n).cls == key for n in a.routes) or (key == "cargo" and any(route(n).cargo for n in a.routes))
    return catalog().cities[key].region not in hub_regions(a)


def _sweeping(st: FPState, seat: int, asset: str) -> bool:
    """A short-haul route of a region where this airline owns three or more of the five."""
    kind, _, key = asset.partition(":")
    if kind != "route" or route(int(key)).cls != "short":
        return False
    reg = catalog().region(int(key))
    a = st.airlines[seat]
    return sum(1 for n in a.routes if route(n).cls == "short" and catalog().region(n) == reg) >= 3


def precious(st: FPState, seat: int, asset: str) -> bool:
    """Assets this airline keeps whatever the price: hubs, and short routes of a region it is sweeping."""
    a = st.airlines[seat]
    kind, _, key = asset.partition(":")
    if kind == "hub":
        return True
    if kind == "route" and route(int(key)).cls == "short":
        reg = catalog().region(int(key))
        return sum(1 for n in a.routes if route(n).cls == "short" and catalog().region(n) == reg) >= 3
    return kind == "fleet" and useful(st, seat, asset)


def answer_plan(st: FPState, seat: int, decision: Decision) -> list[str]:
    """Sell at half again the list price or more; buy what it can use at list price or less, or at up to half again
    that for a route of a region it is sweeping; otherwise counter with the listed price nearest to its aim, or
    decline."""
    o = st.offer
    ids = _ids(decision)
    if o is None or "accept" not in ids:
        return ["decline"]
    base = list_price(o.assets)
    counters = sorted(int(i[8:]) for i in ids if i.startswith("counter:"))
    if seat == o.seller:
        if any(precious(st, seat, x) for x in o.assets):
            return ["decline"]
        aim = 1.5 * base
        if o.price >= aim:
            return ["accept"]
        return [f"counter:{counters[-1]}"] if counters else ["decline"]
    cash = st.airlines[seat].cash - reserve(st, seat)
    if not all(useful(st, seat, x) or precious(st, seat, x) for x in o.assets):
        return ["decline"]
    most = base * (1.5 if all(_sweeping(st, seat, x) for x in o.assets) else 1)
    if o.price <= most and o.price <= cash:
        return ["accept"]
    fits = [c for c in counters if c <= most and c <= cash]
    return [f"counter:{fits[-1]}"] if fits else ["decline"]


def bid_plan(st: FPState, seat: int, decision: Decision) -> list[str]:
    auc = st.auction
    assert auc is not None
    lot = auc.lots[0]
    cap = price_of(lot) * (0.9 if useful(st, seat, lot) else 0.4)
    bids = sorted(int(i[4:]) for i in _ids(decision) if i.startswith("bid:"))
    affordable = [b for b in bids if b <= cap and b + reserve(st, seat) <= st.airlines[seat].cash]
    return [f"bid:{affordable[0]}"] if affordable else ["pass"]


def debt_plan(st: FPState, seat: int, decision: Decision) -> list[str]:
    """Deactivate first what earns nothing, then what earns least for its price."""
    return [min(_ids(decision), key=lambda option: loss(st, seat, option.partition(":")[2]))]


def playout_plan(st: FPState, decision: Decision, rng: Rng) -> list[str]:
    seat = decision.seat
    if decision.kind == "debt":
        return debt_plan(st, seat, decision)
    if decision.kind == "bid":
        return bid_plan(st, seat, decision) if seat in bidders(st) else ["pass"]
    if decision.kind == "offer":
        return answer_plan(st, seat, decision)
    if st.step.startswith("fm_"):
        return first_move_plan(st, seat, decision, rng)
    ids = _ids(decision)
    if st.step == "action":
        return action_plan(st, seat, decision, rng)
    if st.step == "after_buy":
        flights = [i for i in ids if i.startswith("fly:")]
        return [flights[0] if flights and rng.below(2) else "stay"]
    if st.step == "after_fly":
        buy = _best_buy(st, seat, ids, rng)
        if buy:
            return [buy]
        return ["end"]
    if st.step == "wrap_up":
        return ["end"]
    return _resume(st, seat) or ["back" if "back" in ids else ids[0]]


def _resume(st: FPState, seat: int) -> list[str] | None:
    """Inside a menu the policy opened (deactivation, a trade): the rest of the plan that opened it, worked out again
    from the state as it is now, or None (then it backs out). An AI seat plays one step at a time, so every step
    has to find its way on by itself."""
    if st.step == "cash":
        plan = stretch_plan(st, seat, ["cash"]) if bold(st, seat) else None
        return plan[1:] if plan and plan[0] == "cash" else None
    draft = st.draft
    if draft is None:
        return None
    done = ["trade"]
    if draft.partner is not None:
        done.append(f"with:{draft.partner}")
    done += [f"asset:{x}" for x in draft.assets]
    for plan in (_trade_plan(st, seat), overpay_plan(st, seat, ["trade"]) if bold(st, seat) else None):
        if plan and "trade" in plan:
            plan = plan[plan.index("trade"):]
            if plan[:len(done)] == done and len(plan) > len(done):
                return plan[len(done):]
    return None



def _fp(state: GameState) -> FPState:
    assert isinstance(state, FPState)
    return state


class FlightPlanAI(GameAI):
    """Flight Plan for the AI: the policy above, net worth as the search weighs it (standing.py), and a planner of
    its own at Normal and Hard (ai_planner.py)."""

    search_beats_policy = True  # docs/notes/ai.md: Normal and Hard (ai_planner.py) beat the policy in arenas
    race_label = "net worth ($M)"
    race_unit = "${}M"
    summary_values = {"ending": ENDINGS, "had a bankruptcy": ["yes", "no"], "had an auction": ["yes", "no"],
                      "had a trade": ["yes", "no"]}

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        st = _fp(state)
        decision = label(self.game, state, offer)
        kept = ai_choices(st, [o.id for o in decision.options])
        if len(kept) < len(decision.options):  # an AI airline haggles no further (trade.AI_OFFERS)
            decision = decision.model_copy(update={"options": [o for o in decision.options if o.id in kept]})
        return playout_plan(st, decision, rng)

    def level_plan(self, state: GameState, seat: int, level: str, rng: Rng,
                   seconds: float | None = None) -> list[str] | None:
        return planner(self.game, _fp(state), seat, level == "hard", rng, seconds)

    def score_now(self, state: GameState) -> list[float] | None:
        return standings(_fp(state))

    def race(self, state: GameState) -> list[float] | None:
        """Net worth, as the final standings count it (a bankrupt airline at 0): the search's own figure adds prices
        on winning conditions that no player counts."""
        return [0.0 if a.out else float(net_worth(a)) for a in _fp(state).airlines]

    def summary(self, state: GameState) -> dict[str, Any]:
        st = _fp(state)
        bankrupt = sum(a.out for a in st.airlines)
        auctions, trades = st.tally.get("auctions", 0), st.tally.get("trades", 0)
        return {"rounds": st.round, "ending": st.ending, "bankruptcies": bankrupt, "auctions": auctions,
                "lots sold at auction": st.tally.get("lots sold", 0), "trades": trades,
                "counter-offers": st.tally.get("counter-offers", 0),
                "had a bankruptcy": "yes" if bankrupt else "no", "had an auction": "yes" if auctions else "no",
                "had a trade": "yes" if trades else "no",
                "winning seat": [f"seat {s + 1}" for s in st.winners]}


AI = FlightPlanAI
