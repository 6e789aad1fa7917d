"""The current player's decisions: the first move, then the regular turn (revenue and briefing happen by themselves,
then one action), with deactivation and trade offers as free actions.

Steps (st.step) and their option ids:
  fm_routes   take:<n> (a dealt route) | done          fm_fleets  fleet:<cls> | done
  fm_city     start:<city>                             fm_hubs    hub:<city> | done
  action      buy:<n> | fly:<n> | fleet:<cls> | hub:<city> | pass | cash | trade
  after_buy   fly:<n> (the route just bought) | stay | cash | trade
  after_fly   fly:<n> (second leg) | buy:<n> (only after flying an own route) | end | cash | trade
  cash        deactivate:<asset> | back
  trade_partner with:<seat> | back;  trade_asset  asset:<asset> | back;  trade_price  price:<amount> | back
"""

from __future__ import annotations

from functools import cache

from engine.core.contract import Event, IllegalAction, Option
from engine.flight_plan import briefing
from engine.flight_plan.data import CLASS_NAMES, FLEETS, catalog, city_name, route, route_label
from engine.flight_plan.mechanics import (
    active,
    asset_label,
    can_deactivate,
    charge,
    deactivate,
    deactivation_value,
    has_fleet,
    money,
    other_end,
    owner_of_hub,
    owner_of_route,
    region_refusal,
    regions,
    revenue,
    touches,
    who,
)
from engine.flight_plan.state import FPState

PROMPTS = {
    "fm_routes": "First move: buy one or more of the routes dealt to you.",
    "fm_fleets": "First move: buy fleets to fly your routes (one of each kind at most).",
    "fm_city": "First move: pick your departure city.",
    "fm_hubs": "First move: develop hubs on your routes, or finish your first move.",
    "action": "Your action for this turn.",
    "after_buy": "Fly your new route, or stay where you are.",
    "after_fly": "Fly a second leg, buy a route here (after flying your own), or end your turn.",
    "cash": "Deactivate an asset for half its price (it sits out three turns).",
    "trade_partner": "Trade with which airline?",
    "trade_asset": "Which asset changes hands?",
    "trade_price": "For how much?",
}
FREE_STEPS = ("action", "after_buy", "after_fly")
MAX_OFFERS = 3
"""Trade offers per turn (a ruling of ours): enough to bargain, too few to stall the table."""


def opt(oid: str, label: str, detail: str = "") -> Option:
    return Option(id=oid, label=label[:80], detail=detail[:100])


def route_detail(number: int) -> str:
    r = route(number)
    cargo = ", cargo" if r.cargo else ""
    return f"{CLASS_NAMES[r.cls]}{cargo}; earns {money(r.revenue)} a turn; use fee {money(r.use_fee)}"


# ---- what is legal -------------------------------------------------------------------------------------------------

def buyable(st: FPState, seat: int, city: str) -> list[int]:
    """Unowned routes from or to `city` the seat can pay for and may own."""
    a = st.airlines[seat]
    owned = owned_routes(st)
    mine = regions(a)
    return [n for n in routes_at(city) if n not in owned and route(n).price <= a.cash
            and region_refusal(a, n, mine) is None]


def owned_routes(st: FPState) -> dict[int, int]:
    """Route number -> owner seat, for every owned route."""
    return {n: s for s, a in enumerate(st.airlines) for n in a.routes}


@cache
def routes_at(city: str) -> tuple[int, ...]:
    return tuple(n for n, r in catalog().routes.items() if city in (r.origin, r.destination))


def fly_fee(st: FPState, seat: int, number: int) -> tuple[int, int | None]:
    """(fee, paid to) for `seat` flying `number`: nothing on an own route or a deactivated one."""
    owner = owner_of_route(st, number)
    if owner is None or owner == seat or not active(st.airlines[owner], f"route:{number}"):
        return 0, None
    return route(number).use_fee, owner


