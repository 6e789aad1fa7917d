"""The Flight Plan board: a status line, the world map (regions shaded, routes by class and owner, hubs, planes)
and the airline table (table.py).

Every airline's number travels with its colour (route badges, hub towers, planes, the table's rows), and the
table lists its routes by number, so nothing is told by colour alone. Texts are placed on free ground: a label or
badge that would overlap an earlier one moves along its line or stays off (the table still lists the route).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.flight_plan.data import REGIONS, catalog
from renderers.flight_plan.geo import city_xy, segments
from renderers.flight_plan.style import (
    FREE_ROUTE,
    MAP_GAP,
    OWNER,
    OWNER_TEXT,
    READ,
    REGION_TINT,
    SEA,
    TEXT,
    TOP,
    WIDTH,
    H,
    W,
    map_height,
)
from renderers.flight_plan.table import draw_table, money
from renderers.kit.layer import MoveLayers, remembers_moves, static_layer
from renderers.kit.paint import INK, MUTED, PAPER, Pen, canvas, fit, font, pen, text_width, to_png
from renderers.kit.rules import CAP_HEIGHT

Rect = tuple[float, float, float, float]
LABEL_H = round(READ * CAP_HEIGHT) + 10  # a city code's box: its capitals and 5 px above and below
# Where each region's name goes (fractions of the map), on open sea or thin ground.
REGION_LABEL = {"NA": (0.10, 0.20), "SA": (0.25, 0.88), "EU": (0.43, 0.06), "AF": (0.40, 0.80),
                "ME": (0.60, 0.60), "AP": (0.92, 0.20)}


def _overlaps(box: Rect, taken: Sequence[Rect]) -> bool:
    # A plain loop: placing the labels asks this some 500 times a board, and a generator in any() costs twice as much.
    left, top, right, bottom = box
    for t_left, t_top, t_right, t_bottom in taken:
        if left < t_right and t_left < right and top < t_bottom and t_top < bottom:
            return True
    return False


def _blocker(box: Rect, taken: Sequence[Rect]) -> Rect | None:
    """The first taken box that `box` overlaps, or None (_overlaps, saying which)."""
    left, top, right, bottom = box
    for t in taken:
        if left < t[2] and t[0] < right and top < t[3] and t[1] < bottom:
            return t
    return None


SPOTS = 4096
"""Questions free_spot remembers the answer to: every label, badge group and region name of the boards drawn."""
_spots: dict[tuple[float, float, float, float, int], tuple[Rect | None, frozenset[Rect]]] = {}
remembers_moves(_spots.clear)


def free_spot(x: float, y: float, w: float, h: float, taken: list[Rect], map_h: int) -> Rect | None:
    """The box of size w x h nearest to centre (x, y), on rings 20 px apart, that lies in the map on free ground.

    Remembered with the boxes that turned the nearer places down: the same questions come back on every move (a
    city's code, a plane's place, a region's name), and the search (up to some 500 places tried) costs as much as
    drawing the labels. While each of those boxes is still taken and the place found still free, every nearer place
    is still turned down and the answer is the same, whatever else changed on the map."""
    key = (x, y, w, h, map_h)
    found = _spots.get(key)
    if found is not None:
        spot, blockers = found
        if blockers.issubset(taken) and (spot is None or _blocker(spot, taken) is None):
            return spot
    blocked: set[Rect] = set()
    spot = None
    for ring in range(0, 13):
        steps = max(1, ring * 6)
        for k in range(steps):
            angle = 2 * math.pi * k / steps
            cx, cy = x + 20 * ring * math.cos(angle), y + 20 * ring * math.sin(angle)
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not _inside_map(box, map_h):
                continue
            blocker = _blocker(box, taken)
            if blocker is None:
                spot = box
                break
            blocked.add(blocker)
        if spot is not None:
            break
    if len(_spots) >= SPOTS:
        _spots.clear()
    _spots[key] = (spot, frozenset(blocked))
    return spot


def _inside_map(box: Rect, map_h: int) -> bool:
    return box[0] >= 2 and box[2] <= W - 2 and box[1] >= TOP + 2 and box[3] <= TOP + map_h - 2


@static_layer(maxsize=4)
def base(players: int) -> Image.Image:
    """The canvas with what never changes: the sea, the regions' tints and every route as a thin line."""
    map_h = map_height(players)  # fewer airlines, a shorter table and a taller map
    img = canvas((W, H))
    d = pen(img)
    d.rectangle((0, TOP, W - 1, TOP + map_h), fill=SEA, outline=INK, width=2)
    cat = catalog()
    for c in cat.cities.values():
        x, y = city_xy(c.id, map_h)
        box = (max(x - 40, 3), max(TOP + y - 34, TOP + 3), min(x + 40, W - 4), min(TOP + y + 34, TOP + map_h - 3))
        d.ellipse(box, fill=REGION_TINT[c.region])
    for r in cat.routes.values():
        for (x0, y0), (x1, y1) in segments(r.origin, r.destination, map_h):
            d.line([(x0, TOP + y0), (x1, TOP + y1)], fill=FREE_ROUTE, width=1)
    return img


def city_box(city: str, map_h: int) -> Rect:
    x, y = city_xy(city, map_h)
    return (x - 7, TOP + y - 7, x + 7, TOP + y + 7)


def draw_cities(d: Pen, skip: set[str], map_h: int) -> list[Rect]:
    """City marks (hub cities square), except under a hub tower; returns their boxes, which texts keep off."""
    boxes = []
    for c in catalog().cities.values():
        if c.id in skip:
            continue
        box = city_box(c.id, map_h)
        if c.hub:
            d.rectangle(box, fill=PAPER, outline=INK, width=2)
        else:
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=INK)
        boxes.append(box)
    return boxes


