"""The Now Boarding board: the map with its routes, weather and planes; the stage and complaints; the passengers
waiting at each airport with their anger; and each plane's seats, speed and fares.

A storm token turns its space into two: it is drawn as a pill of two "S" halves along the route, and a plane stopped in
it sits by its half. A tailwind is one "T" disc over the space it covers.

The map (routes, airports, colour letters) changes only with the side, so it is drawn once per side (static_layer);
each render copies it and draws weather, planes and the panels on top.
"""

from __future__ import annotations

import math
from functools import cache
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
    PLAIN,
    ROUTE_FILL,
    ROUTE_TEXT,
    ROW_H,
    SEAT_EMPTY,
    SIDE_X,
    SIZE,
    STORM,
    TAILWIND,
    TEXT,
    at,
)

Point = tuple[float, float]


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
STORM_R = 15
"""Radius of each half's disc."""


def _along(route_key: str, distance: float) -> Point:
    a, b = route_key.split("-")
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    t = distance / math.dist((ax, ay), (bx, by))
    return ax + (bx - ax) * t, ay + (by - ay) * t


def _box_reach(code: str, toward: Point) -> float:
    """How far an airport's box reaches from its centre in the direction of `toward`."""
    x, y = airport_xy(code)
    dx, dy = toward[0] - x, toward[1] - y
    length = math.hypot(dx, dy)
    hx, hy = AIRPORT_HALF
    return min(hx * length / abs(dx) if dx else math.inf, hy * length / abs(dy) if dy else math.inf)


@cache
def storm_halves(route_key: str, space: int) -> tuple[Point, Point]:
    """The centres of a storm's two halves, nearer the route's first airport first: either side of the space's
    place, moved along the route where one would touch an airport's box (on the shortest routes)."""
    a, b = route_key.split("-")
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    pa, pb = airport_xy(a), airport_xy(b)
    length = math.dist(pa, pb)
    step = length / (spaces + 1)
    offset = min(max(STORM_HALF * step, STORM_R - 2), STORM_R + 4)
    low, high = space * step - offset, space * step + offset
    first = _box_reach(a, pb) + STORM_R + 3
    last = length - _box_reach(b, pa) - STORM_R - 3
    shift = max(0.0, first - low) - max(0.0, high - last)
    return _along(route_key, low + shift), _along(route_key, high + shift)


def node_xy(node: str, weather: Weather = ()) -> Point:
    """Where a node is on the map: a storm's two halves sit either side of their space's place."""
    if "." not in node:
        return airport_xy(node)
    key, k = node.split(".")
    second = k.endswith("s")
    space = int(k.removesuffix("s"))
    if any(w[0] == key and w[1] == space and w[2] == "storm" for w in weather):
        return storm_halves(key, space)[1 if second else 0]
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
            x, y = _letter_xy(side, r.key, weather)
            chip(draw, (x - 17, y - 17, x + 17, y + 17), ROUTE_FILL[r.colour], catalog().plane(r.colour).letter,
                 TEXT, ROUTE_TEXT[r.colour])
    hx, hy = AIRPORT_HALF
    for code in catalog().side_airports(side):
        x, y = airport_xy(code)
        draw.rounded_rectangle((x - hx, y - hy, x + hx, y + hy), radius=8, fill=CARD, outline=INK, width=3)
        draw.text((x, y + 1), code, fill=INK, font=font(TEXT + 2), anchor="mm")
    _weather(draw, weather)
    draw.line([(0, BAND_Y - 8), (SIDE_X - 12, BAND_Y - 8)], fill=MUTED, width=2)
    draw.line([(SIDE_X - 12, 0), (SIDE_X - 12, SIZE[1])], fill=MUTED, width=2)
    return image


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + dx * t, ay + dy * t))


