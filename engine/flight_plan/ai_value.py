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
TYPICAL_PRICE = {"short": 55, "medium": 95, "long": 155, "ultra": 225}
TYPICAL_REVENUE = {"short": 12, "medium": 20, "long": 30, "ultra": 45}
"""A route of each class costs and earns about this much: for a route still to be bought."""
RIVAL_WEIGHT = 1.0
"""How much a turn the only rival loses counts against a turn of one's own."""
SPREAD = 1.5
"""About how many turns an estimate of the race may be off by (a briefing, a trade, a hub city taken first): the
width of the curve that turns a margin over a rival into a chance of finishing before it."""
TIE = 0.5
"""Every rival plays a turn before this airline's next one, so an equal count of turns goes to the rival."""
RIVAL_HORIZON = 10.0
"""A rival further from winning than this many turns is as good as stuck: the game is decided before, and the
estimate of a distant airline swings on little (a route sold to one with no fleet)."""
LOSS = 20.0
"""Turns a position is marked down when a rival can win on its next turn: as good as lost."""
DANGER = 1.0
"""Turns a position is marked down for each turn under two that the fastest rival needs: one about to win must
be stopped whatever it costs."""
STUCK = 6.0
"""Turns added when nothing free inside its two regions lifts the limit (a briefing or a trade may still)."""


@dataclass(frozen=True)
class Step:
    """One action still needed: what it costs and how much income a turn it adds."""

    cash: int
    income: int = 0


