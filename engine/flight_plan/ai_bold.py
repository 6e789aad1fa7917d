"""The bold airline of the playout policy: one that lives on credit, as some people at a table do.

About one airline in BOLD_ONE_IN (drawn from the game's seed and the seat, so it holds for the whole game) is bold.
It keeps no cash back; when it cannot afford what it wants next (a hub in a region it has none in, else the dearest
route it may buy where it stands) it deactivates assets, least earning first, for the cash it lacks; and it pays
twice the list price for a rival's route it can fly. It grows fast, earns little while its assets sit out, and a
fine or a fee that comes while everything sits out and its cash is gone makes it bankrupt: so selfplay meets
bankruptcies and the bank's auctions, as tables of people do. A careful airline never does any of this.
"""

from __future__ import annotations

from engine.flight_plan.data import catalog, route
from engine.flight_plan.mechanics import (
    can_deactivate,
    deactivation_value,
    hub_regions,
    owner_of_hub,
    price_of,
    revenue,
)
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import partners, tradeable
from engine.flight_plan.turn import buyable

BOLD_ONE_IN = 3
OVERPAY = 2
"""A bold airline offers this many times the list price for a rival's route it can fly (the top quick pick)."""


def bold(st: FPState, seat: int) -> bool:
    """Whether this seat's airline lives on credit, fixed for the game: from public facts only (the seed and the
    seat), never from the deck, so a policy seat's play depends on nothing it may not see."""
    mixed = (st.seed * 0x9E3779B1 + (seat + 1) * 0x85EBCA77) & 0xFFFFFFFF
    return (mixed >> 7) % BOLD_ONE_IN == 0


def loss(st: FPState, seat: int, asset: str) -> tuple[float, int]:
    """Revenue an asset's deactivation would cost, per $M of its price (then the dearest first)."""
    a = st.airlines[seat]
    base = revenue(a)
    a.off[asset] = 0
    lost = base - revenue(a)
    del a.off[asset]
    return (lost / max(price_of(asset), 1), -price_of(asset))


def pawn(st: FPState, seat: int, need: int) -> list[str] | None:
    """Deactivations (least earning first, hubs last) that raise the cash to `need`, or None if they cannot."""
    a = st.airlines[seat]
    if a.cash >= need:
        return []
    plan: list[str] = []
    cash = a.cash
    ranked = sorted(can_deactivate(st, seat), key=lambda x: (x.startswith("hub:"), loss(st, seat, x)))
    for asset in ranked:
        plan += ["cash", f"deactivate:{asset}"]
        cash += deactivation_value(asset)
        if cash >= need:
            return plan
    return None


def hub_sites(st: FPState, seat: int) -> list[str]:
    """Hub cities on this airline's routes that nobody has developed yet (whatever its cash)."""
    cities = catalog().cities
    found: list[str] = []
    for n in st.airlines[seat].routes:
        r = route(n)
        for c in (r.origin, r.destination):
            if cities[c].hub and c not in found and owner_of_hub(st, c) is None:
                found.append(c)
    return found


def stretch_plan(st: FPState, seat: int, ids: list[str]) -> list[str] | None:
    """Deactivate for what it cannot afford: a hub in a new region, else the dearest route it may buy here."""
    if "cash" not in ids:
        return None
    a = st.airlines[seat]
    cat = catalog()
    cities = [c for c in hub_sites(st, seat) if cat.cities[c].region not in hub_regions(a)]
    if cities:
        plan = pawn(st, seat, cat.economy.hub_price)
        if plan:
            return [*plan, f"hub:{cities[0]}"]
    if a.city is None:
        return None
    rich = a.cash + sum(deactivation_value(x) for x in can_deactivate(st, seat))
    wanted = [n for n in buyable(st, seat, a.city, cash=rich) if route(n).price > a.cash]
    if wanted:
        n = max(wanted, key=lambda m: route(m).price)
        plan = pawn(st, seat, route(n).price)
        if plan:
            return [*plan, f"buy:{n}"]
    return None


def overpay_plan(st: FPState, seat: int, ids: list[str]) -> list[str] | None:
    """Offer twice the list price for a rival's route this airline can fly, deactivating to pay if need be."""
    if "trade" not in ids:
        return None
    a = st.airlines[seat]
    for p in partners(st, seat):
        for x in tradeable(st, p, seat):
            if not x.startswith("route:") or route(int(x[6:])).cls not in a.fleets:
                continue
            price = OVERPAY * price_of(x)
            plan = pawn(st, seat, price)
            if plan is None:
                continue
            return [*plan, "trade", f"with:{p}", f"asset:{x}", f"price:{price}"]
    return None
