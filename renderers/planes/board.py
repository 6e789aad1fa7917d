"""The Planes board posted in the channel: the airport on the left, the panel (panel.py) on the right, on a 1200 x 900
canvas shown at 400 x 300 (renderers/README.md). A pure function of the public view (engine.planes.view).

What never changes during a game (boxes, arrows, space names, points of interest, planes and their empty slots, the
panel's legend) is one static layer per airport and set-up, drawn once; each move draws only cubes, cones, the path,
the carried group, the gate slots and the panel's text on a copy of it.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.planes.board import Airport, Space, SpaceKind
from engine.planes.sides import side
from engine.planes.terrain import load
from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, PAPER, WHITE, Box, canvas, fit, font, pen, text_width, to_png, wrap
from renderers.kit.rules import MIN_FONT
from renderers.kit.shapes import arrow, chip, edge_point
from renderers.planes.layout import (
    GATE_SLOTS,
    HEIGHT,
    SLOT_GAP,
    SLOT_W,
    TILE_GAP,
    TILE_H,
    WIDTH,
    BoardLayout,
    layout_of,
)
from renderers.planes.panel import draw_legend, draw_panel
from renderers.planes.style import (
    BADGE_R,
    CHIP_H,
    COLOURS,
    CUBE_FILL,
    GATE_FILL,
    HILITE,
    MARK,
    REWARD_KINDS,
    START_FILL,
    chip_width,
    cone,
    cube_chip,
    cube_label,
    poi_mark,
    reward_tile,
    step_badge,
)

PAD = 4
HEADER = 34  # a box's top row: its name and its marks


def header_height(space_id: str, box: Box, pois: tuple[str, ...]) -> float:
    """One row for the name and the marks, or two on a box too narrow for both."""
    marks = len(pois) * (MARK + 3)
    return HEADER if text_width(space_id, MIN_FONT) + 10 + marks <= box[2] - box[0] - 2 * PAD else HEADER + MARK + 3


def _space_frame(draw: ImageDraw.ImageDraw, space: Space, box: Box, pois: tuple[str, ...]) -> None:
    fill = START_FILL if space.kind is SpaceKind.START else PAPER
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    draw.text((box[0] + 6, box[1] + 4), space.id, font=font(MIN_FONT), fill=INK)
    y = box[1] + PAD if header_height(space.id, box, pois) == HEADER else box[1] + HEADER
    x = box[2] - PAD - 1
    for poi in reversed(pois):
        x -= MARK
        poi_mark(draw, x, y, poi)
        x -= 3


# A wild plane takes any colour: a letter of its own on a white chip, never one colour. (A stripe of every cube colour
# once ran along its top; colour patches without a letter break the picture rules, and the W says it all.)
WILD_MARK = "W"
TRAM = (0, 110, 160)  # the tram's rides: dashed as well as coloured, so they read without the colour


BASE_SIDES = ("5vp", "draw2")


def side_label(side_id: str) -> str:
    """What a gate says about its plane's side: the base sides by what each cube earns, a Round Trip side by its name
    (its free slots show what each pays)."""
    return {"5vp": "+5 VP", "draw2": "draw 2"}.get(side_id) or side(side_id).title.split(":")[0]


def slot_kinds(side_id: str) -> tuple[str, ...]:
    """The kinds of reward a side pays on any slot, in the tiles' fixed order: one row of tiles each."""
    return tuple(k for k in REWARD_KINDS if any(getattr(r, k) for r in side(side_id).slots))


def shows_rewards(sides: tuple[str, ...]) -> bool:
    """Slot rewards are drawn once any plane has a Round Trip side: the base sides pay the same on every slot, which
    their label already says, so base games keep their compact gates."""
    return any(s not in BASE_SIDES for s in sides)


def tile_rows(sides: tuple[str, ...]) -> int:
    return max((len(slot_kinds(s)) for s in sides), default=1) if shows_rewards(sides) else 1


