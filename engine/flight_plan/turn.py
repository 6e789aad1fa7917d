"""The current player's decisions: the first move, then the regular turn (revenue and briefing happen by themselves,
then one action), with deactivation and trade offers as free actions.

Steps (st.step) and their option ids:
  fm_routes   take:<n> (a dealt route) | done          fm_fleets  fleet:<cls> | done
  fm_city     start:<city>                             fm_hubs    hub:<city> | done
  action      buy:<n> | fly:<n> | fleet:<cls> | hub:<city> | pass | cash | trade
  after_buy   fly:<n> (the route just bought) | stay | cash | trade
  after_fly   fly:<n> (second leg) | buy:<n> (fly and buy, after any owned route) | end | cash | trade
  wrap_up     end | cash | trade  (after an action that ends the turn, while a free action is possible)
  cash        deactivate:<asset> | back
  trade_partner, trade_asset, trade_price: the trade menu (engine/flight_plan/trade.py)
"""

from __future__ import annotations

from functools import cache

from engine.core.contract import Event, IllegalAction, Option, TypedValue
from engine.flight_plan import briefing, trade
from engine.flight_plan.data import CLASS_NAMES, CLASS_RANGES, FLEETS, catalog, city_name, route, route_label
from engine.flight_plan.mechanics import (
    active,
    asset_label,
    can_deactivate,
    charge,
    deactivate,
    deactivation_value,
    has_fleet,
    hub_fee_owed,
    money,
    operating,
    opt,
    other_end,
    owner_of_hub,
    owner_of_route,
    region_refusal,
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
    "after_fly": "Fly a second leg, buy a route here, or end your turn.",
    "cash": "Deactivate an asset for half its price (it sits out three turns).",
    "wrap_up": "Your action is done: deactivate or trade if you wish, then end your turn.",
}
TRADE_STEPS = ("trade_partner", "trade_asset", "trade_price")


def prompt(st: FPState) -> str:
    if st.step in TRADE_STEPS:
        return trade.compose_prompt(st)
    return PROMPTS[st.step]


def typed(st: FPState) -> TypedValue | None:
    """The current player's decision takes a typed value only at the trade's price step."""
    return trade.compose_typed(st) if st.step == "trade_price" else None


def route_detail(number: int) -> str:
    """What a route on sale earns (its class is its label's: "needs a short-haul fleet")."""
    r = route(number)
    cargo = "cargo; " if r.cargo else ""
    return f"{cargo}earns {money(r.revenue)} a turn; use fee {money(r.use_fee)}"


# ---- what is legal -------------------------------------------------------------------------------------------------

def buyable(st: FPState, seat: int, city: str, cash: int | None = None) -> list[int]:
    """Unowned routes from or to `city` the seat can pay for (with its cash, or `cash`) and may own."""
    a = st.airlines[seat]
    owned = owned_routes(st)
    mine = operating(a)
    money_on_hand = a.cash if cash is None else cash
    return [n for n in routes_at(city) if n not in owned and route(n).price <= money_on_hand
            and region_refusal(st, seat, n, mine) is None]


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
    return [f for f in FLEETS if f not in a.fleets and catalog().economy.fleet[f].price <= a.cash]


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


def free_options(st: FPState) -> list[Option]:
    out = []
    if can_deactivate(st, st.turn):
        out.append(opt("cash", "Deactivate an asset for cash"))
    if st.offer is None and trade.may_offer(st) and trade.trade_possible(st):
        out.append(opt("trade", "Offer a trade to another airline"))
    return out