def badge(d: Pen, x: float, y: float, seat: int, size: int = 34, square: bool = False) -> Rect:
    key = str(seat + 1)
    h = size / 2
    box = (x - h, y - h, x + h, y + h)
    if square:
        d.rectangle(box, fill=OWNER[key], outline=INK, width=2)
    else:
        d.ellipse(box, fill=OWNER[key], outline=INK, width=2)
    d.text((x, y), key, font=font(TEXT), fill=OWNER_TEXT[key], anchor="mm")
    return box


def draw_routes(d: Pen, view: dict[str, Any]) -> tuple[list[Rect], list[str]]:
    """The map's owned routes, cities, hub towers and region names, which change only when a route is bought, a
    hub built or something switched off or on: what `routes_key` names, and nothing else of the view, is read here
    (ROUTES, below, draws it once for all the moves that leave it alone). Returns the boxes texts keep off and the
    cities labelled so far, for draw_marks."""
    cat = catalog()
    map_h = map_height(view["players"])
    # 1. Every owned route: a black casing and the owner's colour, wider for longer classes; dashed when deactivated.
    for a in view["airlines"]:
        off = {x["asset"] for x in a["deactivated"]}
        for n in a["routes"]:
            r = cat.routes[n]
            for (x0, y0), (x1, y1) in segments(r.origin, r.destination, map_h):
                p, q = (x0, TOP + y0), (x1, TOP + y1)
                d.line([p, q], fill=INK, width=WIDTH[r.cls] + 4)
                d.line([p, q], fill=PAPER if f"route:{n}" in off else OWNER[str(a["seat"] + 1)], width=WIDTH[r.cls])
    hubs = {h["city"] for a in view["airlines"] for h in a["hubs"]}
    taken: list[Rect] = draw_cities(d, hubs, map_h)
    # 2. Hub towers stand on their cities.
    labelled: list[str] = []
    for a in view["airlines"]:
        for h in a["hubs"]:
            x, y = city_xy(h["city"], map_h)
            taken.append(badge(d, x, TOP + y, a["seat"], size=34, square=True))
            if not h["active"]:
                taken.append((x - 17, TOP + y + 17, x + 17, TOP + y + 21))
            labelled.append(h["city"])
    # 3. Region names, on the first free place near where they belong.
    for region in REGIONS:
        fx, fy = REGION_LABEL[region]
        w = text_width(region, TEXT)
        box = free_spot(fx * W, TOP + fy * map_h, w + 12, 32, taken, map_h)
        if box is None:
            continue  # no room at all: the tints still show it, the board in words names it
        d.rectangle(box, fill=REGION_TINT[region], outline=MUTED)
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), region, font=font(TEXT), fill=INK, anchor="mm")
        taken.append(box)
    return taken, labelled


