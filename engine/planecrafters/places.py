"""Where a part may go: the slots a card fits and the (plane, slot) places open to it, for a play or a move.

Both the listing of choices (engine.planecrafters.choices) and the steps that carry them out (steps) ask this."""

from __future__ import annotations

from functools import cache

from engine.planecrafters.data import SLOTS, part
from engine.planecrafters.mechanics import owned
from engine.planecrafters.state import PCState


def fits(card: str, slot: str) -> bool:
    p = part(card)
    return p.spare or p.slot == slot


@cache
def slots_for(card: str) -> tuple[str, ...]:
    """The slots a card fits, in slot order (asked for every hand card on every listing of the Flyer step)."""
    return tuple(s for s in SLOTS if fits(card, s))


def held(state: PCState) -> tuple[str, tuple[int, str] | None]:
    """The part being placed and, for a move, where it sits now."""
    assert state.holding is not None
    if state.holding.startswith("move:"):
        _, p, s = state.holding.split(":")
        return state.planes[state.turn][int(p)].parts[s], (int(p), s)
    return state.holding, None


def targets(
    state: PCState, card: str, source: tuple[int, str] | None, manager: bool | None = None
) -> list[tuple[int, str]]:
    """Where `card` may go (from `source`, for a move): (plane, slot) pairs. `manager`: whether the seat owns a
    Factory Manager, when the caller already knows."""
    planes = state.planes[state.turn]
    if manager is None:
        manager = owned(state, state.turn, "factorymanager") > 0
    indexes = list(range(len(planes))) if manager or source is None else [source[0]]
    if manager and planes[-1].parts:
        indexes.append(len(planes))
    slots = slots_for(card)
    if source is None:
        return [(p, s) for p in indexes for s in slots]
    out: list[tuple[int, str]] = []
    for p in indexes:
        parts = planes[p].parts if p < len(planes) else {}
        for s in slots:
            if (p, s) == source:
                continue
            there = parts.get(s)
            if there is not None and not fits(there, source[1]):
                continue
            out.append((p, s))
    return out
