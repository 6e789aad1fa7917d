"""How far each airline stands from winning, in turns: the measure the Flight Plan AI plans with (ai_planner.py).

Games between competent airlines are a race to hubs in three regions (the policy wins that way nearly every game),
and every turn allows one action. So an airline's distance to winning is the actions it still needs (a hub each;
a route first where no free hub city lies on its routes; what lifts the two-region limit before a third region)
or, when that comes later, the turns its income needs to pay for them. A position is worth the fastest rival's
distance minus one's own: a hub city bought before a rival can use it, or a rival's route taken at the right price,
counts as much as one's own progress.

Everything here reads public facts only (what each airline owns and where its plane stands): never the deck.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.flight_plan.data import CLASSES, REGIONS, catalog, route
from engine.flight_plan.mechanics import (
    all_earning,
    has_fleet,
    hub_fee_owed,
    hub_regions,
    income,
    limit_lifted,
    operating,
    other_end,
    owner_of_hub,
    win_reason,
)
from engine.flight_plan.state import FPState

FAR = 30.0
"""The distance of an airline that cannot see a way to win (out, or every hub city it could use taken)."""
HUBS_TO_WIN = 3
LOW_CASH = 30
"""Below this, a fine or a fee may force a deactivation (which keeps the win away for three turns)."""
LOW_CASH_COST = 0.6
"""Turns a position is marked down when cash after the turn is below LOW_CASH."""
CASH_WEIGHT = 0.15
"""The share of the turns its income needs that counts even when actions take longer: money in hand is worth a
little always, so the AI never spends it on what brings the win no closer."""
TYPICAL_PRICE = {"short": 55, "medium": 95, "long": 155, "ultra": 225}
"""A route of each class costs about this much: for the cost of a route still to be bought."""


@dataclass(frozen=True)
class Need:
    """What one region's hub would still take: actions, cash, and the regions it adds."""

    actions: float
    cash: int
    region: str


@cache
def hub_cities() -> dict[str, tuple[str, ...]]:
    cities = catalog().cities
    return {r: tuple(c for c, city in cities.items() if city.hub and city.region == r) for r in REGIONS}


@cache
def routes_touching(city: str) -> tuple[int, ...]:
    return tuple(n for n, r in catalog().routes.items() if city in (r.origin, r.destination))


def _owned(st: FPState) -> set[int]:
    return {n for a in st.airlines for n in a.routes}


def _taken_hubs(st: FPState) -> set[str]:
    return {c for a in st.airlines for c in a.hubs}


def _reach(st: FPState, seat: int) -> set[str]:
    """Cities the plane stands in or reaches by one own route flown with an active fleet: a route there can be
    bought this coming turn (fly and buy)."""
    a = st.airlines[seat]
    if a.city is None:
        return set()
    out = {a.city}
    for n in a.routes:
        r = route(n)
        if a.city in (r.origin, r.destination) and has_fleet(a, r.cls) and f"route:{n}" not in a.off:
            out.add(other_end(n, a.city))
    return out


def region_need(st: FPState, seat: int, region: str, owned: set[int], taken: set[str]) -> Need | None:
    """The cheapest way to a hub in `region`: a free hub city on one of the airline's routes (one action), else a
    free route to a free hub city there (two actions, a third if the plane cannot get there and buy this turn)."""
    a = st.airlines[seat]
    free = [c for c in hub_cities()[region] if c not in taken]
    if not free:
        return None
    hub_price = catalog().economy.hub_price
    mine = set(a.routes)
    for c in free:
        if any(n in mine for n in routes_touching(c)):
            return Need(1.0, hub_price, region)
    reach = _reach(st, seat)
    best: Need | None = None
    for c in free:
        for n in routes_touching(c):
            if n in owned:
                continue
            r = route(n)
            steps = 2.0 if reach & {r.origin, r.destination} else 3.0
            need = Need(steps, r.price + hub_price, region)
            if best is None or (need.actions, need.cash) < (best.actions, best.cash):
                best = need
    return best