def routes_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """What draw_routes draws from: the board size, and each airline's routes (each one on or off) and hubs."""
    airlines = []
    for a in view["airlines"]:
        off = {x["asset"] for x in a["deactivated"]}
        airlines.append((a["seat"], tuple((n, f"route:{n}" in off) for n in a["routes"]),
                         tuple((h["city"], h["active"]) for h in a["hubs"])))
    return (view["players"], tuple(airlines))


def draw_marks(d: Pen, view: dict[str, Any], taken: list[Rect], labelled: list[str]) -> None:
    """The planes and every city code and route badge, on free ground left by draw_routes (`taken`)."""
    cat = catalog()
    map_h = map_height(view["players"])
    hubs = {h["city"] for a in view["airlines"] for h in a["hubs"]}
    planes: dict[str, list[int]] = {}
    for a in view["airlines"]:
        if a["city"] and not a["out"]:
            planes.setdefault(a["city"], []).append(a["seat"])
    for city, seats in sorted(planes.items()):
        x, y = city_xy(city, map_h)
        width = 36 * len(seats)
        spot = free_spot(x, TOP + y - 40, width, 36, taken, map_h) or (x - width / 2, TOP + y - 58, 0, 0)
        left, top = spot[0], spot[1]
        d.line([(x, TOP + y), (left + width / 2, top + 18)], fill=INK, width=3)
        for i, seat in enumerate(seats):
            taken.append(badge(d, left + 18 + 36 * i, top + 18, seat, size=34))
        labelled.append(city)
    # 4. City codes: first every city a button names ("Buy 21 Tokyo-Seoul"), which must be found on the map even
    # where nobody owns a route yet, and every hub, which the table names (away from its dot, with a line to it,
    # when crowded); then route badges, then the cities where a plane stands and the ends of owned routes, where
    # there is room.
    named = view.get("named_cities", [])
    for city in sorted(set(named) | hubs, key=lambda c: city_xy(c)[0]):
        _label(d, city, taken, map_h, hubs, must=True)
    for a in view["airlines"]:
        for n in a["routes"]:
            r = cat.routes[n]
            (x0, y0), (x1, y1) = segments(r.origin, r.destination, map_h)[0]
            for t in (0.5, 0.35, 0.65, 0.22, 0.78, 0.42, 0.58, 0.12, 0.88):
                x, y = x0 + (x1 - x0) * t, TOP + y0 + (y1 - y0) * t
                box = (x - 15, y - 15, x + 15, y + 15)
                if _inside_map(box, map_h) and not _overlaps(box, taken):
                    taken.append(badge(d, x, y, a["seat"], size=30))
                    break
    # Then the ends of every owned route, where there is room: a city a button named while its route was on sale
    # keeps its code once the route is bought, so the map still says where the route goes.
    for a in view["airlines"]:
        for n in a["routes"]:
            labelled += [cat.routes[n].origin, cat.routes[n].destination]
    for city in sorted(set(labelled) - set(named) - hubs, key=lambda c: city_xy(c)[0]):
        _label(d, city, taken, map_h, hubs)


