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
from renderers.kit.paint import INK, MUTED, PAPER, WHITE, Box, Point, canvas, font, pen, text_width, to_png
from renderers.kit.rules import MIN_FONT
from renderers.kit.shapes import arrow, chip, edge_point
from renderers.planes.layout import (
    GATE_HEADER,
    GATE_SLOTS,
    HEIGHT,
    SLOT_GAP,
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
    SLOT_W,
    START_FILL,
    badge_width,
    chip_width,
    cone,
    cube_chip,
    cube_label,
    poi_mark,
    reward_tile,
    step_badge,
)

PAD = 4
HEADER = 38  # a box's top row: its name (MIN_FONT) and as many of its marks as fit beside it
ROW = CHIP_H + 3  # a row of chips
# Chips sit just inside a space's 3 px frame, 2 px apart: two 'R2' chips fit side by side in a 110 px space.
INSET, CHIP_GAP = 3, 2


def mark_spots(space_id: str, box: Box, pois: tuple[str, ...]) -> tuple[list[tuple[float, float]], float]:
    """Where each point-of-interest mark goes: right-aligned beside the name while they fit, the others at the start
    of the first row of chips. Also where that row's chips may start (after those marks)."""
    room = box[2] - box[0] - 2 * PAD - text_width(space_id, MIN_FONT) - 8
    beside = 0
    while beside < len(pois) and (beside + 1) * (MARK + 3) <= room:
        beside += 1
    spots: list[tuple[float, float]] = []
    x = box[2] - PAD - MARK
    for _ in range(beside):
        spots.insert(0, (x, box[1] + PAD))
        x -= MARK + 3
    x = box[0] + INSET
    for _ in pois[beside:]:
        spots.append((x, box[1] + HEADER))
        x += MARK + 3
    return spots, x


def _space_frame(draw: ImageDraw.ImageDraw, space: Space, box: Box, pois: tuple[str, ...]) -> None:
    fill = START_FILL if space.kind is SpaceKind.START else PAPER
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=3)
    draw.text((box[0] + 6, box[1] - 2), space.id, font=font(MIN_FONT), fill=INK)
    for (x, y), poi in zip(mark_spots(space.id, box, pois)[0], pois, strict=True):
        poi_mark(draw, x, y, poi)


# A wild plane takes any colour: a letter of its own on a white chip, never one colour. (A stripe of every cube colour
# once ran along its top; colour patches without a letter break the picture rules, and the W says it all.)
WILD_MARK = "W"
TRAM = (0, 110, 160)  # the tram's rides: dashed as well as coloured, so they read without the colour


def slot_kinds(side_id: str) -> tuple[str, ...]:
    """The kinds of reward a side pays on any slot, in the tiles' fixed order: one row of tiles each. The base sides
    pay one kind (5 VP at the end, or 2 cards), shown the same way as Round Trip's."""
    return tuple(k for k in REWARD_KINDS if any(getattr(r, k) for r in side(side_id).slots))


def board_kinds(sides: tuple[str, ...]) -> tuple[str, ...]:
    """The kinds of reward tile this board shows: the legend names only these."""
    return tuple(k for k in REWARD_KINDS if any(k in slot_kinds(s) for s in sides))


def tile_rows(planes: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...]:
    """Each gate's column of reward tiles, from its plane's (gate, side): one row per kind its side pays."""
    return tuple((gate, len(slot_kinds(side_id))) for gate, side_id in planes)


def _gate_frame(draw: ImageDraw.ImageDraw, space: Space, box: Box, plane: tuple[str, str, str, int] | None,
                layout: BoardLayout) -> None:
    """Gate, its plane (colour chip with the letter) and the empty slots: fixed once set up."""
    colour = plane[1] if plane else "grey"
    wild = colour not in CUBE_FILL
    draw.rounded_rectangle(box, radius=8, fill=GATE_FILL, outline=INK if wild else CUBE_FILL[colour], width=5)
    draw.rounded_rectangle(box, radius=8, outline=INK, width=1)
    draw.text((box[0] + 7, box[1] - 2), space.id, font=font(MIN_FONT), fill=INK)
    label = WILD_MARK if wild else cube_label(colour, None)
    w = chip_width(label)
    if layout.header[space.id] > GATE_HEADER:  # a narrow gate: the chip goes under the name
        mark = (box[0] + 7, box[1] + GATE_HEADER, box[0] + 7 + w, box[1] + GATE_HEADER + CHIP_H)
    else:
        mark = (box[2] - 7 - w, box[1] + 5, box[2] - 7, box[1] + 5 + CHIP_H)
    if wild:
        chip(draw, mark, WHITE, WILD_MARK, MIN_FONT, INK, radius=5)
    else:
        cube_chip(draw, mark, colour)
    for i in range(plane[3] if plane else GATE_SLOTS):
        draw.rectangle(_slot(box, i, layout, space.id), outline=MUTED, width=2)


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


