"""A small Planes helper for AIs: find a move that ends by boarding a plane.

Uniformly random choices almost never line a group up with a gate (a group of k cubes must cover exactly k - 1
free spaces and keep a cube of the plane's colour for last), so a useful AI needs this one look-ahead.
"""

from __future__ import annotations

from engine.planes import moves
from engine.planes.state import PlanesState
from engine.planes.terrain import is_gate, neighbours


def boarding_plan(state: PlanesState) -> list[str]:
    """Option ids for a move that ends by boarding, if one exists: a group of k cubes needs k - 1 free spaces and
    then a gate of a colour it holds (that cube goes last)."""
    seat = state.turn
    for start in moves.start_options(state, seat):
        origin = start.id[5:]
        active = moves.picked_up(state, seat, origin)
        paths: list[list[str]] = [[origin]]
        for _ in range(len(active) - 1):
            paths = [p + [n] for p in paths for n in neighbours(state, p[-1])
                     if not is_gate(state, n) and not moves.blocked(state, n)]
        for path in paths:
            for gate in neighbours(state, path[-1]):
                if not is_gate(state, gate):
                    continue
                plane = moves.plane_at(state, gate)
                if plane.full or plane.colour not in active:
                    continue
                rest = list(active)
                rest.remove(plane.colour)
                drops = [f"drop:{space}:{colour}" for space, colour in zip(path[1:], rest, strict=True)]
                return [start.id, *drops, f"board:{gate}", "confirm"]
    return []