@cache
def _letter_xy(side: str, route_key: str, weather: Weather) -> Point:
    """Where a coloured route's letter chip goes: between its two middle spaces, or, when a weather token reaches
    that far (on a two-space route any storm does), beside the route there, on the side clear of other things."""
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    x, y = _space_xy(route_key, spaces // 2 + 0.5)
    near = [h for r, k, kind in weather if r == route_key
            for h in (storm_halves(r, k) if kind == "storm" else [_space_xy(r, k)])]
    if not any(math.dist((x, y), h) < 17 + 16 + 2 for h in near):
        return x, y
    a, b = route_key.split("-")
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    others = [(airport_xy(r.a), airport_xy(r.b)) for r in catalog().side_routes(side) if r.key != route_key]
    dots = [_space_xy(r.key, k) for r in catalog().side_routes(side) if r.key != route_key
            for k in range(1, r.spaces + 1)]
    tokens = [h for r, k, kind in weather for h in (storm_halves(r, k) if kind == "storm" else [_space_xy(r, k)])]
    boxes = [airport_xy(code) for code in catalog().side_airports(side)]
    chips = [_space_xy(r.key, r.spaces // 2 + 0.5) for r in catalog().side_routes(side)
             if r.colour and r.key != route_key]

    def hard(spot: Point) -> float:
        """The gap a chip here leaves to what it must never cover: spaces, weather tokens, airports, the other
        routes' letters."""
        hx, hy = AIRPORT_HALF
        return min([*(math.dist(spot, d) - 6 - 17 for d in dots), *(math.dist(spot, t) - 16 - 17 for t in tokens),
                    *(max(abs(spot[0] - c[0]) - hx, abs(spot[1] - c[1]) - hy) - 17 for c in boxes),
                    *(max(abs(spot[0] - c[0]), abs(spot[1] - c[1])) - 34 for c in chips)])

    def lines(spot: Point) -> float:
        """The gap it leaves to other routes' lines, which it may cross when nothing else is free."""
        return min(_segment_gap(spot, p, q) - 17 - 5 for p, q in others)

    # Beside the middle first, then beside each space and gap along the route, nearest the middle first.
    middle = spaces // 2 + 0.5
    places = sorted((k / 2 for k in range(2, 2 * spaces + 1)), key=lambda k: (abs(k - middle), k))
    spots = [(px + nx * d, py + ny * d) for px, py in (_space_xy(route_key, k) for k in places)
             for d in (25, -25, 30, -30, 36, -36)]
    clear = [spot for spot in spots if hard(spot) >= 2]
    return next((spot for spot in clear if lines(spot) >= 0), clear[0] if clear else max(spots, key=hard))


def _weather(draw: Pen, weather: Weather) -> None:
    for route, space, kind in weather:
        if kind == "storm":
            # Two spaces where the card shows one: a pill joining the two halves, each marked S.
            halves = storm_halves(route, space)
            draw.line(halves, fill=INK, width=2 * STORM_R + 4)
            for x, y in halves:
                draw.ellipse((x - STORM_R - 2, y - STORM_R - 2, x + STORM_R + 2, y + STORM_R + 2), fill=INK)
            draw.line(halves, fill=STORM, width=2 * STORM_R)
            for x, y in halves:
                draw.ellipse((x - STORM_R, y - STORM_R, x + STORM_R, y + STORM_R), fill=STORM)
            for x, y in halves:
                draw.text((x, y + 1), "S", fill=CARD, font=font(TEXT), anchor="mm")
            continue
        x, y = _space_xy(route, space)
        draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=TAILWIND, outline=INK, width=2)
        draw.text((x, y + 1), "T", fill=INK, font=font(TEXT), anchor="mm")


Rect = tuple[float, float, float, float]


@cache
def _obstacles(side: str, weather: Weather) -> tuple[Rect, ...]:
    """Boxes a plane marker must not cover: airports, spaces, route letters and weather tokens."""
    hx, hy = AIRPORT_HALF
    out: list[Rect] = []
    for code in catalog().side_airports(side):
        x, y = airport_xy(code)
        out.append((x - hx, y - hy, x + hx, y + hy))
    for r in catalog().side_routes(side):
        for k in range(1, r.spaces + 1):
            x, y = _space_xy(r.key, k)
            out.append((x - 7, y - 7, x + 7, y + 7))
        if r.colour:
            x, y = _letter_xy(side, r.key, weather)
            out.append((x - 17, y - 17, x + 17, y + 17))
    for route, space, kind in weather:
        for x, y in storm_halves(route, space) if kind == "storm" else [_space_xy(route, space)]:
            out.append((x - 16, y - 16, x + 16, y + 16))
    return tuple(out)


def _clear(x: float, y: float, blocked: list[Rect]) -> bool:
    box = (x - 19, y - 19, x + 19, y + 19)
    inside = box[0] >= 20 and box[2] <= SIDE_X - 20 and box[1] >= 20 and box[3] <= BAND_Y - 16
    return inside and not any(b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in blocked)


def _spot(x: float, y: float, count: int, blocked: list[Rect], away: list[float]) -> Point:
    """The centre of a row of `count` plane markers near (x, y): the nearest ring position where the whole row
    is clear of `blocked`, preferring directions far from the angles in `away` (the routes leaving an airport)."""
    spread = 19 * (count - 1)
    for radius in (0, 44, 60, 80, 100, 125, 150):
        best: tuple[float, Point] | None = None
        for step in range(1 if radius == 0 else 16):
            theta = step * math.pi / 8
            px, py = x + math.cos(theta) * (radius + spread), y + math.sin(theta) * radius
            if not all(_clear(px + (i - (count - 1) / 2) * 38, py, blocked) for i in range(count)):
                continue
            clearance = min((abs((theta - a + math.pi) % (2 * math.pi) - math.pi) for a in away), default=0.0)
            if best is None or clearance > best[0] + 1e-9:
                best = (clearance, (px, py))
        if best is not None:
            return best[1]
    return x, y


def _on_space(node: str, x: float, y: float, count: int, blocked: list[Rect], weather: Weather) -> Point | None:
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
    beside = [(x + up * nx * 37, y + up * ny * 37), (x - up * nx * 37, y - up * ny * 37)]
    spots = beside if storm else [(x, y), *beside]
    for px, py in spots:
        if all(_clear(px + (i - (count - 1) / 2) * 38, py, free) for i in range(count)):
            return px, py
    return None


def _planes_on_map(draw: Pen, view: dict[str, Any], weather: Weather) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for seat in view["seats"]:
        if seat["at"]:  # a pilot still choosing a plane has none on the map yet
            groups.setdefault(seat["at"], []).append(seat)
    blocked = list(_obstacles(view["side"], weather))
    # Planes at airports first (their places are the most crowded), then planes between airports.
    for node, seats in sorted(groups.items(), key=lambda item: "." in item[0]):
        x, y = node_xy(node, weather)
        away: list[float] = []
        if "." not in node:
            away = [math.atan2(by - y, bx - x) for bx, by in (
                airport_xy(r.b if r.a == node else r.a) for r in catalog().side_routes(view["side"])
                if node in (r.a, r.b))]
        else:
            key = node.split(".")[0]
            (ax, ay), (bx, by) = airport_xy(key.split("-")[0]), airport_xy(key.split("-")[1])
            along = math.atan2(by - ay, bx - ax)
            away = [along, along + math.pi]
        cx, cy = _on_space(node, x, y, len(seats), blocked, weather) or _spot(x, y, len(seats), blocked, away)
        for i, seat in enumerate(seats):
            px = cx + (i - (len(seats) - 1) / 2) * 38
            blocked.append((px - 18, cy - 18, px + 18, cy + 18))
            chip(draw, (px - 18, cy - 18, px + 18, cy + 18), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
                 ROUTE_TEXT[seat["colour"]], radius=18)


LEGEND_Y = SIZE[1] - 78


def _legend(draw: Pen) -> None:
    for i, line in enumerate(("S S storm: 2 spaces · T skip", "* VIP · number: anger")):
        draw.text((SIDE_X, LEGEND_Y + i * 36), line, fill=MUTED, font=font(TEXT))


def _status(draw: Pen, view: dict[str, Any]) -> float:
    x = SIDE_X
    ending = "Everyone wins!" if view["result"] == "won" else "Out of business"
    stage = ending if view["result"] else view["stage"]
    draw.text((x, 12), fit(stage, BIG, 1190 - x), fill=INK, font=font(BIG))
    round_text = view["round_name"].removeprefix(f"{view['stage']}, ").capitalize()
    phase = {"setup": "set-up", "weather": "weather", "flight": "flying", "maintenance": "maintenance",
             "over": "over"}[view["phase"]]
    draw.text((x, 52), fit(f"{round_text} · {phase}", TEXT, 1190 - x), fill=INK, font=font(TEXT))
    draw.text((x, 90), "Complaints", fill=INK, font=font(TEXT))
    for i in range(3):
        left = x + 140 + i * 40
        filled = i < view["complaints"]
        draw.rectangle((left, 90, left + 30, 120), fill=ANGER if filled else CARD, outline=INK, width=2)
        if filled:
            draw.text((left + 15, 106), "!", fill=CARD, font=font(TEXT), anchor="mm")
    placing = view.get("placing")
    if placing:
        a, b = placing["route"].split("-")
        line = f"Placing: {placing['kind']} on {a}-{b}"
    else:
        piles = view["piles"]
        line = f"To come: M {piles[0]}  A {piles[1]}  E {piles[2]}"
    draw.text((x, 132), fit(line, TEXT, 1190 - x), fill=INK, font=font(TEXT))
    return 176


def _pax_chip(draw: Pen, left: float, top: float, card: dict[str, Any], width: float, star: bool = True,
              badge: bool = False) -> None:
    """A passenger: destination, and its anger as a white number on a red tab at the chip's right end (or, where
    the chip is too narrow for a tab, on a red disc over its top-right corner); a VIP has a thick border (and a
    star where there is room); '?' while face down. The anger is a number, not a row of marks, so that it still
    reads at 400 px wide and never by colour alone."""
    if not card["face_up"]:
        draw.rounded_rectangle((left, top, left + width, top + 34), radius=6, fill=FACE_DOWN, outline=INK, width=2)
        draw.text((left + 10, top + 4), "?", fill=INK, font=font(TEXT))
        return
    draw.rounded_rectangle((left, top, left + width, top + 34), radius=6, fill=CARD, outline=INK,
                           width=4 if card["vip"] else 2)
    anger = card["anger"]
    label = card["dest"] + "*"
    tab = ANGER_TAB if anger and not badge else 0
    if not (card["vip"] and star and 7 + text_width(label, TEXT) + 2 <= width - tab):
        label = card["dest"]  # no room for the star beside an anger tab: the thick border still marks the VIP
    draw.text((left + 7, top + 4), label, fill=INK, font=font(TEXT))
    if not anger:
        return
    if badge:
        cx, cy = left + width - 6, top - 2
        draw.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=ANGER, outline=INK, width=2)
        draw.text((cx, cy + 1), str(anger), fill=CARD, font=font(TEXT), anchor="mm")
        return
    draw.rounded_rectangle((left + width - ANGER_TAB, top, left + width, top + 34), radius=6, fill=ANGER,
                           outline=INK, width=2)
    draw.text((left + width - ANGER_TAB / 2, top + 18), str(anger), fill=CARD, font=font(TEXT), anchor="mm")