def _slot(box: Box, i: int, layout: BoardLayout, gate: str) -> Box:
    per_row, cell_h = layout.per_row[gate], layout.cell_h[gate]
    row, col = divmod(i, per_row)
    x0 = box[0] + (box[2] - box[0] - per_row * SLOT_W - (per_row - 1) * SLOT_GAP) / 2 + col * (SLOT_W + SLOT_GAP)
    y0 = box[1] + layout.header[gate] + row * (cell_h + 3)
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
    layout = layout_of(airport_id, board_json, tile_rows(tuple((p[0], p[2]) for p in planes)))
    image = canvas((WIDTH, HEIGHT))
    draw = pen(image)
    short: list[tuple[Point, Point]] = []
    for space in board.spaces:  # arrows first, so boxes sit on top of the shafts
        for target_id in space.next:
            target = board.space(target_id)
            a = edge_point(layout.centre(space.id), layout.half(space.id), layout.centre(target_id))
            b = edge_point(layout.centre(target_id), layout.half(target_id), layout.centre(space.id))
            if space.tram and not target.is_gate:
                _tram(draw, a, b)
            else:
                arrow(draw, a, b, fill=MUTED if target.is_gate else INK, width=4, head=16)
                if math.dist(a, b) < 20:
                    short.append((a, b))
    poi_map, plane_map = dict(pois), {p[0]: p for p in planes}
    for space in board.spaces:
        box = layout.boxes[space.id]
        if space.is_gate:
            _gate_frame(draw, space, box, plane_map.get(space.id), layout)
        else:
            _space_frame(draw, space, box, poi_map.get(space.id, ()))
    # Boxes as close as the practice ring's hide an arrow between them: its head is drawn again across the gap, over
    # the frames (under the chips, drawn later), so the way round still shows.
    for a, b in short:
        d = math.dist(a, b) or 1.0
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        arrow(draw, (mx - 9 * ux, my - 9 * uy), (mx + 9 * ux, my + 9 * uy), fill=INK, width=4, head=16)
    draw_legend(draw, tuple(sorted({p for _s, ps in pois for p in ps})), board_kinds(sides))
    return image


Item = tuple[float, Any]  # a width, and what draws it at x, y


def _rows(items: list[Item], left: float, top: float, right: float, avoid: Box | None = None,
          start: float | None = None) -> list[tuple[float, float]]:
    """Where items go, left to right from `start` (default `left`) on the first row, wrapping at `right`, each past
    `avoid` (a badge) where it would overlap it."""
    x, y = (left if start is None else start), top
    spots = []
    for width, _paint in items:
        if x > left and x + width > right:
            x, y = left, y + ROW
        if avoid is not None and x < avoid[2] and avoid[0] < x + width and y < avoid[3] and avoid[1] < y + ROW - 3:
            x = avoid[2] + 3
            if x + width > right:
                x, y = left, y + ROW
        spots.append((x, y))
        x += width + CHIP_GAP
    return spots


def _flow(items: list[Item], left: float, top: float, right: float, avoid: Box | None = None,
          start: float | None = None) -> float:
    """Draw the items where `_rows` puts them; returns the bottom of the last row."""
    spots = _rows(items, left, top, right, avoid, start)
    for (_width, paint), (x, y) in zip(items, spots, strict=True):
        paint(x, y)
    return spots[-1][1] + ROW if items else top


def _fitting(draw: ImageDraw.ImageDraw, items: list[Item], counts: list[int], left: float, top: float, right: float,
             bottom: float, avoid: Box | None, start: float) -> list[Item]:
    """The items, or when they run past `bottom`, the first ones and a white '+n' chip for the n cubes left out (a
    space this full is rare; the board in words lists every colour)."""
    def fits(chosen: list[Item]) -> bool:
        spots = _rows(chosen, left, top, right, avoid, start)
        return not spots or spots[-1][1] + CHIP_H <= bottom

    if fits(items):
        return items
    for keep in range(len(items) - 1, -1, -1):
        label = f"+{sum(counts[keep:])}"
        w = chip_width(label)
        more: Item = (w, lambda x, y, t=label, w=w: chip(draw, (x, y, x + w, y + CHIP_H), WHITE, t, MIN_FONT, INK,
                                                         radius=5))
        if fits([*items[:keep], more]) or keep == 0:
            return [*items[:keep], more]
    return items


