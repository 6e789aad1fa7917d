"""The Flight Plan board in words (renderers/words.py): what board.py draws, from the same view.

Most important first: the round, whose turn and what is on the table (a briefing, an offer, an auction, debts), the
standings (each airline's cash, revenue and progress towards the goals), then each airline's routes, fleets and hubs.
Every seat sees the public view, so a seat's "hand" is the same board.
"""

from __future__ import annotations

from typing import Any

from engine.flight_plan.data import REGION_NAMES, catalog, route, route_label
from renderers.words import count, listing, seat_name

HUB_GOAL = 3
REGION_GOAL = 6


def money(amount: int) -> str:
    return f"-${-amount}M" if amount < 0 else f"${amount}M"


def describe(view: dict[str, Any]) -> str:
    lines = [_headline(view), _table(view), _standings(view), *(_airline(a) for a in view["airlines"]),
             f"Briefing deck: {count(view['deck'], 'card')}."]
    return "\n".join(line for line in lines if line)


def describe_hand(view: dict[str, Any]) -> str:
    """Flight Plan hides nothing but the deck's order: a seat sees the board."""
    return describe(view)


def _name(view: dict[str, Any], seat: int | None) -> str:
    return "the bank" if seat is None else seat_name(view, seat, "airlines")


def _headline(view: dict[str, Any]) -> str:
    if view["over"]:
        winners = listing((_name(view, s) for s in view["winners"]), "nobody")
        ending = f" ({view['ending']})" if view.get("ending") else ""
        return f"Flight Plan. Game over: {winners} won{ending}."
    cap = f" of {view['round_cap']}" if view.get("round_cap") else ""
    # The first moves come before round 1, as the panel's heading and the log count them.
    when = "first moves" if view.get("phase") == "first" else f"round {view['round']}{cap}"
    return f"Flight Plan, {when}. {_name(view, view['turn'])}'s turn: {view['step_name'].lower()}."


def _table(view: dict[str, Any]) -> str:
    parts = []
    if view.get("briefing"):
        parts.append(f"Briefing: {view['briefing']['title']}. {view['briefing']['text']}")
    offer = view.get("offer")
    if offer:
        parts.append(f"Offer: {_name(view, offer['seller'])} sells {offer['label']} to {_name(view, offer['buyer'])} "
                     f"for {money(offer['price'])}; {_name(view, offer['to'])} answers.")
    auction = view.get("auction")
    if auction:
        high = (f"high bid {money(auction['high'])} by {_name(view, auction['bidder'])}"
                if auction.get("bidder") is not None else f"no bid yet, list price {money(auction['list_price'])}")
        parts.append(f"Bank auction of the {auction['label']}: {high}; {count(auction['lots_left'], 'lot')} left.")
    for debt in view.get("debts") or []:
        parts.append(f"{_name(view, debt['debtor'])} owes {_name(view, debt['creditor'])} "
                     f"{money(debt['amount'])} ({debt['reason']}).")
    return " ".join(parts)


def _standings(view: dict[str, Any]) -> str:
    parts = []
    for a in view["airlines"]:
        out = ", bankrupt" if a.get("out") else ""
        parts.append(f"{a['name']}: {money(a['cash'])} cash, {money(a['revenue'])} a turn, "
                     f"regions {len(a['regions'])} of {REGION_GOAL}, hub regions {len(a['hub_regions'])} of "
                     f"{HUB_GOAL}{out}")
    return "Standings: " + "; ".join(parts) + "."


def _airline(a: dict[str, Any]) -> str:
    off = {x["asset"]: x["back_in"] for x in a["deactivated"]}

    def state(asset: str, *also: str) -> str:
        notes = [*also, f"off, back in {count(off[asset], 'turn')}"] if asset in off else list(also)
        return f" ({', '.join(notes)})" if notes else ""

    routes = [f"{route_label(n)}{state(f'route:{n}', route(n).cls)}" for n in a["routes"]]
    fleets = [f"{f['name']}{state('fleet:' + f['cls'])}" for f in a["fleets"]]
    hubs = [f"{h['name']}{state('hub:' + h['city'])}" for h in a["hubs"]]
    home = f", home {a['city_name']}" if a.get("city_name") else ""
    eco = catalog().economy
    limit = "" if a["limit_lifted"] else (f" (two at most, until it earns {money(eco.revenue_threshold)} a turn or "
                                          f"flies fleets worth {money(eco.fleet_threshold)}, every route and fleet "
                                          "earning)")
    regions = listing((REGION_NAMES.get(r, r) for r in a["regions"]), "none")
    hub_regions = listing((REGION_NAMES.get(r, r) for r in a["hub_regions"]), "none")
    text = (f"{a['name']}{home}: {money(a['cash'])} cash, revenue {money(a['revenue'])} a turn, "
            f"hub income {money(a['hub_income'])}, fleets worth {money(a['fleet_value'])}. "
            f"Routes: {listing(routes)}. Fleets: {listing(fleets)}. Hubs: {listing(hubs)}. "
            f"Regions: {regions}{limit}. Hub regions: {hub_regions}.")
    effects = [f"{e['title']} ({money(e['amount'])}, {count(e['turns'], 'turn')} left)" for e in a["effects"]]
    if effects:
        text += f" In force: {listing(effects)}."
    if a.get("out"):
        text += " Bankrupt, out of the game."
    return text


def key(view: dict[str, Any]) -> str:
    """What the table's letters and figures mean, for a newcomer: the panel prints it under the picture."""
    return (f"Fleets S M L U C: short, medium, long and ultra-long haul, cargo; a route needs a fleet of its class "
            f"(routes 1–30 short, 31–62 medium, 63–89 long, 90–100 ultra). Goals such as 2/{REGION_GOAL} 1/{HUB_GOAL}: "
            f"regions your routes reach (all {REGION_GOAL} win), regions with your hubs ({HUB_GOAL} win). "
            "Round marks: an airline's plane and routes; square: its hubs. (off 2): switched off for 2 more turns.")