def flyable(st: FPState, seat: int, own_only: bool = False) -> list[int]:
    a = st.airlines[seat]
    if a.city is None:
        return []
    out = []
    owned = owned_routes(st)
    for n in routes_at(a.city):
        owner = owned.get(n)
        if owner is None or (own_only and owner != seat) or not has_fleet(a, route(n).cls):
            continue
        if fly_fee(st, seat, n)[0] <= a.cash:
            out.append(n)
    return out


def fleets_buyable(st: FPState, seat: int) -> list[str]:
    a = st.airlines[seat]
    return [f for f in FLEETS if f not in a.fleets and catalog().economy.fleet[f].price <= a.cash]  # type: ignore


def hubs_buyable(st: FPState, seat: int) -> list[str]:
    a = st.airlines[seat]
    if a.cash < catalog().economy.hub_price:
        return []
    cities = catalog().cities
    found: list[str] = []
    for n in a.routes:
        r = route(n)
        for c in (r.origin, r.destination):
            if cities[c].hub and c not in found and owner_of_hub(st, c) is None:
                found.append(c)
    return found


def partners(st: FPState, seat: int) -> list[int]:
    return [s for s in range(st.players) if s != seat and not st.airlines[s].out]


def can_hold(st: FPState, buyer: int, asset: str) -> bool:
    a = st.airlines[buyer]
    kind, _, key = asset.partition(":")
    if kind == "route":
        return region_refusal(a, int(key)) is None
    if kind == "fleet":
        return key not in a.fleets
    return any(touches(n, key) for n in a.routes)


def tradeable(st: FPState, seller: int, buyer: int) -> list[str]:
    """Active assets of `seller` that `buyer` may own (deactivated assets do not change hands: a ruling)."""
    from engine.flight_plan.mechanics import assets

    s = st.airlines[seller]
    return [x for x in assets(s) if x not in s.off and can_hold(st, buyer, x)]


def price_points(st: FPState, buyer: int, asset: str) -> list[int]:
    from engine.flight_plan.mechanics import ceil5, price_of

    base = price_of(asset)
    points = sorted({ceil5(base * f) for f in (0.5, 0.75, 1, 1.25, 1.5, 2)})
    return [p for p in points if p <= st.airlines[buyer].cash]


def free_options(st: FPState) -> list[Option]:
    out = []
    if can_deactivate(st, st.turn):
        out.append(opt("cash", "Deactivate an asset for cash"))
    if st.offer is None and st.offers_made < MAX_OFFERS and _trade_possible(st):
        out.append(opt("trade", "Offer a trade to another airline"))
    return out


def _trade_possible(st: FPState) -> bool:
    me = st.turn
    return any(_any_trade(st, me, p) or _any_trade(st, p, me) for p in partners(st, me))


def _any_trade(st: FPState, seller: int, buyer: int) -> bool:
    """Whether `tradeable(st, seller, buyer)` holds an asset with a price the buyer can pay, without listing them
    all: the cheapest price point (half the list price) is tested before the costly two-region check, and the first
    hit ends the search. This runs on every action listing, and listing the whole trade menu was most of a
    search rollout's time."""
    from engine.flight_plan.mechanics import assets, ceil5, limit_lifted, price_of

    s, b = st.airlines[seller], st.airlines[buyer]
    mine: set[str] | None = None  # the buyer's regions and lifted limit, worked out once (can_hold's route test)
    lifted: bool | None = None
    for x in assets(s):
        if x in s.off or ceil5(price_of(x) * 0.5) > b.cash:
            continue
        kind, _, key = x.partition(":")
        if kind != "route":
            if can_hold(st, buyer, x):
                return True
            continue
        if mine is None:
            mine = regions(b)
        if len(mine | catalog().regions_of(int(key))) <= 2:
            return True
        if lifted is None:
            lifted = limit_lifted(b)
        if lifted:
            return True
    return False