def _chips(draw: ImageDraw.ImageDraw, counts: dict[str, int]) -> list[Item]:
    items: list[Item] = []
    for colour in COLOURS:
        count = counts.get(colour, 0)
        if count:
            w = chip_width(cube_label(colour, count))
            items.append((w, lambda x, y, c=colour, n=count, w=w: cube_chip(draw, (x, y, x + w, y + CHIP_H), c, n)))
    return items


def _tray_rows(items: list[Item], width: float) -> int:
    rows, x = 1, 0.0
    for item_w, _paint in items:
        if x > 0 and x + item_w > width:
            rows, x = rows + 1, 0.0
        x += item_w + 3
    return rows


def _tray(draw: ImageDraw.ImageDraw, box: Box, left: float, active: list[str], room: float) -> tuple[float, Any]:
    """The group in the mover's hand, on a dark tray at the bottom of the space where it is now: its chips, or just
    how many cubes when there is no room for them. Returns the tray's height and what draws it."""
    counts = {c: active.count(c) for c in COLOURS if c in active}
    items = _chips(draw, counts)
    inner = box[2] - PAD - left - 8
    rows = _tray_rows(items, inner)
    if rows * ROW + 5 > room or max(w for w, _p in items) > inner:
        label = next((t for t in (f"{len(active)} carried", f"{len(active)} held", str(len(active)))
                      if text_width(t, MIN_FONT) <= inner), str(len(active)))
        w = text_width(label, MIN_FONT) + 8
        items = [(w, lambda x, y: draw.text((x + 4, y - 5), label, font=font(MIN_FONT), fill=WHITE))]
        rows = 1
    height = rows * ROW + 5

    def paint() -> None:
        tray = (left, box[3] - PAD - height, box[2] - PAD, box[3] - PAD)
        draw.rounded_rectangle(tray, radius=6, fill=INK)
        _flow(items, tray[0] + 4, tray[1] + 4, tray[2] - 4)

    return height, paint


def _space_contents(draw: ImageDraw.ImageDraw, space_id: str, box: Box, view: dict[str, Any],
                    step: int | None) -> None:
    if step is not None:
        _path_ring(draw, box)
    counts = view["cubes"].get(space_id, {})
    items = _chips(draw, counts)
    numbers = [counts[c] for c in COLOURS if counts.get(c)]
    if space_id in view["cones"]:
        items.insert(0, (MARK, lambda x, y: cone(draw, x, y + 1)))
        numbers.insert(0, 0)
    pois = tuple(view["pois"].get(space_id, ()))
    start = mark_spots(space_id, box, pois)[1]
    top = box[1] + HEADER
    # The step badge sits on the bottom-left corner (moved right at the canvas edge); chips and the tray keep out of
    # its way.
    badge_x = max(box[0] - 8, 1.0)
    badge = (badge_x, box[3] - BADGE_R, badge_x + badge_width(step), box[3] + BADGE_R) if step is not None else None
    bottom = box[3] - PAD
    move = view.get("move")
    tray = None
    if move and move["at"] == space_id and move["active"]:
        left = badge[2] + 3 if badge is not None else box[0] + PAD
        height, tray = _tray(draw, box, left, move["active"], bottom - top - ROW)
        bottom -= height + 2
    left = box[0] + INSET
    items = _fitting(draw, items, numbers, left, top, box[2] - INSET, bottom, badge, start)
    _flow(items, left, top, box[2] - INSET, avoid=badge, start=start)
    if tray is not None:
        tray()
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
    layout = layout_of(airport_id, board_json, tile_rows(tuple((p[0], p[2]) for p in planes)))
    draw = pen(image)
    for (gate, _colour, side_id, _capacity), slots in zip(planes, free, strict=True):
        kinds = slot_kinds(side_id)
        for i in slots:
            _slot_rewards(draw, _slot(layout.boxes[gate], i, layout, gate), kinds,
                          side(side_id).slots[i].model_dump())
    return image


def _gate_contents(draw: ImageDraw.ImageDraw, gate: str, box: Box, plane: dict[str, Any] | None,
                   step: int | None, layout: BoardLayout) -> None:
    if step is not None:
        _path_ring(draw, box)
    if plane is None:
        return
    for i, colour in _taken(plane).items():
        cube_chip(draw, _slot(box, i, layout, gate), colour)
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
    rows = tile_rows(tuple((p["gate"], p["side"]) for p in view["planes"]))
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
    kinds = board_kinds(tuple(p[2] for p in planes))
    for space in board.spaces:
        box = layout.boxes[space.id]
        if space.is_gate:
            _gate_contents(draw, space.id, box, plane_of.get(space.id), steps.get(space.id), layout)
        else:
            _space_contents(draw, space.id, box, view, steps.get(space.id))
    draw_panel(draw, board, view, kinds)
    return image


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


