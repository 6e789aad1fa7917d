"""The Now Boarding board: the map with its routes, weather and planes; the stage and complaints; the passengers
waiting at each airport with their anger; and each plane's seats, speed and fares.

A storm token turns its space into two: it is drawn as a pill of two "S" halves along the route, and a plane stopped in
it sits by its half. A tailwind is one "T" disc over the space it covers.

The map (routes, airports, colour letters) changes only with the side, so it is drawn once per side (static_layer);
each render copies it and draws weather, planes and the panels on top.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import Any

from PIL import Image

from engine.now_boarding.data import catalog
from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, PAPER, Pen, canvas, fit, font, pen, text_width, to_png
from renderers.kit.shapes import chip
from renderers.now_boarding.style import (
    AIRPORT_HALF,
    ANGER,
    ANGER_TAB,
    BAND_Y,
    BIG,
    CARD,
    FACE_DOWN,
    MAP_RIGHT,
    MARK_HALF,
    PAX_H,
    PAX_W,
    PLAIN,
    ROUTE_FILL,
    ROUTE_TEXT,
    ROW_H,
    SEAT_EMPTY,
    SEAT_W,
    SIDE_RIGHT,
    SIDE_X,
    SIZE,
    STORM,
    STRIPE,
    TAILWIND,
    TEXT,
    TOKEN_R,
    at,
)

Point = tuple[float, float]
M = MARK_HALF
STEP = 2 * MARK_HALF + 2
"""From one plane marker's centre to the next in a row of them."""
BESIDE = MARK_HALF + 22
"""How far from its space's dot a plane sits when the dot's place is taken: clear of the dot and the route's line."""


def airport_xy(code: str) -> Point:
    a = catalog().airports[code]
    return at(a.x, a.y)


def _space_xy(route_key: str, k: float) -> Point:
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


def _gap(p: Point, half_p: Half, q: Point, half_q: Half) -> float:
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
        dots = [(_space_xy(r.key, k), (7.0, 7.0)) for r in catalog().routes for k in range(1, r.spaces + 1)
                if (r.key, k) != (route, space)]
        # The coloured routes' letters sit between their middle spaces unless a token takes that place.
        letters = [(_space_xy(r.key, r.spaces // 2 + 0.5), (M, M)) for r in catalog().routes if r.colour]
        best: tuple[tuple[bool, bool, float], tuple[Point, ...]] | None = None
        # Nearer its own space's place than its neighbour's where it can; up to half a space to clear an airport.
        near, reach = step * 0.4, int(step / 2)
        for shift in sorted(range(-reach, reach + 1, 2), key=lambda d: (abs(d), d)):
            points = tuple(_along(route, space * step + shift + part) for part in parts)
            hard = min(_gap(p, token, q, half) for p in points for q, half in airports + placed)
            soft = min((_gap(p, token, q, half) for p in points for q, half in dots + letters), default=math.inf)
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


def _tokens(weather: Weather) -> list[Point]:
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
    return _space_xy(key, space)


@static_layer(maxsize=8)
def map_layer(side: str, weather: Weather) -> Image.Image:
    """The map with its weather: both change only between stages, so a game draws this a handful of times."""
    image = canvas(SIZE, PAPER)
    draw = pen(image)
    routes = catalog().side_routes(side)
    for r in routes:
        fill = ROUTE_FILL[r.colour] if r.colour else PLAIN
        draw.line([airport_xy(r.a), airport_xy(r.b)], fill=fill, width=9 if r.colour else 5)
    for r in routes:
        for k in range(1, r.spaces + 1):
            if any(w[0] == r.key and w[1] == k for w in weather):
                continue
            x, y = _space_xy(r.key, k)
            # White like the plain spaces: a patch of route colour would carry no letter (the chip names it).
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=CARD, outline=INK, width=2)
        if r.colour:
            # The colour's letter between the two middle spaces: the route is readable without its colour.
            x, y = letter_places(side, weather)[r.key]
            chip(draw, (x - M, y - M, x + M, y + M), ROUTE_FILL[r.colour], catalog().plane(r.colour).letter,
                 TEXT, ROUTE_TEXT[r.colour])
    hx, hy = AIRPORT_HALF
    for code in catalog().side_airports(side):
        x, y = airport_xy(code)
        draw.rounded_rectangle((x - hx, y - hy, x + hx, y + hy), radius=8, fill=CARD, outline=INK, width=3)
        draw.text((x, y + 1), code, fill=INK, font=font(TEXT + 2), anchor="mm")
    _weather(draw, weather)
    draw.line([(0, BAND_Y - 6), (MAP_RIGHT, BAND_Y - 6)], fill=MUTED, width=2)
    draw.line([(MAP_RIGHT, 0), (MAP_RIGHT, SIZE[1])], fill=MUTED, width=2)
    return image


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + dx * t, ay + dy * t))


