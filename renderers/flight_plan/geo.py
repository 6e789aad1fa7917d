"""Where each city sits on the schematic map: its real coordinates, projected, then spread apart just enough that
crowded Europe and the Gulf stay readable (a deterministic relaxation, computed once)."""

from __future__ import annotations

import math
from functools import cache

from engine.flight_plan.data import catalog
from renderers.flight_plan.style import MAP_H, W

LON0, LON1, LAT0, LAT1 = -132.0, 182.0, -48.0, 64.0
MARGIN = 26
MIN_GAP = 46.0


def project(lat: float, lon: float) -> tuple[float, float]:
    x = MARGIN + (lon - LON0) / (LON1 - LON0) * (W - 2 * MARGIN)
    y = MARGIN + (LAT1 - lat) / (LAT1 - LAT0) * (MAP_H - 2 * MARGIN)
    return x, y


@cache
def positions() -> dict[str, tuple[float, float]]:
    cities = catalog().cities
    pos = {c.id: list(project(c.lat, c.lon)) for c in cities.values()}
    ids = sorted(pos)
    for _ in range(120):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                dist = math.hypot(dx, dy)
                if dist >= MIN_GAP:
                    continue
                if dist < 1e-6:
                    dx, dy, dist = 1.0, 0.0, 1.0
                push = (MIN_GAP - dist) / 2 + 0.5
                ux, uy = dx / dist, dy / dist
                pa[0] -= ux * push
                pa[1] -= uy * push
                pb[0] += ux * push
                pb[1] += uy * push
                moved = True
        for p in pos.values():
            p[0] = min(max(p[0], MARGIN), W - MARGIN)
            p[1] = min(max(p[1], MARGIN), MAP_H - MARGIN)
        if not moved:
            break
    return {k: (round(v[0], 1), round(v[1], 1)) for k, v in pos.items()}


def city_xy(city: str, map_h: int = MAP_H) -> tuple[float, float]:
    """Where the city sits on a map `map_h` tall: a taller map (fewer airlines, a shorter table) stretches the
    positions spread on the shortest one, so cities only move further apart."""
    x, y = positions()[city]
    return x, MARGIN + (y - MARGIN) * (map_h - 2 * MARGIN) / (MAP_H - 2 * MARGIN)


def segments(a: str, b: str, map_h: int = MAP_H) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """One straight segment, or two when the short way crosses the Pacific (off one edge, back at the other)."""
    cities = catalog().cities
    pa, pb = city_xy(a, map_h), city_xy(b, map_h)
    if abs(cities[b].lon - cities[a].lon) <= 180:
        return [(pa, pb)]
    span = W - 2 * MARGIN
    if pb[0] < pa[0]:  # a in the west going further west: leave by the left edge, come back from the right
        return [(pa, (pb[0] + span, pb[1])), ((pa[0] - span, pa[1]), pb)]
    return [(pa, (pb[0] - span, pb[1])), ((pa[0] + span, pa[1]), pb)]