def _waiting(draw: Pen, view: dict[str, Any], top: float) -> None:
    draw.text((SIDE_X, top), "Waiting (dest, anger)", fill=MUTED, font=font(TEXT))
    y = top + 36
    rows: list[tuple[str, list[dict[str, Any]]]] = []
    for code, cards in view["airports"].items():
        for i in range(0, len(cards), 3):
            rows.append((code if i == 0 else "", cards[i:i + 3]))
    bottom = LEGEND_Y - 8
    for n, (code, cards) in enumerate(rows):
        more = n + 1 < len(rows)
        if y + 34 + (40 if more else 0) > bottom:
            left = sum(len(c) for _, c in rows[n:])
            draw.text((SIDE_X, y + 2), f"+{left} more", fill=INK, font=font(TEXT))
            return
        if code:
            draw.text((SIDE_X, y + 4), code, fill=INK, font=font(TEXT))
        for i, card in enumerate(cards):
            _pax_chip(draw, SIDE_X + 62 + i * 100, y, card, width=94)
        y += 40
    if not rows:
        draw.text((SIDE_X, y), "nobody", fill=MUTED, font=font(TEXT))


def _plane_rows(draw: Pen, view: dict[str, Any]) -> None:
    y: float = BAND_Y + 4
    row_h = min(ROW_H, (SIZE[1] - BAND_Y - 8) / max(len(view["seats"]), 1))
    for seat in view["seats"]:
        mid = y + row_h / 2
        name = seat["name"] + (" (done)" if seat["done"] and view["phase"] in ("flight", "maintenance") else "")
        draw.text((60, mid - 30), fit(name, TEXT, 300), fill=INK, font=font(TEXT))
        if not seat["colour"]:
            chip(draw, (10, mid - 20, 50, mid + 20), SEAT_EMPTY, "?", TEXT, INK)
            draw.text((60, mid + 2), "choosing a plane", fill=MUTED, font=font(TEXT))
            y += row_h
            continue
        chip(draw, (10, mid - 20, 50, mid + 20), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
             ROUTE_TEXT[seat["colour"]])
        where = seat["at"] if "." not in seat["at"] else "in the air"
        extra = "".join(f" {ROUTE_LETTER(c)}" for c in seat["routes"][1:])
        speed = f"spd {seat['speed']}" + ("+1" if view["temp"]["speed"] == seat["seat"] else "")
        line = f"{where} · {speed} · ${seat['money']}" + (f" · +{extra.strip()}" if extra else "")
        draw.text((60, mid + 2), fit(line, TEXT, 310), fill=INK, font=font(TEXT))
        _seats(draw, 380, mid - 17, seat, view["temp"]["seat"] == seat["seat"])
        y += row_h