def _label(d: Pen, city: str, taken: list[Rect], map_h: int, towers: set[str], must: bool = False) -> None:
    """The city's code beside its dot (or its hub tower, in `towers`) where there is room, to its side, below, above
    or at a corner; with `must`, else on the nearest free ground with a line to the dot. Set in READ; a code the
    map need not show (an owned route's end) takes the floor size where READ finds no room beside its dot."""
    x, y = city_xy(city, map_h)
    y += TOP
    gap = 19 if city in towers else 10  # clear of a hub tower (34 px) or of the city's dot
    for size in (READ,) if must else (READ, TEXT):
        w, h = text_width(city, size) + 8, round(size * CAP_HEIGHT) + 10
        sides = ((x + gap, y - h / 2), (x - gap - w, y - h / 2), (x - w / 2, y + gap), (x - w / 2, y - gap - h),
                 (x + gap - 6, y + gap - 6), (x + gap - 6, y - gap - h + 6), (x - gap - w + 6, y + gap - 6),
                 (x - gap - w + 6, y - gap - h + 6))
        for left, top in sides:
            box = (left, top, left + w, top + h)
            if _inside_map(box, map_h) and not _overlaps(box, taken):
                taken.append(box)
                d.rectangle(box, fill=PAPER, outline=MUTED)
                d.text((left + 4, top + h - 5), city, font=font(size), fill=INK, anchor="ls")
                return
    w, h = text_width(city, READ) + 8, LABEL_H
    spot = free_spot(x, y, w, h, taken, map_h) if must else None
    if spot is None:
        return
    taken.append(spot)
    d.line([(x, y), ((spot[0] + spot[2]) / 2, (spot[1] + spot[3]) / 2)], fill=INK, width=2)
    d.rectangle(spot, fill=PAPER, outline=INK)
    d.text((spot[0] + 4, spot[3] - 5), city, font=font(READ), fill=INK, anchor="ls")


def status_line(view: dict[str, Any]) -> str:
    if view["over"]:
        names = " and ".join(view["airlines"][s]["name"] for s in view["winners"])
        return f"Game over: {names} wins ({view['ending']})"
    who = view["airlines"][view["turn"]]["name"]
    # The first moves come before round 1, as the panel's heading and the log count them.
    when = "First moves" if view.get("phase") == "first" else f"Round {view['round']}"
    text = f"{when} - {who}: {view['step_name']}"
    if view["auction"]:
        auc = view["auction"]
        return f"Bank auction: {auc['label']}, high bid {money(auc['high'])}"
    if view["offer"]:
        o = view["offer"]
        return text + f" - offer: {o['label']} for {money(o['price'])}"
    if view["briefing"]:
        return text + f" - briefing: {view['briefing']['title']}"
    return text


def _routes_layer(view: dict[str, Any]) -> tuple[Image.Image, tuple[tuple[Rect, ...], tuple[str, ...]]]:
    img = base(view["players"])
    taken, labelled = draw_routes(pen(img), view)
    return img, (tuple(taken), tuple(labelled))


# The routes layer of the Flight Plan games a process draws at once (1.1 MB each), kept while moves leave it alone
# (about three moves in five: a plane flies, a card is dealt, money changes hands).
ROUTES = MoveLayers(_routes_layer, routes_key, size=32)


def board_image(view: dict[str, Any]) -> Image.Image:
    # The routes layer comes first, then the status line above the map, which it never reaches (so the line may
    # bring an emoji's colours without changing the layer's palette).
    img, (taken, labelled) = ROUTES.layer(view)
    d = pen(img)
    d.text((12, TOP - 12), fit(status_line(view), READ, W - 24), font=font(READ), fill=INK, anchor="ls")
    draw_marks(d, view, list(taken), list(labelled))
    draw_table(d, TOP + map_height(view["players"]) + MAP_GAP, H - 4, view)
    return img


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """Flight Plan hides nothing a seat owns: a seat's picture is the board."""
    return render_board(view)