def options(st: FPState) -> list[Option]:
    seat, step = st.turn, st.step
    a = st.airlines[seat]
    eco = catalog().economy
    if step == "fm_routes":
        out = [opt(f"take:{n}", f"Buy {route_label(n)} ({money(route(n).price)})", route_detail(n))
               for n in st.dealt[seat] if n not in a.routes and route(n).price <= a.cash
               and region_refusal(a, n) is None]
        return out + ([opt("done", "Done buying routes")] if a.routes else [])
    if step == "fm_fleets":
        return [opt(f"fleet:{f}", f"Buy the {CLASS_NAMES[f]} fleet ({money(eco.fleet[f].price)})")  # type: ignore
                for f in fleets_buyable(st, seat)] + [opt("done", "Done buying fleets")]
    if step == "fm_city":
        starts = sorted({route(n).origin for n in a.routes})
        return [opt(f"start:{c}", f"Start in {city_name(c)}") for c in starts]
    if step == "fm_hubs":
        return [opt(f"hub:{c}", f"Develop a hub in {city_name(c)} ({money(eco.hub_price)})")
                for c in hubs_buyable(st, seat)] + [opt("done", "Finish the first move")]
    if step == "action":
        return _action_options(st) + free_options(st)
    if step == "after_buy":
        assert st.leg is not None and a.city is not None
        out = []
        if has_fleet(a, route(st.leg).cls):
            out.append(opt(f"fly:{st.leg}", f"Fly to {city_name(other_end(st.leg, a.city))}"))
        return [*out, opt("stay", f"Stay in {city_name(a.city)} and end the turn"), *free_options(st)]
    if step == "after_fly":
        assert a.city is not None
        out = [_fly_option(st, seat, n) for n in flyable(st, seat)]
        if st.own_leg:
            out += [_buy_option(n) for n in buyable(st, seat, a.city)]
        return [*out, opt("end", "End the turn"), *free_options(st)]
    if step == "cash":
        return [opt(f"deactivate:{x}", f"Deactivate {asset_label(x)} (+{money(deactivation_value(x))})")
                for x in can_deactivate(st, seat)] + [opt("back", "Back")]
    if step == "trade_partner":
        return [opt(f"with:{p}", f"Trade with {who(p)}") for p in partners(st, seat)] + [opt("back", "Back")]
    if step == "trade_asset":
        assert st.draft is not None and st.draft.partner is not None
        p = st.draft.partner
        out = [opt(f"asset:{x}", f"Buy {who(p)}'s {asset_label(x)}") for x in tradeable(st, p, seat)
               if price_points(st, seat, x)]
        out += [opt(f"asset:{x}", f"Sell your {asset_label(x)} to {who(p)}") for x in tradeable(st, seat, p)
                if price_points(st, p, x)]
        return [*out, opt("back", "Back")]
    if step == "trade_price":
        assert st.draft is not None and st.draft.asset is not None and st.draft.seller is not None
        buyer = st.draft.partner if st.draft.seller == seat else seat
        assert buyer is not None
        return [opt(f"price:{p}", f"Offer it for {money(p)}") for p in price_points(st, buyer, st.draft.asset)] + [
            opt("back", "Back")]
    raise AssertionError(f"no options at step {step}")


def _buy_option(n: int) -> Option:
    return opt(f"buy:{n}", f"Buy {route_label(n)} ({money(route(n).price)})", route_detail(n))


def _fly_option(st: FPState, seat: int, n: int) -> Option:
    a = st.airlines[seat]
    assert a.city is not None
    fee, owner = fly_fee(st, seat, n)
    detail = f"use fee {money(fee)} to {who(owner)}" if owner is not None else "no fee"
    return opt(f"fly:{n}", f"Fly {n} to {city_name(other_end(n, a.city))}", detail)


def _action_options(st: FPState) -> list[Option]:
    seat = st.turn
    a = st.airlines[seat]
    eco = catalog().economy
    assert a.city is not None
    buys = [_buy_option(n) for n in buyable(st, seat, a.city)]
    if st.stranded and buys:
        return buys
    out = buys + [_fly_option(st, seat, n) for n in flyable(st, seat)]
    out += [opt(f"fleet:{f}", f"Buy the {CLASS_NAMES[f]} fleet ({money(eco.fleet[f].price)})")  # type: ignore
            for f in fleets_buyable(st, seat)]
    out += [opt(f"hub:{c}", f"Develop a hub in {city_name(c)} ({money(eco.hub_price)})")
            for c in hubs_buyable(st, seat)]
    return [*out, opt("pass", "Do nothing this turn")]


