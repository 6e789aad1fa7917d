"""Planes board and hand images. A pure function of the view dict (engine.planes.view): no state, no discord.

The canvas is 1200 px wide with large type because Discord shows it about 400 px wide on a phone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.planes.board import Airport, Space, SpaceKind
from engine.planes.terrain import load
from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, PAPER, canvas, centred, fit, font, pen, to_png
from renderers.kit.shapes import arrow, edge_point
from renderers.planes.footer import draw_footer, footer_height, hand_image
from renderers.planes.style import CUBE_FILL, CUBE_LETTER, HILITE, cone, cube_chip

MAX_FOOTER = footer_height({"seats": [None] * 4})

WIDTH = 1200
HEADER = 96
SPACE_W, SPACE_H = 136, 168
GATE_W, GATE_H = 170, 104
COLOURS = ("red", "blue", "green", "yellow", "grey")
POI_STYLE = {  # letter, fill, shape: the shape differs too, so icons are told apart without colour
    "restroom": ("R", (70, 130, 210), "circle"),
    "fast_food": ("F", (235, 140, 40), "square"),
    "gift_shop": ("G", (150, 80, 190), "diamond"),
    "help_desk": ("H", (20, 150, 150), "circle"),
    "fine_dining": ("D", (140, 30, 60), "square"),
}


def _layout(board: Airport) -> tuple[float, int]:
    """Scale so no two boxes overlap (the shipped files are laid out at scale 1; the tiny practice board is not)."""
    scale = 1.0
    for a in board.spaces:
        for b in board.spaces:
            if a.id < b.id:
                # Two boxes are apart if either axis clears a box size; grow until the easier axis does.
                (aw, ah), (bw, bh) = _half(a), _half(b)
                apart = max(abs(a.x - b.x) / (aw + bw + 4), abs(a.y - b.y) / (ah + bh + 4))
                if apart > 0:
                    scale = max(scale, min(1 / apart, 3.0))
    width = max(WIDTH, int(board.width * scale))
    return scale, width


def _centre(space: Space, scale: float) -> tuple[float, float]:
    return space.x * scale, HEADER + space.y * scale


def _half(space: Space) -> tuple[float, float]:
    return (GATE_W / 2, GATE_H / 2) if space.is_gate else (SPACE_W / 2, SPACE_H / 2)


def _poi_icon(draw: ImageDraw.ImageDraw, x: float, y: float, poi: str) -> None:
    letter, fill, shape = POI_STYLE.get(poi, ("?", MUTED, "circle"))
    r = 15
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
    elif shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=INK, width=2)
    else:
        draw.polygon([(x, y - r - 3), (x + r + 3, y), (x, y + r + 3), (x - r - 3, y)], fill=fill, outline=INK)
    centred(draw, (x, y + 1), letter, 22, "white")


def _path_outline(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """Yellow band inside a black ring: unlike a yellow plane's border, it reads without seeing colour."""
    draw.rounded_rectangle((box[0] - 10, box[1] - 10, box[2] + 10, box[3] + 10), radius=20, outline=INK, width=4)
    draw.rounded_rectangle((box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6), radius=17, outline=HILITE, width=6)


def _space_box(centre: tuple[float, float]) -> tuple[float, float, float, float]:
    cx, cy = centre
    return cx - SPACE_W / 2, cy - SPACE_H / 2, cx + SPACE_W / 2, cy + SPACE_H / 2


def _gate_box(centre: tuple[float, float]) -> tuple[float, float, float, float]:
    cx, cy = centre
    return cx - GATE_W / 2, cy - GATE_H / 2, cx + GATE_W / 2, cy + GATE_H / 2


def _step_badge(draw: ImageDraw.ImageDraw, x: float, y: float, step: int) -> None:
    draw.ellipse((x - 19, y - 19, x + 19, y + 19), fill=HILITE, outline=INK, width=3)
    centred(draw, (x, y + 1), str(step) if step else "S", 24)