def options(st: FPState) -> list[Option]:
    seat, step = st.turn, st.step
    a = st.airlines[seat]
    eco = catalog().economy
    if step == "fm_routes":
        out = [opt(f"take:{n}", buy_label(n), route_detail(n))
               for n in st.dealt[seat] if n not in a.routes and route(n).price <= a.cash
               and region_refusal(st, seat, n) is None]
        return out + ([opt("done", "Done buying routes")] if a.routes else [])
    if step == "fm_fleets":
        return [opt(f"fleet:{f}", fleet_label(f, eco.fleet[f].price))
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
            out.append(_fly_option(st, seat, st.leg))
        return [*out, opt("stay", f"Stay in {city_name(a.city)} and end the turn"), *free_options(st)]
    if step == "after_fly":
        assert a.city is not None
        # Fly and buy: the book's "fly an owned route" is a route somebody owns, as its buy-and-fly's "unowned route"
        # is one nobody owns, so a rival's route (its fee paid) leads to a purchase as well as one of your own.
        out = [_fly_option(st, seat, n) for n in flyable(st, seat)]
        out += [_buy_option(n) for n in buyable(st, seat, a.city)]
        return [*out, opt("end", "End the turn"), *free_options(st)]
    if step == "wrap_up":
        return [opt("end", "End your turn"), *free_options(st)]
    if step == "cash":
        return [opt(f"deactivate:{x}", f"Deactivate {asset_label(x)} (+{money(deactivation_value(x))})")
                for x in can_deactivate(st, seat)] + [opt("back", "Back")]
    if step in TRADE_STEPS:
        return trade.compose_options(st)
    raise AssertionError(f"no options at step {step}")


def buy_label(n: int) -> str:
    """A route on sale, with the fleet that flies it: a newcomer learns which fleet a route needs on the button."""
    kind = CLASS_NAMES[route(n).cls]
    return f"Buy {route_label(n)} ({money(route(n).price)}, needs {'an' if kind[0] in 'aeiou' else 'a'} {kind} fleet)"


def fleet_label(cls: str, price: int) -> str:
    """A fleet on sale, with the routes it flies (a cargo fleet flies none: it adds to every cargo route's revenue)."""
    if cls == "cargo":
        flies = f"adds {money(catalog().economy.cargo_revenue)} a cargo route"
    else:
        low, high = CLASS_RANGES[cls]
        flies = f"flies routes {low}–{high}"
    return f"Buy the {CLASS_NAMES[cls]} fleet ({money(price)}, {flies})"


def _buy_option(n: int) -> Option:
    return opt(f"buy:{n}", buy_label(n), route_detail(n))


def _fly_option(st: FPState, seat: int, n: int) -> Option:
    a = st.airlines[seat]
    assert a.city is not None
    fee, owner = fly_fee(st, seat, n)
    detail = f"use fee {money(fee)} to {who(owner)}" if owner is not None else "no fee"
    return opt(f"fly:{n}", f"Fly {n} to {city_name(other_end(n, a.city))} ({CLASS_NAMES[route(n).cls]})", detail)


def _action_options(st: FPState) -> list[Option]:
    seat = st.turn
    a = st.airlines[seat]
    eco = catalog().economy
    assert a.city is not None
    buys = [_buy_option(n) for n in buyable(st, seat, a.city)]
    if st.stranded and buys:
        return buys
    out = buys + [_fly_option(st, seat, n) for n in flyable(st, seat)]
    out += [opt(f"fleet:{f}", fleet_label(f, eco.fleet[f].price)) for f in fleets_buyable(st, seat)]
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
    price = catalog().economy.fleet[f].price
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
    if head in ("trade", "with", "asset", "more", "price"):
        return trade.compose(st, head, rest)
    if head == "buy":
        n = int(rest)
        events = buy_route(st, seat, n)
        if step == "after_fly":
            _action_done(st)  # fly and buy: flying again waits for the next turn
        else:
            st.leg, st.step, st.stranded = n, "after_buy", False
        return events
    if head == "fly":
        n = int(rest)
        events = fly(st, seat, n)
        if step == "action":
            st.leg, st.step = n, "after_fly"
        else:
            _action_done(st)
        return events
    if head == "fleet":
        events = buy_fleet(st, seat, rest)
        _action_done(st)
        return events
    if head == "hub":
        events = build_hub(st, seat, rest)
        _action_done(st)
        return events
    if head == "pass":
        st.step = "end"  # the book: doing nothing passes play to the next player
        return [Event(text=f"{who(seat)} does nothing this turn.")]
    assert head in ("stay", "end"), choice
    st.step = "end"
    return []


def _action_done(st: FPState) -> None:
    """The turn's action is over. The book lets a player deactivate and negotiate at any time of their turn, after
    the action too: when either is possible the turn waits for 'end', else it ends now."""
    st.step = "wrap_up"
    if not free_options(st):
        st.step = "end"


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
    unless they own a hub of their own in the same region (mechanics.hub_fee_owed)."""
    events: list[Event] = []
    for city in st.airlines[hub_owner].hubs:
        for s in range(st.players):
            fee = hub_fee_owed(st, s, hub_owner, city)
            events += charge(st, s, fee, hub_owner, f"hub use at {city_name(city)}")
    return events


def begin_turn(st: FPState) -> list[Event]:
    """Everything that happens before the action: reactivations, hub-use fees, revenue, lasting effects, briefing."""
    seat = st.turn
    a = st.airlines[seat]
    a.turns_played += 1
    st.step, st.leg, st.stranded, st.offers_made, st.draft = "action", None, False, 0, None
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
    """Accept a listed option, or a typed price at the trade's price step; refuse anything else with its reason."""
    if choice in {o.id for o in options(st)}:
        return
    if st.step == "trade_price" and choice.startswith("price:"):
        why = trade.compose_problem(st, choice)
        if why is None:
            return
        raise IllegalAction(why)
    raise IllegalAction(refusal(st, choice))


def refusal(st: FPState, choice: str) -> str:
    """A sentence for a choice that is not on offer, naming the real reason as far as we can tell it."""
    head, _, rest = choice.partition(":")
    a = st.airlines[st.turn]
    number = int(rest) if rest.isdigit() and int(rest) in catalog().routes else None
    if head in ("buy", "fly", "fleet", "hub", "pass", "stay", "end") and (st.step in TRADE_STEPS or st.step == "cash"):
        return "Finish or leave the menu you are in first (Back leaves it)."
    if st.step in TRADE_STEPS:
        return trade.compose_refusal(st, choice)
    if st.step == "cash":
        return "Pick an asset to deactivate (not one bought this turn), or Back."
    if head == "take" and number is not None and st.step == "fm_routes":
        return _take_refusal(st, number)
    if head == "buy" and number is not None:
        return _buy_refusal(st, number) or "That is not one of your choices right now."
    if head == "fly" and number is not None:
        n = number
        if st.step == "after_buy" and n != st.leg:
            return f"After buying a route you may fly that route only (route {st.leg})."
        if owner_of_route(st, n) is None:
            return f"Nobody owns route {n} yet, so nobody flies it."
        if a.city is not None and not touches(n, a.city):
            return f"Route {n} does not start or end in {city_name(a.city)}, where your plane is."
        if not has_fleet(a, route(n).cls):
            return f"You need an active {CLASS_NAMES[route(n).cls]} fleet to fly route {n}."
        fee, owner = fly_fee(st, st.turn, n)
        if fee > a.cash:
            return f"Flying route {n} costs {money(fee)} in use fee to {who(owner or 0)} and you have {money(a.cash)}."
    if head == "trade" and st.offer is not None:
        return "One offer at a time: wait for the answer to the one on the table."
    if head == "trade" and not trade.may_offer(st):
        return (f"This turn has had the {trade.offer_limit(st)} offers and counters this table's house rule "
                "allows.")
    return "That is not one of your choices right now."


def _take_refusal(st: FPState, n: int) -> str:
    a = st.airlines[st.turn]
    if n in a.routes:
        return f"You have bought route {n} already."
    if n not in st.dealt[st.turn]:
        return f"Route {n} is not one of the routes dealt to you."
    if route(n).price > a.cash:
        return f"Route {n} costs {money(route(n).price)} and you have {money(a.cash)}."
    return region_refusal(st, st.turn, n) or "That is not one of your choices right now."


def _buy_refusal(st: FPState, n: int) -> str | None:
    a = st.airlines[st.turn]
    owner = owner_of_route(st, n)
    if owner is not None:
        return f"Route {n} already belongs to {who(owner)}."
    if st.step == "after_buy":
        return "You have bought this turn's route already."
    if st.step == "wrap_up":
        return "Your action for this turn is done; the next route can be bought at your next turn."
    if st.step not in ("action", "after_fly"):
        return None
    if a.city is not None and not touches(n, a.city):
        return f"Route {n} does not start or end in {city_name(a.city)}, where your plane is."
    if route(n).price > a.cash:
        return f"Route {n} costs {money(route(n).price)} and you have {money(a.cash)}."
    return region_refusal(st, st.turn, n)