# ---- doing it ------------------------------------------------------------------------------------------------------

def buy_route(st: FPState, seat: int, n: int) -> list[Event]:
    a = st.airlines[seat]
    a.cash -= route(n).price
    a.routes.append(n)
    st.fresh.append(f"{seat}:route:{n}")
    return [Event(text=f"{who(seat)} buys route {route_label(n)} for {money(route(n).price)}.")]


def buy_fleet(st: FPState, seat: int, f: str) -> list[Event]:
    a = st.airlines[seat]
    price = catalog().economy.fleet[f].price  # type: ignore[index]
    a.cash -= price
    a.fleets.append(f)
    st.fresh.append(f"{seat}:fleet:{f}")
    return [Event(text=f"{who(seat)} buys the {CLASS_NAMES[f]} fleet for {money(price)}.")]


def build_hub(st: FPState, seat: int, city: str) -> list[Event]:
    a = st.airlines[seat]
    a.cash -= catalog().economy.hub_price
    a.hubs.append(city)
    st.fresh.append(f"{seat}:hub:{city}")
    return [Event(text=f"{who(seat)} develops a hub in {city_name(city)} for {money(catalog().economy.hub_price)}.")]


def fly(st: FPState, seat: int, n: int) -> list[Event]:
    a = st.airlines[seat]
    assert a.city is not None
    fee, owner = fly_fee(st, seat, n)
    dest = other_end(n, a.city)
    events = [Event(text=f"{who(seat)} flies route {n} from {city_name(a.city)} to {city_name(dest)}.")]
    a.city = dest
    if owner is not None:
        events += charge(st, seat, fee, owner, f"use of route {n}")
    return events


def do(st: FPState, choice: str) -> list[Event]:
    """Apply a current-player choice already checked to be on offer."""
    seat = st.turn
    head, _, rest = choice.partition(":")
    step = st.step
    if step.startswith("fm_"):
        return _first_move(st, head, rest)
    if head == "cash":
        st.draft = None
        st.return_step, st.step = step, "cash"
        return []
    if head == "deactivate":
        events = deactivate(st, seat, rest)
        back(st)
        return events
    if head == "back":
        back(st)
        return []
    if head in ("trade", "with", "asset", "price"):
        from engine.flight_plan.market import compose

        return compose(st, head, rest)
    if head == "buy":
        n = int(rest)
        events = buy_route(st, seat, n)
        if step == "after_fly":
            st.step = "end"  # fly and buy: flying again waits for the next turn
        else:
            st.leg, st.step, st.stranded = n, "after_buy", False
        return events
    if head == "fly":
        n = int(rest)
        own = owner_of_route(st, n) == seat
        events = fly(st, seat, n)
        if step == "action":
            st.leg, st.own_leg, st.step = n, own, "after_fly"
        else:
            st.step = "end"
        return events
    if head == "fleet":
        st.step = "end"
        return buy_fleet(st, seat, rest)
    if head == "hub":
        st.step = "end"
        return build_hub(st, seat, rest)
    if head == "pass":
        st.step = "end"
        return [Event(text=f"{who(seat)} does nothing this turn.")]
    assert head in ("stay", "end"), choice
    st.step = "end"
    return []


def back(st: FPState) -> None:
    """Leave a sub-menu (cash, trade) for the step it was opened from."""
    st.step = st.draft.back_to if st.draft is not None else st.return_step
    st.draft = None