def _gate_frame(draw: ImageDraw.ImageDraw, space: Space, box: Box, plane: tuple[str, str, str, int] | None,
                layout: BoardLayout) -> None:
    """Gate, its plane (colour chip with the letter), the reward and the empty slots: fixed once set up."""
    colour = plane[1] if plane else "grey"
    wild = colour not in CUBE_FILL
    draw.rounded_rectangle(box, radius=8, fill=GATE_FILL, outline=INK if wild else CUBE_FILL[colour], width=5)
    draw.rounded_rectangle(box, radius=8, outline=INK, width=1)
    draw.text((box[0] + 7, box[1] + 5), space.id, font=font(MIN_FONT), fill=INK)
    mark = (box[2] - 7 - (29 if wild else 24), box[1] + 5, box[2] - 7, box[1] + 5 + CHIP_H)  # a MIN_FONT 'W' is wide
    if wild:
        chip(draw, mark, WHITE, WILD_MARK, MIN_FONT, INK, radius=5)
    else:
        cube_chip(draw, mark, colour)
    reward = "" if plane is None else side_label(plane[2])
    lines = wrap(reward, MIN_FONT, box[2] - box[0] - 14)
    room = int((_slot(box, 0, layout)[1] - box[1] - 36) // 27)  # the lines above the slots
    if room <= 0:  # the slots show their rewards instead
        lines = ()
    elif len(lines) > room:
        lines = (*lines[:room - 1], fit(" ".join(lines[room - 1:]), MIN_FONT, box[2] - box[0] - 14))
    for i, line in enumerate(lines):
        draw.text((box[0] + 7, box[1] + 36 + 27 * i), line, font=font(MIN_FONT), fill=INK)
    for i in range(plane[3] if plane else GATE_SLOTS):
        draw.rectangle(_slot(box, i, layout), outline=MUTED, width=2)


def _tram(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float]) -> None:
    """A tram ride (Beacon): a dashed line ending in an arrowhead. Its dotted stops are not spaces: one step."""
    length = math.dist(a, b)
    dash = 14
    for k in range(int((length - 20) // (2 * dash)) + 1):
        s, e = 2 * k * dash / length, min((2 * k + 1) * dash / length, (length - 20) / length)
        if s < e:
            draw.line([(a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s),
                       (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e)], fill=TRAM, width=5)
    tail = (b[0] - (b[0] - a[0]) * 24 / length, b[1] - (b[1] - a[1]) * 24 / length)
    arrow(draw, tail, b, fill=TRAM, width=5, head=16)


def _slot(box: Box, i: int, layout: BoardLayout) -> Box:
    per_row, cell_h = layout.slots_per_row, layout.cell_h
    rows = -(-GATE_SLOTS // per_row)
    row, col = divmod(i, per_row)
    x0 = box[0] + (box[2] - box[0] - per_row * SLOT_W - (per_row - 1) * SLOT_GAP) / 2 + col * (SLOT_W + SLOT_GAP)
    y0 = box[3] - 5 - rows * (cell_h + 3) + 3 + row * (cell_h + 3)
    return x0, y0, x0 + SLOT_W, y0 + cell_h


def _slot_rewards(draw: ImageDraw.ImageDraw, slot: Box, kinds: tuple[str, ...], reward: dict[str, int]) -> None:
    """A free slot's rewards: a row per kind its side pays, so a kind sits at the same height on every slot of the
    plane; a kind this slot does not pay leaves its row empty."""
    top = slot[1] + max(0.0, (slot[3] - slot[1] - len(kinds) * TILE_H - (len(kinds) - 1) * TILE_GAP) / 2)
    for row, kind in enumerate(kinds):
        if reward.get(kind):
            y = top + row * (TILE_H + TILE_GAP)
            reward_tile(draw, (slot[0], y, slot[2], y + TILE_H), kind, reward[kind])


@static_layer()
def _static(airport_id: str, board_json: str, pois: tuple[tuple[str, tuple[str, ...]], ...],
            planes: tuple[tuple[str, str, str, int], ...]) -> Image.Image:
    """Arrows, boxes, names, marks, planes and the legend: the same on every move of a game."""
    board = load(airport_id)
    sides = tuple(p[2] for p in planes)
    layout = layout_of(airport_id, board_json, tile_rows(sides))
    image = canvas((WIDTH, HEIGHT))
    draw = pen(image)
    for space in board.spaces:  # arrows first, so boxes sit on top of the shafts
        for target_id in space.next:
            target = board.space(target_id)
            a = edge_point(layout.centre(space.id), layout.half(space.id), layout.centre(target_id))
            b = edge_point(layout.centre(target_id), layout.half(target_id), layout.centre(space.id))
            if space.tram and not target.is_gate:
                _tram(draw, a, b)
            else:
                arrow(draw, a, b, fill=MUTED if target.is_gate else INK, width=4, head=16)
    poi_map, plane_map = dict(pois), {p[0]: p for p in planes}
    for space in board.spaces:
        box = layout.boxes[space.id]
        if space.is_gate:
            _gate_frame(draw, space, box, plane_map.get(space.id), layout)
        else:
            _space_frame(draw, space, box, poi_map.get(space.id, ()))
    draw_legend(draw, tuple(sorted({p for _s, ps in pois for p in ps})), shows_rewards(sides))
    return image


def _flow(draw: ImageDraw.ImageDraw, items: list[tuple[float, Any]], left: float, top: float, right: float,
          row_h: float = CHIP_H + 3, avoid: Box | None = None) -> float:
    """Lay items (width, draw-at-x-y) left to right, wrapping at `right`, each past `avoid` (a badge) where it would
    overlap it; returns the bottom of the last row."""
    x, y = left, top
    for width, paint in items:
        if x > left and x + width > right:
            x, y = left, y + row_h
        if avoid is not None and x < avoid[2] and avoid[0] < x + width and y < avoid[3] and avoid[1] < y + row_h - 3:
            x = avoid[2] + 3
            if x + width > right:
                x, y = left, y + row_h
        paint(x, y)
        x += width + 3
    return y + row_h if items else top


def _chips(draw: ImageDraw.ImageDraw, counts: dict[str, int]) -> list[tuple[float, Any]]:
    items: list[tuple[float, Any]] = []
    for colour in COLOURS:
        count = counts.get(colour, 0)
        if count:
            w = chip_width(cube_label(colour, count))
            items.append((w, lambda x, y, c=colour, n=count, w=w: cube_chip(draw, (x, y, x + w, y + CHIP_H), c, n)))
    return items


def _tray_rows(items: list[tuple[float, Any]], width: float) -> int:
    rows, x = 1, 0.0
    for item_w, _paint in items:
        if x > 0 and x + item_w > width:
            rows, x = rows + 1, 0.0
        x += item_w + 3
    return rows


def _carried(draw: ImageDraw.ImageDraw, box: Box, top: float, left: float, active: list[str]) -> None:
    """The group in the mover's hand, on a dark tray at the bottom of the space where it is now: its chips, or just
    how many cubes when the space is too full for them."""
    counts = {c: active.count(c) for c in COLOURS if c in active}
    items = _chips(draw, counts)
    inner = box[2] - PAD - left - 8
    rows = _tray_rows(items, inner)
    if top + rows * (CHIP_H + 3) + 5 > box[3] - PAD:
        label = next((t for t in (f"{len(active)} carried", f"{len(active)} held", str(len(active)))
                      if text_width(t, MIN_FONT) <= inner), str(len(active)))
        w = text_width(label, MIN_FONT) + 8
        items = [(w, lambda x, y: draw.text((x + 4, y + 3), label, font=font(MIN_FONT), fill=WHITE))]
        rows = 1
    height = rows * (CHIP_H + 3) + 5
    tray = (left, max(top, box[3] - PAD - height), box[2] - PAD, max(top, box[3] - PAD - height) + height)
    draw.rounded_rectangle(tray, radius=6, fill=INK)
    _flow(draw, items, tray[0] + 4, tray[1] + 4, tray[2] - 4)


def _space_contents(draw: ImageDraw.ImageDraw, space_id: str, box: Box, view: dict[str, Any],
                    step: int | None) -> None:
    if step is not None:
        _path_ring(draw, box)
    items = _chips(draw, view["cubes"].get(space_id, {}))
    if space_id in view["cones"]:
        items.insert(0, (MARK, lambda x, y: cone(draw, x, y + 1)))
    top = box[1] + header_height(space_id, box, tuple(view["pois"].get(space_id, ())))
    # The step badge sits on the bottom-left corner (moved right at the canvas edge, and a little inside so that a
    # two-digit step at MIN_FONT stays off the box to the left); chips and the tray keep out of its way.
    badge_x = max(box[0] + 3, BADGE_R + 1)
    badge = (badge_x - BADGE_R, box[3] - BADGE_R, badge_x + BADGE_R, box[3] + BADGE_R) if step is not None else None
    bottom = _flow(draw, items, box[0] + PAD + 1, top, box[2] - PAD, avoid=badge)
    move = view.get("move")
    if move and move["at"] == space_id and move["active"]:
        left = badge_x + BADGE_R + 3 if step is not None else box[0] + PAD
        _carried(draw, box, bottom, left, move["active"])
    if step is not None:
        step_badge(draw, badge_x, box[3], step)


def _taken(plane: dict[str, Any]) -> dict[int, str]:
    """Slot number -> the colour of the cube on it."""
    placed = plane.get("placed") or []
    return {placed[i] if i < len(placed) else i: colour for i, colour in enumerate(plane["slots"])}


@static_layer()
def _with_rewards(airport_id: str, board_json: str, pois: tuple[tuple[str, tuple[str, ...]], ...],
                  planes: tuple[tuple[str, str, str, int], ...], free: tuple[tuple[int, ...], ...]) -> Image.Image:
    """The static layer with each free slot's rewards: these change only when a cube boards (it covers its slot's
    tiles), so they are a second cached layer rather than drawn on every move. `free`: each plane's free slots."""
    image = _static(airport_id, board_json, pois, planes)
    sides = tuple(p[2] for p in planes)
    if not shows_rewards(sides):
        return image
    layout = layout_of(airport_id, board_json, tile_rows(sides))
    draw = pen(image)
    for (gate, _colour, side_id, _capacity), slots in zip(planes, free, strict=True):
        kinds = slot_kinds(side_id)
        for i in slots:
            _slot_rewards(draw, _slot(layout.boxes[gate], i, layout), kinds, side(side_id).slots[i].model_dump())
    return image


def _gate_contents(draw: ImageDraw.ImageDraw, box: Box, plane: dict[str, Any] | None, step: int | None,
                   layout: BoardLayout) -> None:
    if step is not None:
        _path_ring(draw, box)
    if plane is None:
        return
    for i, colour in _taken(plane).items():
        cube_chip(draw, _slot(box, i, layout), colour)
    # No step badge: a gate is always where a move ends, and the ring says it is on the path.


def _path_ring(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The path of the move shown: a yellow band inside a black ring around the box, readable without its colour."""
    draw.rounded_rectangle((box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6), radius=13, outline=INK, width=2)
    draw.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=12, outline=HILITE, width=5)


def path_steps(view: dict[str, Any]) -> dict[str, int]:
    """Step numbers to print: the move in progress if there is one, else the last confirmed move (0 = origin)."""
    move = view.get("move")
    path = [move["origin"], *move["path"]] if move else list(view.get("last_path") or [])
    return {space: i for i, space in enumerate(path)}


def layout_for(view: dict[str, Any]) -> tuple[Airport, BoardLayout]:
    board = load(view["airport"])
    rows = tile_rows(tuple(p["side"] for p in view["planes"]))
    return board, layout_of(view["airport"], board.model_dump_json(), rows)


def board_image(view: dict[str, Any]) -> Image.Image:
    board, layout = layout_for(view)
    pois = tuple(sorted((k, tuple(v)) for k, v in view["pois"].items()))
    planes = tuple((p["gate"], p["colour"], p["side"], p["capacity"]) for p in view["planes"])
    free = tuple(tuple(i for i in range(p["capacity"]) if i not in _taken(p)) for p in view["planes"])
    image = _with_rewards(view["airport"], board.model_dump_json(), pois, planes, free)
    draw = pen(image)
    steps = path_steps(view)
    plane_of = {p["gate"]: p for p in view["planes"]}
    rewards = shows_rewards(tuple(p[2] for p in planes))
    for space in board.spaces:
        box = layout.boxes[space.id]
        if space.is_gate:
            _gate_contents(draw, box, plane_of.get(space.id), steps.get(space.id), layout)
        else:
            _space_contents(draw, space.id, box, view, steps.get(space.id))
    draw_panel(draw, board, view, rewards)
    return image


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