def lift_need(st: FPState, seat: int) -> tuple[float, int]:
    """Actions and cash that would lift the two-region limit: every route and fleet earning, and either all four
    passenger fleets flying (fleets worth $500M) or $120M income a turn."""
    a = st.airlines[seat]
    if limit_lifted(st, seat):
        return 0.0, 0
    eco = catalog().economy
    classes = {route(n).cls for n in a.routes}
    actions, cash = 0.0, 0
    for cls in classes:
        if cls not in a.fleets:
            actions, cash = actions + 1, cash + eco.fleet[cls].price
    if "cargo" in a.fleets and not any(route(n).cargo for n in a.routes):
        actions, cash = actions + 1, cash + 60
    off = [x for x in a.off if not x.startswith("hub:")]
    wait = max((a.off[x] - a.turns_played for x in off), default=0)
    # Fleets: every passenger class flown.
    missing = [c for c in CLASSES if c not in classes]
    by_fleets = (actions + 2 * len(missing), cash + sum(TYPICAL_PRICE[c] + eco.fleet[c].price for c in missing))
    for c in CLASSES:
        if c in a.fleets and c not in classes:
            by_fleets = (by_fleets[0] - 1, by_fleets[1] - eco.fleet[c].price)
    # Income: about $25M more a turn for each route bought (with a fleet it already flies).
    deficit = eco.revenue_threshold - income(st, seat)
    routes = max(0, math.ceil(deficit / 25))
    by_income = (actions + routes, cash + routes * 100)
    best = min(by_fleets, by_income, key=lambda x: x[0] + x[1] / 300)
    return max(best[0], float(wait)), best[1]


def turns_to_win(st: FPState, seat: int) -> float:
    """The turns `seat` still needs to win by three hub regions, as things stand (fractions: waiting for cash)."""
    a = st.airlines[seat]
    if a.out:
        return FAR
    if win_reason(a) is not None:
        return 0.0
    have = hub_regions(a)
    wait = max((a.off[x] - a.turns_played for x in a.off), default=0)
    need = HUBS_TO_WIN - len(have)
    owned, taken = _owned(st), _taken_hubs(st)
    options = [n for r in REGIONS if r not in have if (n := region_need(st, seat, r, owned, taken)) is not None]
    if len(options) < need:
        return FAR
    ops = operating(a)
    options.sort(key=lambda n: (n.actions + (0.5 if n.region not in ops else 0), n.cash))
    chosen = options[:need]
    actions = sum(n.actions for n in chosen)
    cash = sum(n.cash for n in chosen)
    if len(ops | {n.region for n in chosen}) > 2:
        lift_actions, lift_cash = lift_need(st, seat)
        actions += lift_actions
        cash += lift_cash
    flow = max(net_income(st, seat), 5)
    short = max(0, cash - a.cash)
    cash_turns = short / flow
    return max(actions, cash_turns, float(wait)) + CASH_WEIGHT * cash_turns


def net_income(st: FPState, seat: int) -> int:
    """Revenue and hub-use fees received a turn, less the hub-use fees paid to rivals each round."""
    paid = sum(hub_fee_owed(st, seat, s, c) for s, b in enumerate(st.airlines) if s != seat for c in b.hubs)
    return income(st, seat) - paid


def value(st: FPState, seat: int, rivals: bool = True) -> float:
    """How good the position is for `seat`, in turns: the fastest rival's distance to winning (when `rivals`)
    minus its own, marked down when its cash invites a forced deactivation."""
    if st.phase == "over":
        return 100.0 if seat in st.winners else -100.0
    mine = turns_to_win(st, seat)
    score = -mine
    if rivals:
        others = [turns_to_win(st, s) for s in range(st.players) if s != seat and not st.airlines[s].out]
        if others:
            score += min(others)
    a = st.airlines[seat]
    if a.cash < LOW_CASH and not a.out:
        score -= LOW_CASH_COST * (LOW_CASH - a.cash) / LOW_CASH
    if not all_earning(a):
        score -= 0.05
    return score


def hub_owner(st: FPState, city: str) -> int | None:
    return owner_of_hub(st, city)
