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
def _letter_xy(side: str, route_key: str, weather: Weather) -> Point:
    """Where a coloured route's letter chip goes: between its two middle spaces, or, when a weather token reaches
    that far (on a two-space route any storm does), beside the route there, on the side clear of other things."""
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    x, y = _space_xy(route_key, spaces // 2 + 0.5)
    tokens = [h for r, k, kind in weather for h in (storm_halves(r, k) if kind == "storm" else [_space_xy(r, k)])]
    # Square boxes: the picture's rules compare bounding boxes, so a chip and a disc must keep them apart.
    if not any(max(abs(x - h[0]), abs(y - h[1])) < M + TOKEN_R + 2 for h in tokens):
        return x, y
    a, b = route_key.split("-")
    (ax, ay), (bx, by) = airport_xy(a), airport_xy(b)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    others = [(airport_xy(r.a), airport_xy(r.b)) for r in catalog().side_routes(side) if r.key != route_key]
    dots = [_space_xy(r.key, k) for r in catalog().side_routes(side) if r.key != route_key
            for k in range(1, r.spaces + 1)]
    boxes = [airport_xy(code) for code in catalog().side_airports(side)]
    chips = [_space_xy(r.key, r.spaces // 2 + 0.5) for r in catalog().side_routes(side)
             if r.colour and r.key != route_key]

    def hard(spot: Point) -> float:
        """The gap a chip here leaves to what it must never cover: spaces, weather tokens, airports, the other
        routes' letters."""
        hx, hy = AIRPORT_HALF
        return min([*(math.dist(spot, d) - 6 - M for d in dots), *(max(abs(spot[0] - t[0]), abs(spot[1] - t[1])) - TOKEN_R - M for t in tokens),
                    *(max(abs(spot[0] - c[0]) - hx, abs(spot[1] - c[1]) - hy) - M for c in boxes),
                    *(max(abs(spot[0] - c[0]), abs(spot[1] - c[1])) - 2 * M for c in chips)])

    def lines(spot: Point) -> float:
        """The gap it leaves to other routes' lines, which it may cross when nothing else is free."""
        return min(_segment_gap(spot, p, q) - M - 5 for p, q in others)

    # Beside the middle first, then beside each space and gap along the route, nearest the middle first.
    middle = spaces // 2 + 0.5
    places = sorted((k / 2 for k in range(2, 2 * spaces + 1)), key=lambda k: (abs(k - middle), k))
    spots = [(px + nx * d, py + ny * d) for px, py in (_space_xy(route_key, k) for k in places)
             for d in (M + 9, -M - 9, M + 15, -M - 15, M + 22, -M - 22)]
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
        draw.ellipse((x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R), fill=TAILWIND, outline=INK, width=2)
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
            out.append((x - M, y - M, x + M, y + M))
    for route, space, kind in weather:
        for x, y in storm_halves(route, space) if kind == "storm" else [_space_xy(route, space)]:
            out.append((x - TOKEN_R, y - TOKEN_R, x + TOKEN_R, y + TOKEN_R))
    return tuple(out)


def _clear(x: float, y: float, blocked: list[Rect]) -> bool:
    box = (x - M - 1, y - M - 1, x + M + 1, y + M + 1)
    inside = box[0] >= 12 and box[2] <= MAP_RIGHT - 12 and box[1] >= 12 and box[3] <= BAND_Y - 14
    return inside and not any(b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3] for b in blocked)


def _spot(x: float, y: float, count: int, blocked: list[Rect], away: list[float]) -> Point:
    """The centre of a row of `count` plane markers near (x, y): the nearest ring position where the whole row
    is clear of `blocked`, preferring directions far from the angles in `away` (the routes leaving an airport)."""
    spread = STEP / 2 * (count - 1)
    for radius in (0, 50, 66, 88, 110, 136, 162):
        best: tuple[float, Point] | None = None
        for step in range(1 if radius == 0 else 16):
            theta = step * math.pi / 8
            px, py = x + math.cos(theta) * (radius + spread), y + math.sin(theta) * radius
            if not all(_clear(px + (i - (count - 1) / 2) * STEP, py, blocked) for i in range(count)):
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
    beside = [(x + up * nx * BESIDE, y + up * ny * BESIDE), (x - up * nx * BESIDE, y - up * ny * BESIDE)]
    spots = beside if storm else [(x, y), *beside]
    for px, py in spots:
        if all(_clear(px + (i - (count - 1) / 2) * STEP, py, free) for i in range(count)):
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
            px = cx + (i - (len(seats) - 1) / 2) * STEP
            blocked.append((px - M, cy - M, px + M, cy + M))
            chip(draw, (px - M, cy - M, px + M, cy + M), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
                 ROUTE_TEXT[seat["colour"]], radius=M)


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
        mid = top + 19
        done = " (done)" if seat["done"] and view["phase"] in ("flight", "maintenance") else ""
        if not seat["colour"]:
            chip(draw, (10, top, 50, top + 38), SEAT_EMPTY, "?", TEXT, INK)
            name = fit(seat["name"], TEXT, MAP_RIGHT - 70 - text_width(done, TEXT)) + done
            draw.text((58, top - 8), name, fill=INK, font=font(TEXT))
            draw.text((58, top + ROW_H - PAX_H / 2), "choosing a plane", fill=MUTED, font=font(TEXT), anchor="lm")
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