def _space_frame(draw: ImageDraw.ImageDraw, space: Space, centre: tuple[float, float], pois: list[str]) -> None:
    """The parts of a space that stay put all game (drawn once per airport and cached)."""
    box = _space_box(centre)
    start = space.kind is SpaceKind.START
    draw.rounded_rectangle(box, radius=14, fill=(236, 228, 206) if start else PAPER, outline=INK, width=3)
    draw.text((box[0] + 8, box[1] + 6), space.id, font=font(24), fill=INK)
    for i, poi in enumerate(pois):
        _poi_icon(draw, box[2] - 20 - 36 * i, box[1] + 20, poi)


def _space_contents(draw: ImageDraw.ImageDraw, space: Space, centre: tuple[float, float], view: dict[str, Any],
                    step: int | None) -> None:
    box = _space_box(centre)
    if step is not None:  # the last move's path: a thick outline plus the step number
        _path_outline(draw, box)
    counts = view["cubes"].get(space.id, {})
    present = [c for c in COLOURS if counts.get(c, 0)]
    for i, colour in enumerate(present):
        col, row = i % 2, i // 2
        x0 = box[0] + 3 + col * 66
        y0 = box[1] + 38 + row * 32
        count = counts[colour]
        cube_chip(draw, (x0, y0, x0 + 64, y0 + 31), colour, count, 28 if count < 10 else 23)
    if space.id in view["cones"]:
        # Inside the box's bottom row, so it never hides an arrow; the word says it without colour.
        draw.rectangle((box[0] + 4, box[3] - 32, box[2] - 4, box[3] - 4), fill=INK)
        centred(draw, ((box[0] + box[2]) / 2 + 14, box[3] - 18), "BLOCKED", 22, "white")
        cone(draw, box[0] + 22, box[3] - 22, 30)
    if step is not None:
        _step_badge(draw, box[2] - 4, box[3] - 4, step)


def _slot(box: tuple[float, float, float, float], i: int) -> tuple[float, float, float, float]:
    x0, y0 = box[0] + 9 + i * 31, box[1] + 52
    return x0, y0, x0 + 28, y0 + 36


def _gate_frame(draw: ImageDraw.ImageDraw, space: Space, centre: tuple[float, float],
                plane: tuple[str, str, str, int] | None) -> None:
    """Gate, plane colour, reward side and empty slots: fixed once the game is set up."""
    box = _gate_box(centre)
    colour = plane[1] if plane else "grey"
    draw.rounded_rectangle(box, radius=10, fill=(226, 232, 240), outline=CUBE_FILL[colour], width=6)
    reward = "" if plane is None else ("+5 VP" if plane[2] == "5vp" else "DRAW 2")
    draw.text((box[0] + 10, box[1] + 8), f"{space.id} {CUBE_LETTER[colour]}", font=font(26), fill=INK)
    draw.text((box[2] - 10, box[1] + 10), reward, font=font(20), fill=INK, anchor="ra")
    for i in range(plane[3] if plane else 5):
        draw.rectangle(_slot(box, i), outline=MUTED, width=2)


def _gate_contents(draw: ImageDraw.ImageDraw, centre: tuple[float, float], plane: dict[str, Any] | None,
                   step: int | None) -> None:
    box = _gate_box(centre)
    if step is not None:
        _path_outline(draw, box)
    for i, colour in enumerate(plane["slots"] if plane else []):
        cube_chip(draw, _slot(box, i), colour, None, 22)
    if step is not None:
        _step_badge(draw, box[2] - 2, box[3] - 2, step)


def _path_steps(view: dict[str, Any]) -> dict[str, int]:
    """Step numbers to print: the move in progress if there is one, else the last confirmed move (0 = origin)."""
    move = view.get("move")
    path = [move["origin"], *move["path"]] if move else list(view.get("last_path") or [])
    return {space: i for i, space in enumerate(path)}


