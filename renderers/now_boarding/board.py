"""The Now Boarding board: the map with its routes, weather and planes; the stage and complaints; the passengers
waiting at each airport with their anger; and each plane's seats, speed and fares.

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
from renderers.kit.paint import INK, MUTED, PAPER, Pen, canvas, fit, font, pen, to_png
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


def _airport_xy(code: str) -> Point:
    a = catalog().airports[code]
    return at(a.x, a.y)


def _space_xy(route_key: str, k: float) -> Point:
    a, b = route_key.split("-")
    spaces = next(r.spaces for r in catalog().routes if r.key == route_key)
    (ax, ay), (bx, by) = _airport_xy(a), _airport_xy(b)
    t = k / (spaces + 1)
    return ax + (bx - ax) * t, ay + (by - ay) * t


def node_xy(node: str) -> Point:
    if "." not in node:
        return _airport_xy(node)
    key, k = node.split(".")
    return _space_xy(key, int(k))


@static_layer(maxsize=8)
def map_layer(side: str, weather: tuple[tuple[str, int, str], ...]) -> Image.Image:
    """The map with its weather: both change only between stages, so a game draws this a handful of times."""
    image = canvas(SIZE, PAPER)
    draw = pen(image)
    routes = catalog().side_routes(side)
    for r in routes:
        fill = ROUTE_FILL[r.colour] if r.colour else PLAIN
        draw.line([_airport_xy(r.a), _airport_xy(r.b)], fill=fill, width=9 if r.colour else 5)
    for r in routes:
        for k in range(1, r.spaces + 1):
            if any(w[0] == r.key and w[1] == k for w in weather):
                continue
            x, y = _space_xy(r.key, k)
            # White like the plain spaces: a patch of route colour would carry no letter (the chip names it).
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=CARD, outline=INK, width=2)
        if r.colour:
            # The colour's letter between the two middle spaces: the route is readable without its colour.
            x, y = _space_xy(r.key, r.spaces // 2 + 0.5)
            chip(draw, (x - 17, y - 17, x + 17, y + 17), ROUTE_FILL[r.colour], catalog().plane(r.colour).letter,
                 TEXT, ROUTE_TEXT[r.colour])
    hx, hy = AIRPORT_HALF
    for code in catalog().side_airports(side):
        x, y = _airport_xy(code)
        draw.rounded_rectangle((x - hx, y - hy, x + hx, y + hy), radius=8, fill=CARD, outline=INK, width=3)
        draw.text((x, y + 1), code, fill=INK, font=font(TEXT + 2), anchor="mm")
    _weather(draw, weather)
    draw.line([(0, BAND_Y - 8), (SIDE_X - 12, BAND_Y - 8)], fill=MUTED, width=2)
    draw.line([(SIDE_X - 12, 0), (SIDE_X - 12, SIZE[1])], fill=MUTED, width=2)
    return image


def _weather(draw: Pen, weather: tuple[tuple[str, int, str], ...]) -> None:
    for route, space, kind in weather:
        x, y = _space_xy(route, space)
        storm = kind == "storm"
        draw.ellipse((x - 16, y - 16, x + 16, y + 16), fill=STORM if storm else TAILWIND, outline=INK, width=2)
        draw.text((x, y + 1), "S" if storm else "T", fill=CARD if storm else INK, font=font(TEXT), anchor="mm")


Rect = tuple[float, float, float, float]


@cache
def _obstacles(side: str, weather: tuple[tuple[str, int, str], ...]) -> tuple[Rect, ...]:
    """Boxes a plane marker must not cover: airports, spaces, route letters and weather tokens."""
    hx, hy = AIRPORT_HALF
    out: list[Rect] = []
    for code in catalog().side_airports(side):
        x, y = _airport_xy(code)
        out.append((x - hx, y - hy, x + hx, y + hy))
    for r in catalog().side_routes(side):
        for k in range(1, r.spaces + 1):
            x, y = _space_xy(r.key, k)
            out.append((x - 7, y - 7, x + 7, y + 7))
        if r.colour:
            x, y = _space_xy(r.key, r.spaces // 2 + 0.5)
            out.append((x - 17, y - 17, x + 17, y + 17))
    for route, space, _kind in weather:
        x, y = _space_xy(route, space)
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


def _planes_on_map(draw: Pen, view: dict[str, Any], weather: tuple[tuple[str, int, str], ...]) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for seat in view["seats"]:
        groups.setdefault(seat["at"], []).append(seat)
    blocked = list(_obstacles(view["side"], weather))
    # Planes at airports first (their places are the most crowded), then planes between airports.
    for node, seats in sorted(groups.items(), key=lambda item: "." in item[0]):
        x, y = node_xy(node)
        away: list[float] = []
        if "." not in node:
            away = [math.atan2(by - y, bx - x) for bx, by in (
                _airport_xy(r.b if r.a == node else r.a) for r in catalog().side_routes(view["side"])
                if node in (r.a, r.b))]
        else:
            key = node.split(".")[0]
            (ax, ay), (bx, by) = _airport_xy(key.split("-")[0]), _airport_xy(key.split("-")[1])
            along = math.atan2(by - ay, bx - ax)
            away = [along, along + math.pi]
        cx, cy = _spot(x, y, len(seats), blocked, away)
        for i, seat in enumerate(seats):
            px = cx + (i - (len(seats) - 1) / 2) * 38
            blocked.append((px - 18, cy - 18, px + 18, cy + 18))
            chip(draw, (px - 18, cy - 18, px + 18, cy + 18), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
                 ROUTE_TEXT[seat["colour"]], radius=18)


LEGEND_Y = SIZE[1] - 78


def _legend(draw: Pen) -> None:
    for i, line in enumerate(("S storm +1 · T tailwind -1", "* VIP · number: anger")):
        draw.text((SIDE_X, LEGEND_Y + i * 36), line, fill=MUTED, font=font(TEXT))


def _status(draw: Pen, view: dict[str, Any]) -> float:
    x = SIDE_X
    ending = "Everyone wins!" if view["result"] == "won" else "Out of business"
    stage = ending if view["result"] else view["stage"]
    draw.text((x, 12), fit(stage, BIG, 1190 - x), fill=INK, font=font(BIG))
    round_text = f"Round {view['round']}" + (", the last" if view["final_round"] else "")
    phase = {"setup": "set-up", "flight": "flying", "maintenance": "maintenance", "over": "over"}[view["phase"]]
    draw.text((x, 52), fit(f"{round_text} · {phase}", TEXT, 1190 - x), fill=INK, font=font(TEXT))
    draw.text((x, 90), "Complaints", fill=INK, font=font(TEXT))
    for i in range(3):
        left = x + 140 + i * 40
        filled = i < view["complaints"]
        draw.rectangle((left, 90, left + 30, 120), fill=ANGER if filled else CARD, outline=INK, width=2)
        if filled:
            draw.text((left + 15, 106), "!", fill=CARD, font=font(TEXT), anchor="mm")
    piles = view["piles"]
    draw.text((x, 132), f"To come: M {piles[0]}  A {piles[1]}  E {piles[2]}", fill=INK, font=font(TEXT))
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
    draw.text((left + 7, top + 4), card["dest"] + ("*" if card["vip"] and star else ""), fill=INK, font=font(TEXT))
    anger = card["anger"]
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
    y = BAND_Y + 4
    row_h = min(ROW_H, (SIZE[1] - BAND_Y - 8) / max(len(view["seats"]), 1))
    for seat in view["seats"]:
        mid = y + row_h / 2
        chip(draw, (10, mid - 20, 50, mid + 20), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
             ROUTE_TEXT[seat["colour"]])
        name = seat["name"] + (" (done)" if seat["done"] and view["phase"] in ("flight", "maintenance") else "")
        draw.text((60, mid - 30), fit(name, TEXT, 300), fill=INK, font=font(TEXT))
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
    weather = tuple((w["route"], w["space"], w["kind"]) for w in view["weather"])
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
