"""What the channel and each seat may see. Flight Plan hides only the order of the briefing deck, so every seat's
view is the public view; the deck is a count."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.contract import Option
from engine.flight_plan.briefing import design
from engine.flight_plan.data import CLASS_NAMES, catalog, city_name
from engine.flight_plan.market import lot_summary
from engine.flight_plan.mechanics import (
    active,
    asset_label,
    back_in,
    fleet_value,
    hub_income,
    hub_regions,
    limit_lifted,
    progress,
    regions,
    revenue,
    round_cap,
)
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import deal_label

STEP_NAMES = {
    "fm_routes": "First move", "fm_fleets": "First move", "fm_city": "First move", "fm_hubs": "First move",
    "action": "Action", "after_buy": "Action", "after_fly": "Action", "cash": "Deactivation",
    "trade_partner": "Trade", "trade_asset": "Trade", "trade_price": "Trade", "wrap_up": "End of turn",
    "end": "End of turn",
}


def airline_view(st: FPState, seat: int) -> dict[str, Any]:
    a = st.airlines[seat]
    return {
        "seat": seat,
        "name": f"Player {seat + 1}",  # the bot puts the member's name here
        "cash": a.cash,
        "revenue": revenue(a),
        "hub_income": hub_income(st, seat),
        "city": a.city,
        "city_name": city_name(a.city) if a.city else None,
        "routes": sorted(a.routes),
        "fleets": [{"cls": f, "name": CLASS_NAMES[f], "active": active(a, f"fleet:{f}")} for f in a.fleets],
        "fleet_value": fleet_value(a),
        "hubs": [{"city": c, "name": city_name(c), "active": active(a, f"hub:{c}")} for c in a.hubs],
        "regions": sorted(regions(a)),
        "hub_regions": sorted(hub_regions(a)),
        "deactivated": [{"asset": x, "label": asset_label(x), "back_in": back_in(a, x)} for x in sorted(a.off)],
        "limit_lifted": limit_lifted(st, seat),
        "effects": [{"title": design(e.card).title, "amount": e.amount, "turns": e.turns} for e in a.effects],
        "progress": progress(a),
        "out": a.out,
    }


def public_view(st: FPState) -> dict[str, Any]:
    card = design(st.briefing) if st.briefing else None
    return {
        "game": "flight-plan",
        "players": st.players,
        "phase": st.phase,
        "turn": st.turn,
        "round": st.round,
        "round_cap": round_cap(st),
        "step": st.step,
        "step_name": STEP_NAMES.get(st.step, st.step),
        "over": st.phase == "over",
        "winners": list(st.winners),
        "ending": st.ending,
        "airlines": [airline_view(st, s) for s in range(st.players)],
        "dealt": [list(d) for d in st.dealt],
        "briefing": None if card is None else {"id": st.briefing, "title": card.title, "text": card.text},
        "deck": len(st.deck),
        "offer": None if st.offer is None else st.offer.model_dump() | {"label": deal_label(st.offer.assets)},
        "auction": lot_summary(st),
        "debts": [d.model_dump() for d in st.debts],
    }


def seat_view(st: FPState, seat: int) -> dict[str, Any]:
    out = public_view(st)
    out["seat"] = seat
    return out


ROUTE_CHOICES = ("take", "buy", "fly", "route")
CITY_CHOICES = ("start", "hub")


def named_cities(option_lists: Iterable[list[Option]]) -> list[str]:
    """The city codes that offered options name: both ends of a route bought, flown or traded, and a city to start
    in or to develop a hub in (a trade's asset id is 'asset:route:21' or 'asset:hub:LIM')."""
    cat = catalog()
    found: set[str] = set()
    for options in option_lists:
        for option in options:
            parts = option.id.split(":")
            for kind, key in zip(parts, parts[1:], strict=False):
                if kind in ROUTE_CHOICES and key.isdigit() and int(key) in cat.routes:
                    r = cat.routes[int(key)]
                    found |= {r.origin, r.destination}
                elif kind in CITY_CHOICES and key in cat.cities:
                    found.add(key)
    return sorted(found)