def ROUTE_LETTER(colour: str) -> str:  # noqa: N802 - reads like the table it stands for
    return catalog().plane(colour).letter


def _seats(draw: Pen, left: float, top: float, seat: dict[str, Any], temp: bool) -> None:
    """One box per seat: the passenger in it (a Fugitive fills two), empty boxes for free seats, a dashed extra
    box for the temporary seat token held."""
    boxes: list[dict[str, Any] | None] = []
    for card in seat["cargo"]:
        boxes.append(card)
        if card.get("vip") == "Captured Fugitive":
            boxes.append(card)
    boxes += [None] * max(seat["seats"] - len(boxes), 0)
    for i, card in enumerate(boxes[:6]):
        x = left + i * 74
        if card is None:
            draw.rounded_rectangle((x, top, x + 68, top + 34), radius=6, fill=SEAT_EMPTY, outline=MUTED, width=2)
        else:
            _pax_chip(draw, x, top, card, width=68, star=False, badge=True)
    if temp and len(boxes) < 6:
        x = left + len(boxes) * 74
        draw.rounded_rectangle((x, top, x + 68, top + 34), radius=6, fill=PAPER, outline=INK, width=1)
        draw.text((x + 34, top + 17), "+1", fill=INK, font=font(TEXT), anchor="mm")


def board_image(view: dict[str, Any]) -> Image.Image:
    weather: Weather = tuple((w["route"], w["space"], w["kind"]) for w in view["weather"])
    image = map_layer(view["side"], weather)
    draw = pen(image)
    _planes_on_map(draw, view, weather)
    top = _status(draw, view)
    _waiting(draw, view, top)
    _plane_rows(draw, view)
    _legend(draw)
    return image


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """Now Boarding has no hands: every pilot sees the board."""
    return render_board(view)
