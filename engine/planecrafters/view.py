"""What each seat (or the public channel) may see. Hands appear only in their owner's view; the stack is a count."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engine.planecrafters.data import SLOTS, catalog, employee_kind, employee_name, part
from engine.planecrafters.mechanics import award_shares, final_scores, hand_limit, parts_sold, staff_cost
from engine.planecrafters.state import PCState

STEP_NAMES = {
    "jack": "Hire", "hire": "Hire", "acquire": "Acquire", "abilities": "Acquire", "draw": "Acquire",
    "swap_give": "Acquire", "swap_slot": "Acquire", "spy_take": "Acquire", "thief_take": "Acquire",
    "thief_plane": "Acquire", "thief_place": "Acquire", "flyer": "Flyer", "place": "Flyer", "pick_move": "Flyer",
    "place_plane": "Flyer", "build": "Flyer", "buyer": "Buyer", "discard": "Clean up", "over": "Game over",
}


def card(card_id: str) -> dict[str, Any]:
    # A fresh copy of a cached entry: views are built on every move and for every seat, and each holds many cards.
    return dict(_card(card_id))


@cache
def _card(card_id: str) -> dict[str, Any]:
    p = part(card_id)
    return {"id": card_id, "model": p.model, "slot": p.slot, "star": p.star, "label": p.label}


def public_view(state: PCState) -> dict[str, Any]:
    seats = []
    for s in range(state.players):
        seats.append({
            "seat": s,
            "name": f"Player {s + 1}",  # the bot puts the member's name here (bot/naming.py name_view)
            "crowns": state.crowns[s],
            "hand_count": len(state.hands[s]),
            "hand_limit": hand_limit(state, s),
            "planes": [{slot: card(pl.parts[slot]) for slot in SLOTS if slot in pl.parts} for pl in state.planes[s]],
            "employees": [employee_kind(e) for e in state.staff[s]],
            "employee_cost": staff_cost(state, s),
            "parts_sold": parts_sold(state, s),
            "planes_sold": state.planes_sold[s],
        })
    owners: dict[str, list[int]] = {}
    for s in range(state.players):
        for e in state.staff[s]:
            owners.setdefault(employee_kind(e), []).append(s)
    left = Counter(employee_kind(e) for e in state.pool)
    pool = [{"kind": kind, "name": employee_name(kind), "tier": emp.tier, "cost": emp.cost, "left": left[kind],
             "owners": owners.get(kind, [])} for kind, emp in catalog().employees.items()]
    objectives = {o.id: o for o in catalog().objectives}
    return {
        "game": "planecrafters",
        "players": state.players,
        "turn": state.turn,
        "step": state.step,
        "step_name": STEP_NAMES.get(state.step, state.step),
        "round": state.turns_taken // state.players + 1,
        "ending": state.ending,
        "over": state.over,
        "depot": [card(c) if c else None for c in state.depot],
        "stack": len(state.stack),
        "seats": seats,
        "pool": pool,
        "distinction": None if state.distinction is None else {
            "seat": state.distinction, "value": state.distinction_value,
            "plane": [card(c) for c in state.distinction_plane]},
        "awards": {k: {str(s): c for s, c in v.items()} for k, v in award_shares(state).items()},
        "objectives": [{"id": o, "text": objectives[o].text, "crowns": objectives[o].crowns} for o in state.objectives],
        "claimed": [{"id": o, "seat": s, "text": objectives[o].text} for o, s in state.claimed.items()],
        "scores": final_scores(state) if state.over else None,
        "jack": state.jack,
    }


def seat_view(state: PCState, seat: int) -> dict[str, Any]:
    out = public_view(state)
    out["seat"] = seat
    out["hand"] = [card(c) for c in state.hands[seat]]
    return out
