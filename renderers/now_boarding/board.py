"""The Now Boarding board: the map with its routes, weather and planes; the stage and complaints; the passengers
waiting at each airport with their anger; and each plane's seats, speed and fares (the panels, panel.py).

A storm token turns its space into two: it is drawn as a pill of two "S" halves along the route, and a plane stopped in
it sits by its half. A tailwind is one "T" disc over the space it covers. Where each mark goes is places.py's.

The map (routes, airports, colour letters, weather) changes only between stages, so it is drawn once per side and
weather (static_layer); each render copies it and draws the planes and the panels on top.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

import renderers.now_boarding.panel as panel
from engine.now_boarding.data import catalog
from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, PAPER, Pen, canvas, font, pen, to_png
from renderers.kit.shapes import chip
from renderers.now_boarding.places import (
    STORM_R,
    Weather,
    airport_xy,
    letter_places,
    marker_places,
    space_xy,
    token_places,
)
from renderers.now_boarding.style import (
    AIRPORT_HALF,
    BAND_Y,
    CARD,
    MAP_RIGHT,
    MARK_HALF,
    PLAIN,
    READ,
    ROUTE_FILL,
    ROUTE_TEXT,
    SIZE,
    STORM,
    TAILWIND,
    TEXT,
    TOKEN_R,
)

M = MARK_HALF


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
            x, y = space_xy(r.key, k)
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
        draw.text((x, y + 1), code, fill=INK, font=font(READ), anchor="mm")
    _weather(draw, weather)
    draw.line([(0, BAND_Y - 6), (MAP_RIGHT, BAND_Y - 6)], fill=MUTED, width=2)
    draw.line([(MAP_RIGHT, 0), (MAP_RIGHT, SIZE[1])], fill=MUTED, width=2)
    return image

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

def _planes_on_map(draw: Pen, view: dict[str, Any], weather: Weather) -> None:
    groups: dict[str, list[dict[str, Any]]] = {}
    for seat in view["seats"]:
        if seat["at"]:  # a pilot still choosing a plane has none on the map yet
            groups.setdefault(seat["at"], []).append(seat)
    # Planes at airports first (their places are the most crowded), then planes between airports.
    ordered = sorted(groups.items(), key=lambda item: "." in item[0])
    places = marker_places(view["side"], weather, tuple((node, len(seats)) for node, seats in ordered))
    for (_node, seats), cluster in zip(ordered, places, strict=True):
        for seat, (px, py) in zip(seats, cluster, strict=True):
            chip(draw, (px - M, py - M, px + M, py + M), ROUTE_FILL[seat["colour"]], seat["letter"], TEXT,
                 ROUTE_TEXT[seat["colour"]], radius=M)

def board_image(view: dict[str, Any]) -> Image.Image:
    weather: Weather = tuple((w["route"], w["space"], w["kind"]) for w in view["weather"])
    image = map_layer(view["side"], weather)
    draw = pen(image)
    _planes_on_map(draw, view, weather)
    top = panel.status(draw, view)
    panel.waiting(draw, view, top, panel.legend(draw, panel.key(view)) - 6)
    panel.plane_rows(draw, view)
    return image


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """Now Boarding has no hands: every pilot sees the board."""
    return render_board(view)