@cache
def letter_places(side: str, weather: Weather) -> dict[str, Point]:
    """Where each coloured route's letter chip goes: between its two middle spaces, or, when a weather token reaches
    that far (on a two-space route any storm does), beside the route there, on the side clear of other things."""
    tokens = _tokens(weather)
    coloured = [r for r in catalog().side_routes(side) if r.colour]
    middles = {r.key: _space_xy(r.key, r.spaces // 2 + 0.5) for r in coloured}
    moved = [r.key for r in coloured if any(_gap(middles[r.key], (M, M), t, (TOKEN_R, TOKEN_R)) < 2 for t in tokens)]
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
    dots = [_space_xy(r.key, k) for r in routes if r.key != route_key for k in range(1, r.spaces + 1)]
    boxes = [airport_xy(code) for code in catalog().side_airports(side)]

    def hard(spot: Point) -> float:
        """The gap a chip here leaves to what it must never cover."""
        return min([*(_gap(spot, (M, M), d, (6, 6)) for d in dots),
                    *(_gap(spot, (M, M), t, (TOKEN_R, TOKEN_R)) for t in tokens),
                    *(_gap(spot, (M, M), c, AIRPORT_HALF) for c in boxes),
                    *(_gap(spot, (M, M), c, (M, M)) for c in chips)])

    def lines(spot: Point) -> float:
        """The gap it leaves to other routes' lines, which it may cross when nothing else is free."""
        return min(_segment_gap(spot, p, q) - M - 5 for p, q in others)

    # On the route between two other spaces (or a space and an airport) first, so that the letter sits on the line
    # it names; then beside the middle, then beside each space and gap along the route, nearest the middle first.
    middle = route.spaces // 2 + 0.5
    gaps = sorted((k + 0.5 for k in range(route.spaces + 1)), key=lambda k: (abs(k - middle), k))
    steps = sorted((k / 2 for k in range(2, 2 * route.spaces + 1)), key=lambda k: (abs(k - middle), k))
    spots = [_space_xy(route_key, k) for k in gaps] + [
        (px + nx * d, py + ny * d) for px, py in (_space_xy(route_key, k) for k in steps)
        for d in (M + 9, -M - 9, M + 15, -M - 15, M + 22, -M - 22, M + 32, -M - 32)]
    spots = [(x, y) for x, y in spots if M + 4 <= x <= MAP_RIGHT - M - 4 and M + 4 <= y <= BAND_Y - M - 12]
    def nearer(spot: Point) -> bool:
        """Whether the chip sits clearly nearer its own route than any other: a letter must not seem to name the
        route beside it."""
        return _segment_gap(spot, (ax, ay), (bx, by)) + 12 <= min(_segment_gap(spot, p, q) for p, q in others)

    clear = [spot for spot in spots if hard(spot) >= 2]
    for wanted in ((lambda p: lines(p) >= 0 and nearer(p)), nearer, (lambda p: lines(p) >= 0)):
        chosen = next((spot for spot in clear if wanted(spot)), None)
        if chosen:
            return chosen
    return clear[0] if clear else max(spots, key=hard)


def _weather(draw: Pen, weather: Weather) -> None:
    for route, space, kind in weather:
        if kind == "storm":
            # Two spaces where the card shows one: a pill joining the two halves, each marked S.
            halves = token_places(weather)[(route, space)]
            draw.line(halves, fill=INK, width=2 * STORM_R + 4)
            for x, y in halves:
                draw.ellipse((x - STORM_R - 2, y - STORM_R - 2, x + STORM_R + 2, y + STORM_R + 2), fill=INK)
            draw.line(halves, fill=STORM, width=2 * STORM_R)
            for x, y in halves:
                draw.ellipse((x - STORM_R, y - STORM_R, x + STORM_R, y + STORM_R), fill=STORM)
            for x, y in halves:
                draw.text((x, y + 1), "S", fill=CARD, font=font(TEXT), anchor="mm")
            continue
        x, y = token_places(weather)[(route, space)][0]
        draw.ellipse((x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R), fill=TAILWIND, outline=INK, width=2)
        draw.text((x, y + 1), "T", fill=INK, font=font(TEXT), anchor="mm")


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
            x, y = _space_xy(r.key, k)
            soft.append((x - 7, y - 7, x + 7, y + 7))
        if r.colour:
            x, y = letter_places(side, weather)[r.key]
            hard.append((x - M, y - M, x + M, y + M))
    for x, y in _tokens(weather):
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
    gap = math.inf
    for dx, dy in cluster:
        x, y = cx + dx, cy + dy
        if x - M < 12 or x + M > MAP_RIGHT - 12 or y - M < 12 or y + M > BAND_Y - 14:
            return -math.inf
        for b in blocked:
            gap = min(gap, max(b[0] - x - M, x - M - b[2], b[1] - y - M, y - M - b[3]))
    return gap


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
        return all(_gap(p, (M, M), (x, y), AIRPORT_HALF) < min(_gap(p, (M, M), a, AIRPORT_HALF) for a in airports)
                   for p in cluster) if airports else True

    fallback: tuple[float, Cluster] = (-math.inf, tuple((x + dx, y + dy) for dx, dy in _clusters(count)[0]))
    for limit in (150, 260):
        for blocked in (hard + soft, hard):
            for shape in _clusters(count):
                spread = max(dx for dx, _dy in shape)
                best: tuple[float, float, Cluster] | None = None
                for radius, theta in rings:
                    if radius > limit or (best is not None and radius > best[0]):
                        break
                    px, py = x + math.cos(theta) * (radius + spread if radius else 0), y + math.sin(theta) * radius
                    cluster = tuple((px + dx, py + dy) for dx, dy in shape)
                    gap = _cluster_gap(px, py, shape, blocked)
                    if gap < 2 or not at_home(cluster):
                        if blocked is hard and gap > fallback[0] and at_home(cluster):
                            fallback = (gap, cluster)
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


def _planes_on_map(draw: Pen, view: dict[str, Any], weather: Weather) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for seat in view["seats"]:
        if seat["at"]:  # a pilot still choosing a plane has none on the map yet
            groups.setdefault(seat["at"], []).append(seat)
    # Planes at airports first (their places are the most crowded), then planes between airports.
    ordered = sorted(groups.items(), key=lambda item: "." in item[0])
    places = _marker_places(view["side"], weather, tuple((node, len(seats)) for node, seats in ordered))
    for (_node, seats), cluster in zip(ordered, places, strict=True):
        for seat, (px, py) in zip(seats, cluster, strict=True):
            chip(draw, (px - M, py - M, px + M, py + M), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
                 ROUTE_TEXT[seat["colour"]], radius=M)


@lru_cache(maxsize=256)
def _marker_places(side: str, weather: Weather, groups: tuple[tuple[str, int], ...]) -> tuple[Cluster, ...]:
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


LINE = 44
"""From one line of TEXT to the next in the side panel."""
PHASES = {"setup": "Set-up", "weather": "Placing weather", "flight": "Flying", "maintenance": "Maintenance",
          "over": "Game over"}


def _key(view: dict[str, Any]) -> list[str]:
    """The key to the marks this picture shows: a storm's two S halves, a tailwind's T, a VIP's star and thick rim.
    A mark that is not on the board takes no room."""
    kinds = {w["kind"] for w in view["weather"]}
    cards = [c for cards in view["airports"].values() for c in cards] + [
        c for seat in view["seats"] for c in seat["cargo"]]
    items = ["S S storm: 2 spaces"] if "storm" in kinds else []
    items += ["T tailwind: fly over"] if "tailwind" in kinds else []
    items += ["* thick rim: VIP"] if any(c["face_up"] and c["vip"] for c in cards) else []
    return items


def _legend(draw: Pen, items: list[str]) -> float:
    """The key at the foot of the side panel; returns where it begins."""
    top = SIZE[1] - 6 - LINE * len(items)
    for i, line in enumerate(items):
        draw.text((SIDE_X, top + i * LINE), fit(line, TEXT, SIDE_RIGHT - SIDE_X), fill=MUTED, font=font(TEXT))
    return top


def _line(draw: Pen, y: float, text: str, size: int = TEXT) -> None:
    draw.text((SIDE_X, y), fit(text, size, SIDE_RIGHT - SIDE_X), fill=INK, font=font(size))


def _status(draw: Pen, view: dict[str, Any]) -> float:
    """The stage, round and phase, the complaints and the cards to come (or the weather being placed), one line each;
    returns where the panel goes on."""
    ending = "Everyone wins!" if view["result"] == "won" else "Out of business"
    _line(draw, 2, ending if view["result"] else view["stage"], BIG)
    y = 2 + BIG + 8
    _line(draw, y, view["round_name"].removeprefix(f"{view['stage']}, ").capitalize())
    _line(draw, y + LINE, PHASES[view["phase"]])
    y += 2 * LINE
    draw.text((SIDE_X, y), "Complaints", fill=INK, font=font(TEXT))
    for i in range(3):
        left = SIDE_X + text_width("Complaints", TEXT) + 14 + i * 44
        filled = i < view["complaints"]
        draw.rectangle((left, y + 4, left + 36, y + 40), fill=ANGER if filled else CARD, outline=INK, width=2)
        if filled:
            draw.text((left + 18, y + 23), "!", fill=CARD, font=font(TEXT), anchor="mm")
    y += LINE
    placing = view.get("placing")
    if placing:
        a, b = placing["route"].split("-")
        _line(draw, y, f"{placing['kind'].capitalize()} on {a}-{b}")
    else:
        # Spaced out where the figures leave room, closer where two-digit piles would not fit the panel.
        m, a, e = view["piles"]
        lines = (f"To come: M {m}  A {a}  E {e}", f"To come: M {m} A {a} E {e}", f"To come: M{m} A{a} E{e}")
        _line(draw, y, next((t for t in lines if text_width(t, TEXT) <= SIDE_RIGHT - SIDE_X), lines[-1]))
    return y + LINE + 4


def _pax_chip(draw: Pen, left: float, top: float, card: dict[str, Any], width: float) -> None:
    """A passenger: destination, and its anger as a white number on a red tab at the card's right end; a VIP has a
    thick rim (and a star where there is room); '?' while face down. The anger is a number, not a row of marks, so
    that it still reads on a phone and never by colour alone."""
    mid = top + PAX_H / 2
    if not card["face_up"]:
        draw.rounded_rectangle((left, top, left + width, top + PAX_H), radius=6, fill=FACE_DOWN, outline=INK,
                               width=2)
        draw.text((left + width / 2, mid), "?", fill=INK, font=font(TEXT), anchor="mm")
        return
    draw.rounded_rectangle((left, top, left + width, top + PAX_H), radius=6, fill=CARD, outline=INK,
                           width=4 if card["vip"] else 2)
    anger = card["anger"]
    tab = ANGER_TAB if anger else 0
    label = card["dest"] + "*"
    if not (card["vip"] and 6 + text_width(label, TEXT) + 4 <= width - tab):
        label = card["dest"]  # no room for the star beside an anger tab: the thick rim still marks the VIP
    draw.text((left + 6, mid), label, fill=INK, font=font(TEXT), anchor="lm")
    if not anger:
        return
    draw.rounded_rectangle((left + width - ANGER_TAB, top, left + width, top + PAX_H), radius=6, fill=ANGER,
                           outline=INK, width=2)
    draw.text((left + width - ANGER_TAB / 2, mid), str(anger), fill=CARD, font=font(TEXT), anchor="mm")


def _waiting(draw: Pen, view: dict[str, Any], top: float, bottom: float) -> None:
    """Each airport's queue, two passengers a row; what does not fit above `bottom` is counted in a last line."""
    draw.text((SIDE_X, top), "Waiting (to, anger)", fill=MUTED, font=font(TEXT))
    y = top + LINE + 4
    rows: list[tuple[str, list[dict[str, Any]]]] = []
    for code, cards in view["airports"].items():
        for i in range(0, len(cards), 2):
            rows.append((code if i == 0 else "", cards[i:i + 2]))
    pitch = PAX_H + 6
    for n, (code, cards) in enumerate(rows):
        more = n + 1 < len(rows)
        if y + PAX_H + (pitch if more else 0) > bottom:
            left = sum(len(c) for _, c in rows[n:])
            draw.text((SIDE_X, y + PAX_H / 2), f"+{left} more", fill=INK, font=font(TEXT), anchor="lm")
            return
        if code:
            draw.text((SIDE_X, y + PAX_H / 2), code, fill=INK, font=font(TEXT), anchor="lm")
        for i, card in enumerate(cards):
            _pax_chip(draw, SIDE_RIGHT - (2 - i) * PAX_W - (1 - i) * 6, y, card, PAX_W)
        y += pitch
    if not rows:
        draw.text((SIDE_X, y), "nobody", fill=MUTED, font=font(TEXT))


def _plane_rows(draw: Pen, view: dict[str, Any]) -> None:
    """One row per plane: its chip, pilot and figures (where, speed, fares, extra routes), then its seats."""
    row_h = min(ROW_H + 24, (SIZE[1] - BAND_Y) / max(len(view["seats"]), 1))
    for n, seat in enumerate(view["seats"]):
        if n % 2:  # every other row on a shaded band: which seats belong to which pilot reads at a glance
            draw.rectangle((0, BAND_Y + n * row_h - 1, MAP_RIGHT - 1, BAND_Y + (n + 1) * row_h - 1), fill=STRIPE)
        top = BAND_Y + n * row_h + (row_h - ROW_H) / 2
        done = " (done)" if seat["done"] and view["phase"] in ("flight", "maintenance") else ""
        if not seat["colour"]:
            chip(draw, (10, top, 50, top + 38), SEAT_EMPTY, "?", TEXT, INK)
            name = fit(seat["name"], TEXT, MAP_RIGHT - 70 - text_width(done, TEXT)) + done
            draw.text((58, top - 8), name, fill=INK, font=font(TEXT))
            draw.text((58, top + 30), "choosing a plane", fill=MUTED, font=font(TEXT))
            continue
        chip(draw, (10, top, 50, top + 38), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
             ROUTE_TEXT[seat["colour"]])
        where = seat["at"] if "." not in seat["at"] else "in air"
        extra = " ".join(ROUTE_LETTER(c) for c in seat["routes"][1:])
        speed = f"spd {seat['speed']}" + ("+1" if view["temp"]["speed"] == seat["seat"] else "")
        figures = f"{where} · {speed} · ${seat['money']}" + (f" · +{extra}" if extra else "")
        draw.text((MAP_RIGHT - 12, top - 8), figures, fill=INK, font=font(TEXT), anchor="ra")
        room = MAP_RIGHT - 12 - text_width(figures, TEXT) - 24 - 58
        name = fit(seat["name"], TEXT, room - text_width(done, TEXT)) + done
        draw.text((58, top - 8), name, fill=INK, font=font(TEXT))
        _seats(draw, 10, top + ROW_H - PAX_H, seat, view["temp"]["seat"] == seat["seat"])


def ROUTE_LETTER(colour: str) -> str:  # noqa: N802 - reads like the table it stands for
    return catalog().plane(colour).letter


MAX_SEATS = 6


def _seats(draw: Pen, left: float, top: float, seat: dict[str, Any], temp: bool) -> None:
    """One box per seat: the passenger in it (a Fugitive fills two), empty boxes for free seats, an extra box
    marked +1 for the temporary seat token held."""
    boxes: list[dict[str, Any] | None] = []
    for card in seat["cargo"]:
        boxes.append(card)
        if card.get("vip") == "Captured Fugitive":
            boxes.append(card)
    boxes += [None] * max(seat["seats"] - len(boxes), 0)
    for i, card in enumerate(boxes[:MAX_SEATS]):
        x = left + i * (SEAT_W + 6)
        if card is None:
            draw.rounded_rectangle((x, top, x + SEAT_W, top + PAX_H), radius=6, fill=SEAT_EMPTY, outline=MUTED,
                                   width=2)
        else:
            _pax_chip(draw, x, top, card, SEAT_W)
    if temp and len(boxes) < MAX_SEATS:
        x = left + len(boxes) * (SEAT_W + 6)
        draw.rounded_rectangle((x, top, x + SEAT_W, top + PAX_H), radius=6, fill=PAPER, outline=INK, width=1)
        draw.text((x + SEAT_W / 2, top + PAX_H / 2), "+1", fill=INK, font=font(TEXT), anchor="mm")


def board_image(view: dict[str, Any]) -> Image.Image:
    weather: Weather = tuple((w["route"], w["space"], w["kind"]) for w in view["weather"])
    image = map_layer(view["side"], weather)
    draw = pen(image)
    _planes_on_map(draw, view, weather)
    top = _status(draw, view)
    _waiting(draw, view, top, _legend(draw, _key(view)) - 6)
    _plane_rows(draw, view)
    return image


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """Now Boarding has no hands: every pilot sees the board."""
    return render_board(view)