EFFECTS = {"backwards": "against the arrows", "only_own": "own cubes only", "ignore_neutral": "neutral cubes stay",
           "ignore_blockages": "cones ignored", "skip": "skip one space", "move_twice": "two moves"}


def _header(draw: ImageDraw.ImageDraw, board: Airport, view: dict[str, Any], width: int) -> None:
    draw.rectangle((0, 0, width, HEADER - 8), fill=INK)
    draw.text((16, 10), board.title, font=font(34), fill="white")
    seats = view["seats"]
    if view["phase"] == "over":
        names = ", ".join(seats[w]["name"] for w in view.get("winners") or [])
        status = f"Game over. Won by {names}" if names else "Game over"
    else:
        seat = seats[view["turn"]]
        status = f"To play: {seat['name']} ({CUBE_LETTER[seat['colour']]}, {seat['colour']}), {view['phase']} phase"
        if view.get("end"):
            status += ", last round"
    draw.text((16, 52), fit(status, 28, width // 2 + 120), font=font(28), fill=HILITE)
    side = width // 2 - 160
    if view.get("action"):
        text = fit(f"Action: {view['action']['title']}", 22, side)
        draw.text((width - 16, 14), text, font=font(22), fill="white", anchor="ra")
    effects = [EFFECTS.get(e, e) for e in view.get("effects") or []]
    if effects:
        text = fit("Now: " + ", ".join(effects), 22, side)
        draw.text((width - 16, 56), text, font=font(22), fill="white", anchor="ra")


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


@static_layer()
def _base(airport_id: str, board_json: str, pois: tuple[tuple[str, tuple[str, ...]], ...],
          planes: tuple[tuple[str, str, str, int], ...]) -> Image.Image:
    """Arrows, boxes, labels and icons: the same on every move of a game, so drawn once and copied.
    `board_json` is part of the cache key only, so a test board re-registered under the same id is redrawn."""
    board = load(airport_id)
    scale, width = _layout(board)
    image = canvas((width, HEADER + int(board.height * scale) + MAX_FOOTER))
    draw = pen(image)
    centres = {s.id: _centre(s, scale) for s in board.spaces}
    for space in board.spaces:  # arrows first, so boxes sit on top of the shafts
        for target_id in space.next:
            target = board.space(target_id)
            a = edge_point(centres[space.id], _half(space), centres[target_id])
            b = edge_point(centres[target_id], _half(target), centres[space.id])
            arrow(draw, a, b, fill=MUTED if target.is_gate else INK, width=5)
    poi_map, plane_map = dict(pois), {p[0]: p for p in planes}
    for space in board.spaces:
        if space.is_gate:
            _gate_frame(draw, space, centres[space.id], plane_map.get(space.id))
        else:
            _space_frame(draw, space, centres[space.id], list(poi_map.get(space.id, ())))
    return image


def board_image(view: dict[str, Any]) -> Image.Image:
    board = load(view["airport"])
    scale, width = _layout(board)
    board_h = int(board.height * scale)
    pois = tuple(sorted((k, tuple(v)) for k, v in view["pois"].items()))
    planes = tuple((p["gate"], p["colour"], p["side"], p["capacity"]) for p in view["planes"])
    base = _base(view["airport"], board.model_dump_json(), pois, planes)
    image = base.crop((0, 0, width, HEADER + board_h + footer_height(view)))
    draw = pen(image)
    _header(draw, board, view, width)
    centres = {s.id: _centre(s, scale) for s in board.spaces}
    steps = _path_steps(view)
    plane_of = {p["gate"]: p for p in view["planes"]}
    for space in board.spaces:
        if space.is_gate:
            _gate_contents(draw, centres[space.id], plane_of.get(space.id), steps.get(space.id))
        else:
            _space_contents(draw, space, centres[space.id], view, steps.get(space.id))
    draw_footer(draw, view, HEADER + board_h, width)
    return image


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_image(view))
