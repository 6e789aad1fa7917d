"""Where things go on the Now Boarding map: airports, spaces, weather tokens, route letters and plane markers.

The marks are big enough to hold a 37 px letter (renderers/kit/rules.py), so on the busiest stretches they would
touch: each is placed in turn clear of what was placed before (airports first, then weather tokens, then route
letters, then planes), by boxes, as the picture's rules compare bounding boxes. Positions depend only on the map's
side, the weather and where the planes are, so they are cached.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from engine.now_boarding.data import catalog
from renderers.now_boarding.style import AIRPORT_HALF, BAND_Y, MAP_RIGHT, MARK_HALF, TOKEN_R, at

Point = tuple[float, float]
M = MARK_HALF
STEP = 2 * MARK_HALF + 2
"""From one plane marker's centre to the next in a row of them."""
BESIDE = MARK_HALF + 22
"""How far from its space's dot a plane sits when the dot's place is taken: clear of the dot and the route's line."""


def airport_xy(code: str) -> Point:
    a = catalog().airports[code]
    return at(a.x, a.y)


def space_xy(route_key: str, k: float) -> Point:
    a, b = route_key.split("-")
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    t = k / (spaces + 1)
    return ax + (bx - ax) * t, ay + (by - ay) * t


Weather = tuple[tuple[str, int, str], ...]

STORM_HALF = 0.25
"""How far each half of a storm sits from its space's place, in spaces along the route."""
STORM_R = TOKEN_R - 2
"""Radius of each half's disc, inside its 2 px rim."""


def _along(route_key: str, distance: float) -> Point:
    a, b = route_key.split("-")
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    t = distance / math.dist((ax, ay), (bx, by))
    return ax + (bx - ax) * t, ay + (by - ay) * t


Half = tuple[float, float]


def gap(p: Point, half_p: Half, q: Point, half_q: Half) -> float:
    """How far apart two boxes are (negative where they overlap): the picture's rules compare bounding boxes, so a
    round token is kept clear by its square."""
    return max(abs(p[0] - q[0]) - half_p[0] - half_q[0], abs(p[1] - q[1]) - half_p[1] - half_q[1])


def _route_length(route_key: str) -> tuple[float, int]:
    a, b = route_key.split("-")
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    return math.dist(airport_xy(a), airport_xy(b)), spaces