@dataclass(frozen=True)
class Need:
    """What one region's hub would still take: its actions in order, and the region."""

    steps: tuple[Step, ...]
    region: str

    @property
    def cash(self) -> int:
        return sum(s.cash for s in self.steps)


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
    bought this coming turn (fly and buy). A rival's route leads to a purchase too, but its fee depends on the cash
    the coming turn leaves: the estimate counts the sure ways only."""
    a = st.airlines[seat]
    if a.city is None:
        return set()
    out = {a.city}
    for n in a.routes:
        r = route(n)
        if a.city in (r.origin, r.destination) and has_fleet(a, r.cls) and f"route:{n}" not in a.off:
            out.add(other_end(n, a.city))
    return out


def _route_step(st: FPState, seat: int, n: int) -> Step:
    a = st.airlines[seat]
    r = route(n)
    earns = r.revenue if r.cls in a.fleets else 0
    return Step(r.price, earns)


def region_need(st: FPState, seat: int, region: str, owned: set[int], taken: set[str]) -> Need | None:
    """The cheapest way to a hub in `region`: a free hub city on one of the airline's routes (one action), else a
    free route to a free hub city there first (a flight first too if the plane cannot get there and buy at once)."""
    a = st.airlines[seat]
    free = [c for c in hub_cities()[region] if c not in taken]
    if not free:
        return None
    hub = Step(catalog().economy.hub_price)
    mine = set(a.routes)
    for c in free:
        if any(n in mine for n in routes_touching(c)):
            return Need((hub,), region)
    reach = _reach(st, seat)
    best: Need | None = None
    for c in free:
        for n in routes_touching(c):
            if n in owned:
                continue
            r = route(n)
            steps: tuple[Step, ...] = (_route_step(st, seat, n), hub)
            if not reach & {r.origin, r.destination}:
                steps = (Step(0), *steps)
            need = Need(steps, region)
            if best is None or (len(need.steps), need.cash) < (len(best.steps), best.cash):
                best = need
    return best


def _near_routes(st: FPState, seat: int) -> list[tuple[int, bool]]:
    """Free routes the airline may own before the limit lifts (inside its two regions), each with whether a flight
    must come first (the plane cannot reach an end of it and buy this coming turn)."""
    a = st.airlines[seat]
    ops = operating(a)
    owned = _owned(st)
    reach = _reach(st, seat)
    cat = catalog()
    out = []
    for n, r in cat.routes.items():
        if n in owned or len(ops | cat.regions_of(n)) > 2:
            continue
        out.append((n, not reach & {r.origin, r.destination}))
    return out


def _with_travel(n: int, far: bool, step: Step) -> list[Step]:
    return [Step(0), step] if far else [step]


def lift_options(st: FPState, seat: int) -> list[tuple[Step, ...]]:
    """Ways to lift the two-region limit, as actions with the routes free inside its regions now: every route and
    fleet earning, and either all four passenger fleets flying (fleets worth $500M) or $120M income a turn."""
    a = st.airlines[seat]
    if limit_lifted(st, seat):
        return [()]
    eco = catalog().economy
    classes = {route(n).cls for n in a.routes}
    fix: list[Step] = []
    for cls in sorted(classes):
        if cls not in a.fleets:
            gain = sum(route(n).revenue for n in a.routes if route(n).cls == cls)
            fix.append(Step(eco.fleet[cls].price, gain))
    near = _near_routes(st, seat)
    out: list[tuple[Step, ...]] = []
    # All four passenger fleets, each with a route.
    fleets: list[Step] = list(fix)
    feasible = True
    for c in CLASSES:
        if c in classes:
            continue
        if c not in a.fleets:
            fleets.append(Step(eco.fleet[c].price))
        picks = sorted((far, route(n).price, n) for n, far in near if route(n).cls == c)
        if not picks:
            feasible = False
            break
        far, _, n = picks[0]
        fleets += _with_travel(n, far, Step(route(n).price, route(n).revenue))
    if "cargo" in a.fleets and not any(route(n).cargo for n in a.routes):
        picks = sorted((far, route(n).price, n) for n, far in near if route(n).cargo and route(n).cls in a.fleets)
        if not picks:
            feasible = False
        else:
            far, _, n = picks[0]
            cargo = _with_travel(n, far, Step(route(n).price, route(n).revenue + eco.cargo_revenue))
            fix += cargo
            fleets += cargo
    if feasible:
        out.append(tuple(fleets))
    # Income: the best earning routes of classes it flies (or will fly once `fix` is done).
    deficit = eco.revenue_threshold - income(st, seat) - sum(s.income for s in fix)
    flown = set(a.fleets) | classes
    earners = sorted((far, -route(n).revenue / route(n).price, n) for n, far in near if route(n).cls in flown)
    by_income = list(fix)
    for far, _, n in earners:
        if deficit <= 0:
            break
        r = route(n)
        earns = r.revenue + (eco.cargo_revenue if r.cargo and "cargo" in a.fleets else 0)
        by_income += _with_travel(n, far, Step(r.price, earns))
        deficit -= earns
    if deficit <= 0:
        out.append(tuple(by_income))
    return out


def race(cash: int, flow: int, steps: list[Step]) -> float:
    """Turns to take `steps` in order, one a turn, each once its cash is there (income comes at each turn's start),
    with what cash is left as a fraction of a turn (more is better)."""
    turns = 0
    for step in steps:
        while True:
            turns += 1
            cash += flow
            if cash >= step.cash:
                break
            if turns > FAR:
                return FAR
        cash -= step.cash
        flow += step.income
    return turns - min(cash, 500) / 2000


def turns_to_win(st: FPState, seat: int) -> float:
    """The turns `seat` still needs to win by three hub regions, as things stand."""
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
    inside = sorted((n for n in options if n.region in ops), key=lambda n: (len(n.steps), n.cash))
    outside = sorted((n for n in options if n.region not in ops), key=lambda n: (len(n.steps), n.cash))
    flow = net_income(st, seat)
    best = FAR
    lifted: list[tuple[Step, ...]] | None = None
    for k in range(need + 1):  # k hubs in regions it operates in already, the rest outside
        if k > len(inside) or need - k > len(outside):
            continue
        chosen = inside[:k] + outside[:need - k]
        hubs = [s for n in chosen for s in n.steps]
        regions_after = ops | {n.region for n in chosen}
        if len(regions_after) > 2 and lifted is None:
            lifted = lift_options(st, seat)
        lifts = lifted if len(regions_after) > 2 and lifted is not None else [()]
        for lift in lifts:
            # What it may do inside its regions first, then the lift, then the rest.
            first = [s for n in chosen if n.region in ops for s in n.steps]
            rest = [s for n in chosen if n.region not in ops for s in n.steps]
            turns = race(a.cash, flow, first + list(lift) + rest) if hubs else 0.0
            best = min(best, turns)
        if not lifts:
            turns = race(a.cash, flow, hubs) + STUCK if hubs else 0.0
            best = min(best, turns)
    return max(best, float(wait))


def net_income(st: FPState, seat: int) -> int:
    """Revenue and hub-use fees received a turn, less the hub-use fees paid to rivals each round."""
    paid = sum(hub_fee_owed(st, seat, s, c) for s, b in enumerate(st.airlines) if s != seat for c in b.hubs)
    return income(st, seat) - paid


def rivals_value(mine: float, others: list[float]) -> float:
    """What the rivals' distances to winning add to a position worth -`mine`, in turns.

    Against one rival, its distance (capped at RIVAL_HORIZON): a turn it loses is a turn gained on the only airline
    that can win instead. Against several, holding one up helps the others as much, so each counts by the chance of
    finishing before it: SPREAD times the log of a logistic curve of the margin, which is about the margin itself
    against a rival well ahead and nothing against one well behind. So a turn of one's own counts against every
    rival, a turn taken from a rival only against that one, and only while it might finish first."""
    if len(others) == 1:
        return RIVAL_WEIGHT * min(others[0], RIVAL_HORIZON)
    return sum(SPREAD * _log_chance((min(t, RIVAL_HORIZON) - mine - TIE) / SPREAD) for t in others)


def _log_chance(x: float) -> float:
    """The log of the logistic curve 1 / (1 + e^-x), without overflow far out on the left."""
    return -math.log1p(math.exp(-x)) if x > -30 else x


def value(st: FPState, seat: int, rivals: bool = True) -> float:
    """How good the position is for `seat`, in turns: minus its own distance to winning, plus what its rivals'
    distances add (`rivals_value`, when `rivals`), marked down when its cash invites a forced deactivation."""
    if st.phase == "over":
        return 100.0 if seat in st.winners else -100.0
    mine = turns_to_win(st, seat)
    score = -mine
    if rivals:
        others = [turns_to_win(st, s) for s in range(st.players) if s != seat and not st.airlines[s].out]
        if others:
            fastest = min(others)
            score += rivals_value(mine, others) - DANGER * max(0.0, 2.0 - fastest)
            if fastest < 1.0:
                score -= LOSS  # a rival wins on its next turn, before this airline's
    a = st.airlines[seat]
    if a.cash < LOW_CASH and not a.out:
        score -= LOW_CASH_COST * (LOW_CASH - a.cash) / LOW_CASH
    if not all_earning(a):
        score -= 0.05
    return score
