"""Our own objectives variant (off by default): three face-up objectives, claimed by whoever meets one first."""

from __future__ import annotations

from collections import Counter

from engine.core.contract import Event
from engine.planecrafters.data import catalog, employee_kind, part
from engine.planecrafters.mechanics import event, parts_sold, who
from engine.planecrafters.state import PCState

FACE_UP = 3


def met(state: PCState, seat: int, obj_id: str, sold: list[str] | None, value: int) -> bool:
    obj = next(o for o in catalog().objectives if o.id == obj_id)
    if obj.kind in ("model_run", "fuselage", "plane_value"):
        if sold is None:
            return False
        parts = [part(c) for c in sold]
        if obj.kind == "model_run":
            runs = Counter(p.model for p in parts if not p.spare)
            return max(runs.values(), default=0) >= obj.target
        if obj.kind == "fuselage":
            return any(p.slot == "fuselage" for p in parts)
        return value >= obj.target
    if obj.kind == "parts_sold":
        return parts_sold(state, seat) >= obj.target
    if obj.kind == "planes_sold":
        return state.planes_sold[seat] >= obj.target
    if obj.kind == "staff":
        return len(state.staff[seat]) >= obj.target
    tiers = {catalog().employees[employee_kind(e)].tier for e in state.staff[seat]}
    return len(tiers) >= obj.target


def check(state: PCState, seat: int, sold: list[str] | None = None, value: int = 0) -> list[Event]:
    events: list[Event] = []
    for obj_id in list(state.objectives):
        if met(state, seat, obj_id, sold, value):
            obj = next(o for o in catalog().objectives if o.id == obj_id)
            state.objectives.remove(obj_id)
            state.claimed[obj_id] = seat
            state.crowns[seat] += obj.crowns
            events.append(event(text=f"{who(seat)} met the objective \"{obj.text}\" (+{obj.crowns} crowns)."))
    return events