@cache
def token_places(weather: Weather) -> dict[tuple[str, int], tuple[Point, ...]]:
    """Where each weather token sits: a tailwind's disc on its space's place, a storm's two halves either side of it.
    Where that would touch an airport's box or a token placed before it (routes that leave an airport side by side),
    the token slides along its route, never as far as half a space, to the nearest place clear of both, and
    of the other routes' spaces and the routes' letters where it can."""
    token: Half = (TOKEN_R, TOKEN_R)
    airports = [(airport_xy(code), AIRPORT_HALF) for code in catalog().airports]
    placed: list[tuple[Point, Half]] = []
    out: dict[tuple[str, int], tuple[Point, ...]] = {}
    for route, space, kind in weather:
        length, spaces = _route_length(route)
        step = length / (spaces + 1)
        offset = min(max(STORM_HALF * step, STORM_R - 2), STORM_R + 4) if kind == "storm" else 0.0
        parts = (-offset, offset) if kind == "storm" else (0.0,)
        dots = [(space_xy(r.key, k), (7.0, 7.0)) for r in catalog().routes for k in range(1, r.spaces + 1)
                if (r.key, k) != (route, space)]
        # The coloured routes' letters sit between their middle spaces unless a token takes that place.
        letters = [(space_xy(r.key, r.spaces // 2 + 0.5), (M, M)) for r in catalog().routes if r.colour]
        best: tuple[tuple[bool, bool, float], tuple[Point, ...]] | None = None
        # Nearer its own space's place than its neighbour's where it can; up to half a space to clear an airport.
        near, reach = step * 0.4, int(step / 2)
        for shift in sorted(range(-reach, reach + 1, 2), key=lambda d: (abs(d), d)):
            points = tuple(_along(route, space * step + shift + part) for part in parts)
            hard = min(gap(p, token, q, half) for p in points for q, half in airports + placed)
            soft = min((gap(p, token, q, half) for p in points for q, half in dots + letters), default=math.inf)
            score = (hard >= 2, soft >= 0 and abs(shift) <= near, min(hard, 2.0))
            if best is None or score > best[0]:
                best = (score, points)
            if score[:2] == (True, True):
                break
        assert best is not None
        out[(route, space)] = best[1]
        placed += [(p, token) for p in best[1]]
    return out


def storm_halves(route_key: str, space: int) -> tuple[Point, Point]:
    """The centres of a storm's two halves, nearer the route's first airport first, where the storm is the only
    weather on the map (token_places moves it clear of others)."""
    first, second = token_places(((route_key, space, "storm"),))[(route_key, space)]
    return first, second


def token_centres(weather: Weather) -> list[Point]:
    return [p for points in token_places(weather).values() for p in points]


def node_xy(node: str, weather: Weather = ()) -> Point:
    """Where a node is on the map: a storm's two halves sit either side of their space's place."""
    if "." not in node:
        return airport_xy(node)
    key, k = node.split(".")
    second = k.endswith("s")
    space = int(k.removesuffix("s"))
    if any(w[0] == key and w[1] == space and w[2] == "storm" for w in weather):
        return token_places(weather)[(key, space)][1 if second else 0]
    return space_xy(key, space)

def segment_gap(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + dx * t, ay + dy * t))


@cache
def letter_places(side: str, weather: Weather) -> dict[str, Point]:
    """Where each coloured route's letter chip goes: between its two middle spaces, or, when a weather token reaches
    that far (on a two-space route any storm does), beside the route there, on the side clear of other things."""
    tokens = token_centres(weather)
    coloured = [r for r in catalog().side_routes(side) if r.colour]
    middles = {r.key: space_xy(r.key, r.spaces // 2 + 0.5) for r in coloured}
    moved = [r.key for r in coloured if any(gap(middles[r.key], (M, M), t, (TOKEN_R, TOKEN_R)) < 2 for t in tokens)]
    places = {key: xy for key, xy in middles.items() if key not in moved}
    for key in moved:
        chips = [xy for other, xy in ({**middles, **places}).items() if other != key]
        places[key] = _beside(side, key, tokens, chips)
    return places


def _beside(side: str, route_key: str, tokens: list[Point], chips: list[Point]) -> Point:
    """A place for a route's letter chip beside the route, clear of spaces, weather tokens, airports and the other
    routes' letters (`chips`), and of the other routes' lines where it can."""
    routes = catalog().side_routes(side)
    route = next(r for r in routes if r.key == route_key)
    (ax, ay), (bx, by) = airport_xy(route.a), airport_xy(route.b)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    others = [(airport_xy(r.a), airport_xy(r.b)) for r in routes if r.key != route_key]
    dots = [space_xy(r.key, k) for r in routes if r.key != route_key for k in range(1, r.spaces + 1)]
    boxes = [airport_xy(code) for code in catalog().side_airports(side)]

    def hard(spot: Point) -> float:
        """The gap a chip here leaves to what it must never cover."""
        return min([*(gap(spot, (M, M), d, (6, 6)) for d in dots),
                    *(gap(spot, (M, M), t, (TOKEN_R, TOKEN_R)) for t in tokens),
                    *(gap(spot, (M, M), c, AIRPORT_HALF) for c in boxes),
                    *(gap(spot, (M, M), c, (M, M)) for c in chips)])

    def lines(spot: Point) -> float:
        """The gap it leaves to other routes' lines, which it may cross when nothing else is free."""
        return min(segment_gap(spot, p, q) - M - 5 for p, q in others)

    # On the route between two other spaces (or a space and an airport) first, so that the letter sits on the line
    # it names; then beside the middle, then beside each space and gap along the route, nearest the middle first.
    middle = route.spaces // 2 + 0.5
    gaps = sorted((k + 0.5 for k in range(route.spaces + 1)), key=lambda k: (abs(k - middle), k))
    steps = sorted((k / 2 for k in range(2, 2 * route.spaces + 1)), key=lambda k: (abs(k - middle), k))
    spots = [space_xy(route_key, k) for k in gaps] + [
        (px + nx * d, py + ny * d) for px, py in (space_xy(route_key, k) for k in steps)
        for d in (M + 9, -M - 9, M + 15, -M - 15, M + 22, -M - 22, M + 32, -M - 32)]
    spots = [(x, y) for x, y in spots if M + 4 <= x <= MAP_RIGHT - M - 4 and M + 4 <= y <= BAND_Y - M - 12]
    def nearer(spot: Point) -> bool:
        """Whether the chip sits clearly nearer its own route than any other: a letter must not seem to name the
        route beside it."""
        return segment_gap(spot, (ax, ay), (bx, by)) + 12 <= min(segment_gap(spot, p, q) for p, q in others)

    clear = [spot for spot in spots if hard(spot) >= 2]
    for wanted in ((lambda p: lines(p) >= 0 and nearer(p)), nearer, (lambda p: lines(p) >= 0)):
        chosen = next((spot for spot in clear if wanted(spot)), None)
        if chosen:
            return chosen
    return clear[0] if clear else max(spots, key=hard)

Rect = tuple[float, float, float, float]


@cache
def _obstacles(side: str, weather: Weather) -> tuple[tuple[Rect, ...], tuple[Rect, ...]]:
    """Boxes a plane marker must not cover: airports, route letters and weather tokens (hard), and the spaces'
    dots (soft: covered only where nothing else is free)."""
    hx, hy = AIRPORT_HALF
    hard: list[Rect] = []
    soft: list[Rect] = []
    for code in catalog().side_airports(side):
        x, y = airport_xy(code)
        hard.append((x - hx, y - hy, x + hx, y + hy))
    for r in catalog().side_routes(side):
        for k in range(1, r.spaces + 1):
            x, y = space_xy(r.key, k)
            soft.append((x - 7, y - 7, x + 7, y + 7))
        if r.colour:
            x, y = letter_places(side, weather)[r.key]
            hard.append((x - M, y - M, x + M, y + M))
    for x, y in token_centres(weather):
        hard.append((x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R))
    return tuple(hard), tuple(soft)


Cluster = tuple[Point, ...]
"""Where each plane marker of a group stands, relative to the group's centre."""


@cache
def _clusters(count: int) -> tuple[Cluster, ...]:
    """The shapes a group of plane markers may take, the preferred first: one row, then (three or more planes) two
    rows, then (five) three, which fit where a long row does not (in a corner of the map)."""
    def row(n: int, dy: float) -> Cluster:
        return tuple(((i - (n - 1) / 2) * STEP, dy) for i in range(n))

    shapes = [row(count, 0)]
    if count >= 3:
        shapes.append(row((count + 1) // 2, -STEP / 2) + row(count // 2, STEP / 2))
    if count >= 5:
        shapes.append(row(2, -STEP) + row(2, 0) + row(count - 4, STEP))
    return tuple(shapes)


def _cluster_gap(cx: float, cy: float, cluster: Cluster, blocked: list[Rect]) -> float:
    """The least gap between the markers of a cluster centred here and the boxes in `blocked`, negative where one
    overlaps; minus infinity where a marker leaves the map."""
    xs, ys = [cx + dx for dx, _dy in cluster], [cy + dy for _dx, dy in cluster]
    left, top, right, bottom = min(xs) - M, min(ys) - M, max(xs) + M, max(ys) + M
    if left < 12 or right > MAP_RIGHT - 12 or top < 12 or bottom > BAND_Y - 14:
        return -math.inf
    # A box 2 px or more from the whole group is as far from each marker: only the boxes nearer are measured
    # marker by marker (this is the costly loop of a render where planes have moved).
    least = math.inf
    for b in blocked:
        outer = max(b[0] - right, left - b[2], b[1] - bottom, top - b[3])
        if outer < 2:
            outer = min(max(b[0] - x - M, x - M - b[2], b[1] - y - M, y - M - b[3]) for x, y in zip(xs, ys,
                                                                                                    strict=True))
        least = min(least, outer)
    return least


def _spot(x: float, y: float, count: int, hard: list[Rect], soft: list[Rect], away: list[float],
          home: str = "") -> Cluster:
    """Where a group of `count` plane markers near (x, y) stands: the nearest ring position where the group (a row,
    else two or three rows) is clear of every obstacle, preferring directions far from the angles in `away` (the
    routes leaving an airport); failing that, the nearest clear of all but the spaces' dots; failing that, the least
    crowded place. Near places first, then farther ones; a group by an airport (`home`) stays nearer that airport
    than any other, so that it is read as there."""
    reach = 260 + STEP * count / 2 + M + 4  # the farthest a ring reaches: boxes beyond it never matter
    hard = [b for b in hard if b[2] > x - reach and b[0] < x + reach and b[3] > y - reach and b[1] < y + reach]
    soft = [b for b in soft if b[2] > x - reach and b[0] < x + reach and b[3] > y - reach and b[1] < y + reach]
    rings = [(0.0, 0.0)] + [(radius, step * math.pi / 12) for radius in range(48, 260, 12) for step in range(24)]
    airports = [airport_xy(code) for code in catalog().airports if code != home] if home else []

    def at_home(cluster: Cluster) -> bool:
        return all(gap(p, (M, M), (x, y), AIRPORT_HALF) < min(gap(p, (M, M), a, AIRPORT_HALF) for a in airports)
                   for p in cluster) if airports else True

    fallback: tuple[float, Cluster] = (-math.inf, tuple((x + dx, y + dy) for dx, dy in _clusters(count)[0]))
    for limit in (150, 260):
        for blocked in (hard + soft, hard):
            for shape in _clusters(count):
                spread, rise = max(dx for dx, _dy in shape), max(abs(dy) for _dx, dy in shape)
                best: tuple[float, float, Cluster] | None = None
                ring, near = -1.0, blocked
                for radius, theta in rings:
                    if radius > limit or (best is not None and radius > best[0]):
                        break
                    if radius != ring:  # only the boxes this ring's groups can come within 4 px of
                        ring, ex, ey = radius, radius + 2 * spread + M + 4, radius + rise + M + 4
                        near = [b for b in blocked if b[2] > x - ex and b[0] < x + ex and b[3] > y - ey
                                and b[1] < y + ey]
                    px, py = x + math.cos(theta) * (radius + spread if radius else 0), y + math.sin(theta) * radius
                    cluster = tuple((px + dx, py + dy) for dx, dy in shape)
                    room = _cluster_gap(px, py, shape, near)
                    if room < 2 or not at_home(cluster):
                        if blocked is hard and room > fallback[0] and at_home(cluster):
                            fallback = (room, cluster)
                        continue
                    clearance = min((abs((theta - a + math.pi) % (2 * math.pi) - math.pi) for a in away),
                                    default=0.0)
                    if best is None or clearance > best[1] + 1e-9:
                        best = (radius, clearance, cluster)
                if best is not None:
                    return best[2]
    return fallback[1]


def _on_space(node: str, x: float, y: float, count: int, blocked: list[Rect], weather: Weather) -> Cluster | None:
    """A plane stopped between airports sits on its space's dot, so which space it is can be read at a glance, or
    just beside it when the dot's place is taken; in a storm it sits beside its half, leaving the half's S in view.
    None when none of those places is free."""
    if "." not in node:
        return None
    own = {(round(x - 7), round(y - 7))}
    free = [b for b in blocked if (round(b[0]), round(b[1])) not in own]
    key, k = node.split(".")
    storm = any(w[0] == key and w[1] == int(k.removesuffix("s")) and w[2] == "storm" for w in weather)
    a, b = key.split("-")
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    up = -1 if ny > 0 else 1  # above the route first
    beside = [(x + up * nx * BESIDE, y + up * ny * BESIDE), (x - up * nx * BESIDE, y - up * ny * BESIDE)]
    spots = beside if storm else [(x, y), *beside]
    row = _clusters(count)[0]
    return next((tuple((px + dx, py + dy) for dx, dy in row) for px, py in spots
                 if _cluster_gap(px, py, row, free) >= 2), None)

@lru_cache(maxsize=256)
def marker_places(side: str, weather: Weather, groups: tuple[tuple[str, int], ...]) -> tuple[Cluster, ...]:
    """Where each plane marker of each node stands, in the order of `groups` (node, planes there). Searching for
    free places is the costly part of a render, and the planes stand still through most of a round's choices."""
    hard, soft = (list(rects) for rects in _obstacles(side, weather))
    out: list[Cluster] = []
    for node, count in groups:
        x, y = node_xy(node, weather)
        away: list[float] = []
        if "." not in node:
            away = [math.atan2(by - y, bx - x) for bx, by in (
                airport_xy(r.b if r.a == node else r.a) for r in catalog().side_routes(side)
                if node in (r.a, r.b))]
        else:
            key = node.split(".")[0]
            (ax, ay), (bx, by) = airport_xy(key.split("-")[0]), airport_xy(key.split("-")[1])
            along = math.atan2(by - ay, bx - ax)
            away = [along, along + math.pi]
        home = "" if "." in node else node
        places = _on_space(node, x, y, count, hard + soft, weather) or _spot(x, y, count, hard, soft, away, home)
        hard += [(px - M, py - M, px + M, py + M) for px, py in places]
        out.append(places)
    return tuple(out)