def _first_move(st: FPState, head: str, rest: str) -> list[Event]:
    seat = st.turn
    a = st.airlines[seat]
    if head == "take":
        return buy_route(st, seat, int(rest))
    if head == "fleet":
        return buy_fleet(st, seat, rest)
    if head == "hub":
        return build_hub(st, seat, rest)
    if head == "start":
        a.city = rest
        st.step = "fm_hubs"
        return [Event(text=f"{who(seat)} sets up in {city_name(rest)}.")]
    assert head == "done"
    if st.step == "fm_routes":
        st.step = "fm_fleets"
        return []
    if st.step == "fm_fleets":
        st.step = "fm_city"
        return []
    st.step = "fm_done"
    return []


def hub_fees_for(st: FPState, hub_owner: int) -> list[Event]:
    """At the start of a hub owner's turn, rival route owners pay for their active routes touching its active hubs,
    unless they have an active hub of their own in the same region."""
    cat = catalog()
    owner = st.airlines[hub_owner]
    events: list[Event] = []
    for city in owner.hubs:
        if not active(owner, f"hub:{city}"):
            continue
        region = cat.cities[city].region
        for s, other in enumerate(st.airlines):
            if s == hub_owner or other.out:
                continue
            if any(active(other, f"hub:{c}") and cat.cities[c].region == region for c in other.hubs):
                continue
            fee = sum(cat.economy.hub_fee[route(n).cls] for n in other.routes
                      if touches(n, city) and active(other, f"route:{n}"))
            events += charge(st, s, fee, hub_owner, f"hub use at {city_name(city)}")
    return events


def begin_turn(st: FPState) -> list[Event]:
    """Everything that happens before the action: reactivations, hub-use fees, revenue, lasting effects, briefing."""
    seat = st.turn
    a = st.airlines[seat]
    a.turns_played += 1
    st.step, st.leg, st.own_leg, st.stranded, st.offers_made, st.draft = "action", None, False, False, 0, None
    events = [Event(text=f"Round {st.round}: {who(seat)}'s turn.")]
    for asset, back_on in list(a.off.items()):
        if a.turns_played >= back_on:
            del a.off[asset]
            events.append(Event(text=f"{who(seat)}'s {asset_label(asset)} is back in service."))
    events += hub_fees_for(st, seat)
    earned = revenue(a)
    if earned:
        a.cash += earned
        events.append(Event(text=f"{who(seat)} collects {money(earned)} of revenue."))
    for effect in list(a.effects):
        title = briefing.design(effect.card).title
        if effect.amount > 0:
            a.cash += effect.amount
            events.append(Event(text=f"{who(seat)} collects {money(effect.amount)} more ({title})."))
        else:
            events += charge(st, seat, -effect.amount, None, title)
        effect.turns -= 1
        if effect.turns <= 0:
            a.effects.remove(effect)
    st.briefing = briefing.draw(st)
    events += briefing.carry_out(st, seat, st.briefing)
    return events


def check(st: FPState, choice: str) -> None:
    if choice not in {o.id for o in options(st)}:
        raise IllegalAction(refusal(st, choice))


def refusal(st: FPState, choice: str) -> str:
    """A sentence for a choice that is not on offer, as specific as we can make it."""
    head, _, rest = choice.partition(":")
    a = st.airlines[st.turn]
    if head == "buy" and rest.isdigit() and int(rest) in catalog().routes:
        n = int(rest)
        owner = owner_of_route(st, n)
        if owner is not None:
            return f"Route {n} already belongs to {who(owner)}."
        if a.city is not None and not touches(n, a.city):
            return f"Route {n} does not start or end in {city_name(a.city)}, where your plane is."
        if route(n).price > a.cash:
            return f"Route {n} costs {money(route(n).price)} and you have {money(a.cash)}."
        why = region_refusal(a, n)
        if why:
            return why
    if head == "fly" and rest.isdigit() and int(rest) in catalog().routes:
        n = int(rest)
        if not has_fleet(a, route(n).cls):
            return f"You need an active {CLASS_NAMES[route(n).cls]} fleet to fly route {n}."
        if owner_of_route(st, n) is None:
            return f"Nobody owns route {n} yet, so nobody flies it."
    return "That is not one of your choices right now."

