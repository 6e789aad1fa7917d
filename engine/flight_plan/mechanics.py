"""Rules that several steps share: ownership, what is active, revenue, the two-region limit, payments, deactivation,
winning conditions and net worth."""

from __future__ import annotations

from engine.core.contract import Event, Option
from engine.core.text import OPTION_TEXT, shorten
from engine.flight_plan.data import CLASS_NAMES, REGION_NAMES, REGIONS, catalog, city_name, route, route_label
from engine.flight_plan.state import Airline, Debt, FPState


def opt(oid: str, label: str, detail: str = "") -> Option:
    """An option cut to Discord's longest label and detail (100 each, a select entry's; the bot cuts a button's
    label to its 80), visibly, with "…": shared by the turn, trades and auctions, so it lives below all three and
    none of them imports another for it."""
    return Option(id=oid, label=shorten(label, OPTION_TEXT), detail=shorten(detail, OPTION_TEXT))


ROUND_CAP = "round_cap"
"""The lobby option of the round cap, a house rule (off by default: the book plays until an airline wins)."""


def round_cap(st: FPState) -> int | None:
    value = str(st.options.get(ROUND_CAP, "off"))
    return int(value) if value.isdigit() else None


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def money(amount: int) -> str:
    return f"${amount}M"


def ceil5(value: float) -> int:
    """Half prices are rounded up to the next $5M: the smallest banknote."""
    return int(-(-value // 5) * 5)


# ---- assets --------------------------------------------------------------------------------------------------------

def assets(a: Airline) -> list[str]:
    return [f"route:{n}" for n in a.routes] + [f"fleet:{f}" for f in a.fleets] + [f"hub:{c}" for c in a.hubs]


def price_of(asset: str) -> int:
    kind, _, key = asset.partition(":")
    eco = catalog().economy
    if kind == "route":
        return route(int(key)).price
    if kind == "fleet":
        return eco.fleet[key].price
    return eco.hub_price


def asset_label(asset: str) -> str:
    kind, _, key = asset.partition(":")
    if kind == "route":
        return f"route {route_label(int(key))}"
    if kind == "fleet":
        return f"{CLASS_NAMES[key]} fleet"
    return f"hub in {city_name(key)}"


def owner_of_route(st: FPState, number: int) -> int | None:
    for s, a in enumerate(st.airlines):
        if number in a.routes:
            return s
    return None


def owner_of_hub(st: FPState, city: str) -> int | None:
    for s, a in enumerate(st.airlines):
        if city in a.hubs:
            return s
    return None


def owns(a: Airline, asset: str) -> bool:
    kind, _, key = asset.partition(":")
    if kind == "route":
        return int(key) in a.routes
    if kind == "fleet":
        return key in a.fleets
    return key in a.hubs


def active(a: Airline, asset: str) -> bool:
    return owns(a, asset) and asset not in a.off


def has_fleet(a: Airline, cls: str) -> bool:
    return active(a, f"fleet:{cls}")


def touches(number: int, city: str) -> bool:
    r = route(number)
    return city in (r.origin, r.destination)


def other_end(number: int, city: str) -> str:
    r = route(number)
    return r.destination if city == r.origin else r.origin


# ---- money ---------------------------------------------------------------------------------------------------------

def revenue(a: Airline) -> int:
    """Revenue per turn: active routes flown by an active fleet of their class, plus cargo payments."""
    eco = catalog().economy
    total = 0
    for n in a.routes:
        if not active(a, f"route:{n}"):
            continue
        r = route(n)
        if has_fleet(a, r.cls):
            total += r.revenue
        if r.cargo and has_fleet(a, "cargo"):
            total += eco.cargo_revenue
    return total


def fleet_value(a: Airline) -> int:
    return sum(price_of(f"fleet:{f}") for f in a.fleets if active(a, f"fleet:{f}"))


def exempt_in(a: Airline, region: str) -> bool:
    """Owning a hub in a region spares its owner the hub-use fees of rival hubs there. The book's word is owning,
    so a deactivated hub of one's own still counts."""
    cities = catalog().cities
    return any(cities[c].region == region for c in a.hubs)


def hub_fee_owed(st: FPState, payer: int, hub_owner: int, city: str) -> int:
    """What `payer` owes `hub_owner` each of the hub owner's turns for its active routes touching the hub in `city`
    (nothing for a deactivated hub, a deactivated route, or a payer with a hub of its own in that region)."""
    cat = catalog()
    owner, other = st.airlines[hub_owner], st.airlines[payer]
    if payer == hub_owner or other.out or not active(owner, f"hub:{city}"):
        return 0
    if exempt_in(other, cat.cities[city].region):
        return 0
    return sum(cat.economy.hub_fee[route(n).cls] for n in other.routes
               if touches(n, city) and active(other, f"route:{n}"))


def hub_income(st: FPState, seat: int) -> int:
    """The hub-use fees this airline's hubs bring in each turn as things stand: revenue, in the book's words."""
    a = st.airlines[seat]
    return sum(hub_fee_owed(st, s, seat, city) for city in a.hubs for s in range(st.players))


def income(st: FPState, seat: int) -> int:
    """Revenue per turn for the two-region limit: route and cargo revenue plus hub-use fees received."""
    return revenue(st.airlines[seat]) + hub_income(st, seat)


def all_earning(a: Airline) -> bool:
    """Every route and fleet actively earning (the third condition): none of them deactivated, every route has its
    fleet and every fleet has a route to fly. The book names routes and fleets only, so a deactivated hub does not
    keep the limit."""
    if any(not x.startswith("hub:") for x in a.off):
        return False
    classes = {route(n).cls for n in a.routes}
    if any(c not in a.fleets for c in classes):
        return False
    if any(f != "cargo" and f not in classes for f in a.fleets):
        return False
    return "cargo" not in a.fleets or any(route(n).cargo for n in a.routes)


def limit_lifted(st: FPState, seat: int) -> bool:
    a = st.airlines[seat]
    eco = catalog().economy
    if a.unrestricted:
        return True
    if not all_earning(a):
        return False
    return fleet_value(a) >= eco.fleet_threshold or income(st, seat) >= eco.revenue_threshold


def regions(a: Airline) -> set[str]:
    out: set[str] = set()
    for n in a.routes:
        out |= catalog().regions_of(n)
    return out


def operating(a: Airline) -> set[str]:
    """The regions an airline operates in, for the two-region limit: those its routes touch and those of its hubs
    (a hub normally sits on a route of its owner, but one bought from a rival need not)."""
    return regions(a) | hub_regions(a)


def region_word(names: set[str]) -> str:
    return ", ".join(REGION_NAMES[r] for r in REGIONS if r in names)


def region_refusal(st: FPState, seat: int, number: int, mine: set[str] | None = None) -> str | None:
    """Why this airline may not own route `number` under the two-region limit, or None if it may. `mine`: the
    airline's operating regions, when the caller already has them."""
    a = st.airlines[seat]
    after = (operating(a) if mine is None else mine) | catalog().regions_of(number)
    if len(after) <= 2 or limit_lifted(st, seat):
        return None
    return (f"Route {number} would take you into a third region. Earn {money(catalog().economy.revenue_threshold)} a "
            f"turn (hub-use fees count) or fly fleets worth {money(catalog().economy.fleet_threshold)}, with every "
            "route and fleet earning, to leave your two regions.")


def charge(st: FPState, debtor: int, amount: int, creditor: int | None, reason: str) -> list[Event]:
    """Pay now if the cash is there; otherwise the debt waits until the debtor deactivates enough (or goes bankrupt)."""
    if amount <= 0:
        return []
    a = st.airlines[debtor]
    if a.out:
        return []
    if a.cash >= amount and not any(d.debtor == debtor for d in st.debts):
        a.cash -= amount
        if creditor is not None:
            st.airlines[creditor].cash += amount
        to = "the bank" if creditor is None else who(creditor)
        return [Event(text=f"{who(debtor)} pays {money(amount)} to {to} ({reason}).")]
    st.debts.append(Debt(debtor=debtor, creditor=creditor, amount=amount, reason=reason))
    return [Event(text=f"{who(debtor)} owes {money(amount)} ({reason}) but has only {money(a.cash)}: "
                      "they must deactivate assets to pay.")]


def deactivation_value(asset: str) -> int:
    return ceil5(price_of(asset) / 2)


def deactivate(st: FPState, seat: int, asset: str, paid: bool = True) -> list[Event]:
    a = st.airlines[seat]
    a.off[asset] = a.turns_played + catalog().economy.deactivation_turns + 1
    if not paid:
        return [Event(text=f"{who(seat)}'s {asset_label(asset)} is deactivated for three turns.")]
    value = deactivation_value(asset)
    a.cash += value
    return [Event(text=f"{who(seat)} deactivates their {asset_label(asset)} for three turns and gets {money(value)}.")]


def can_deactivate(st: FPState, seat: int) -> list[str]:
    a = st.airlines[seat]
    return [x for x in assets(a) if x not in a.off and f"{seat}:{x}" not in st.fresh]


def back_in(a: Airline, asset: str) -> int:
    """In how many of the owner's turns the asset is back (1: at the start of its next turn)."""
    return max(a.off[asset] - a.turns_played, 1)


# ---- winning -------------------------------------------------------------------------------------------------------

def six_regions(a: Airline) -> bool:
    """Some connected network of the airline's routes reaches all six regions."""
    cat = catalog()
    links: dict[str, set[str]] = {}
    for n in a.routes:
        r = route(n)
        links.setdefault(r.origin, set()).add(r.destination)
        links.setdefault(r.destination, set()).add(r.origin)
    seen: set[str] = set()
    for start in links:
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            for nxt in links[stack.pop()] - group:
                group.add(nxt)
                stack.append(nxt)
        seen |= group
        if {cat.cities[c].region for c in group} >= set(REGIONS):
            return True
    return False


def hub_regions(a: Airline) -> set[str]:
    return {catalog().cities[c].region for c in a.hubs}


def short_sweep(a: Airline) -> list[str]:
    """Regions all of whose short-haul routes the airline owns."""
    owned = set(a.routes)
    return [reg for reg, ns in catalog().shorts.items() if owned.issuperset(ns)]


def win_reason(a: Airline) -> str | None:
    if a.out or a.off:
        return None
    if len(regions(a)) == len(REGIONS) and six_regions(a):
        return "six regions"
    if len(hub_regions(a)) >= 3:
        return "three hub regions"
    if len(short_sweep(a)) >= 2:
        return "short-haul sweep"
    return None


def net_worth(a: Airline) -> int:
    """Cash plus the purchase price of everything owned: who wins at the round cap (a house rule)."""
    return a.cash + sum(price_of(x) for x in assets(a))


def progress(a: Airline) -> dict[str, int]:
    """How far along each winning condition an airline is (for views and the AI)."""
    cat = catalog()
    reached = len(regions(a))
    shorts: dict[str, int] = {}
    for n in a.routes:
        if route(n).cls == "short":
            reg = cat.region(n)
            shorts[reg] = shorts.get(reg, 0) + 1
    best_two = sorted(shorts.values(), reverse=True)[:2]
    return {"regions": reached, "hub_regions": len(hub_regions(a)), "shorts_best_two": sum(best_two)}


# ---- who may hold what ---------------------------------------------------------------------------------------------

def gained_regions(bundle: list[str]) -> set[str]:
    """Regions a bundle would add to its new owner's operations: both ends of each route, each hub's city."""
    cat = catalog()
    out: set[str] = set()
    for x in bundle:
        kind, _, key = x.partition(":")
        if kind == "route":
            out |= cat.regions_of(int(key))
        elif kind == "hub":
            out.add(cat.cities[key].region)
    return out


def holding_problem(st: FPState, buyer: int, bundle: list[str]) -> str | None:
    """Why `buyer` may not take all of `bundle` at once, or None: one fleet of each kind at most, and the two-region
    limit (which the book sets on operating, so it counts whatever way a route or hub arrives)."""
    b = st.airlines[buyer]
    for x in bundle:
        kind, _, key = x.partition(":")
        if kind == "fleet" and key in b.fleets:
            return f"{who(buyer)} already has a {CLASS_NAMES[key]} fleet, and an airline owns one of each kind at most."
    after = operating(b) | gained_regions(bundle)
    if len(after) > 2 and not limit_lifted(st, buyer):
        return (f"{who(buyer)} may operate in two regions only for now, and this would make "
                f"{len(after)} ({region_word(after)}).")
    return None


def can_hold(st: FPState, buyer: int, asset: str) -> bool:
    return holding_problem(st, buyer, [asset]) is None
