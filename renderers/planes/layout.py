"""Where everything goes on the 1200 x 900 Planes board (shown at 373 x 280, renderers/README.md): the airport on
the left, the panel on the right.

The airport files place spaces by centre in their own units. The board keeps those positions, scaled on each axis
separately. Every text is at least MIN_FONT (37 px), so room is scarce and each box takes what its neighbours leave:
the spaces share one width (as wide as the closest columns allow, about 110 px on the shipped airports), while each
space grows up and down until it meets the box above or below it (half way to another space, a gap short of a gate),
so a space with no close neighbour in its column has room for more cubes. A gate is as wide as its neighbours allow
(up to its five slots in one row), and as tall as its rows of slots need.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.planes.board import Airport, Space
from engine.planes.terrain import load
from renderers.kit.paint import text_width
from renderers.kit.rules import MIN_FONT
from renderers.planes.style import CHIP_H, SLOT_W

WIDTH, HEIGHT = 1200, 900
MARGIN = 6
BOARD_RIGHT = 896  # the panel starts after a rule: about 300 px, room for its longest legend line at MIN_FONT
BOX_W_MAX = 150
SPACE_REACH = 160  # how far a space reaches above and below its centre at most (only the practice ring gets that)
SPACE_H_MIN = 2 * 38  # the name and one row of chips
GAP_X = 20  # room for an arrow between two boxes side by side
GAP_Y = 22
SLOT_GAP = 2
GATE_SLOTS = 5
GATE_PAD = 5  # between a gate's frame and its slots
GATE_W_MAX = GATE_SLOTS * SLOT_W + (GATE_SLOTS - 1) * SLOT_GAP + 2 * GATE_PAD
GATE_HEADER = 38  # a gate's name and its plane's chip
# A free slot shows what it pays as a column of tiles (one per kind of reward its side pays), until a cube takes it:
# one tile is as tall as a MIN_FONT digit with a rim.
TILE_H, TILE_GAP = 31, 1

Rect = tuple[float, float, float, float]


Tiles = int | tuple[tuple[str, int], ...]
"""How many reward tiles a gate's slot shows in a column: one number for every gate, or (gate, tiles) pairs."""


@dataclass(frozen=True)
class BoardLayout:
    boxes: dict[str, Rect]  # space id -> its box on the canvas
    per_row: dict[str, int]  # gate id -> its cube slots in a row (5, or fewer on a narrow gate)
    cell_h: dict[str, float]  # gate id -> its slots' height (taller when its rewards are a column of tiles)
    header: dict[str, float]  # gate id -> the height of its name row (two rows when its plane's chip goes below)

    def centre(self, space_id: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.boxes[space_id]
        return (x0 + x1) / 2, (y0 + y1) / 2

    def half(self, space_id: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.boxes[space_id]
        return (x1 - x0) / 2, (y1 - y0) / 2


def slots_per_row(gate_w: float) -> int:
    return max(1, min(GATE_SLOTS, int((gate_w - 2 * GATE_PAD + SLOT_GAP) // (SLOT_W + SLOT_GAP))))


def cell_height(tiles: int) -> float:
    """A slot's height: a cube chip, or the column of `tiles` reward tiles when that is taller."""
    return max(float(CHIP_H), tiles * TILE_H + (tiles - 1) * TILE_GAP)


WIDEST_CHIP = 40  # a wild plane's 'W'


def gate_header(gate_w: float, name: str) -> float:
    """The name and the plane's chip on one row, or the chip on a second row when the gate is too narrow."""
    return GATE_HEADER if 7 + text_width(name, MIN_FONT) + 6 + WIDEST_CHIP + 7 <= gate_w else GATE_HEADER + CHIP_H + 3


def gate_height(gate_w: float, tiles: int = 1, name: str = "G1", per_row: int | None = None) -> float:
    """The name row, then the rows of slots (`per_row` a row, default as many as the width holds)."""
    rows = math.ceil(GATE_SLOTS / (per_row or slots_per_row(gate_w)))
    return gate_header(gate_w, name) + rows * (cell_height(tiles) + 3) + 3


def _tiles_of(tiles: Tiles, gate: str) -> int:
    return tiles if isinstance(tiles, int) else dict(tiles).get(gate, 1)


def _side_by_side(a: Rect, b: Rect) -> bool:
    return a[1] < b[3] + GAP_Y and b[1] < a[3] + GAP_Y


def board_layout(board: Airport, tiles: Tiles = 1) -> BoardLayout:
    """`tiles`: how many reward tiles a slot shows in a column (see Tiles)."""
    spaces = board.spaces
    # A space is at least as wide as its name (the practice ring's 'C10' is, its columns being close together).
    least_w = max(text_width(s.id, MIN_FONT) + 14 for s in spaces if not s.is_gate)
    xs, ys = [s.x for s in spaces], [s.y for s in spaces]
    min_x, min_y = min(xs), min(ys)
    span_x, span_y = max(xs) - min_x or 1, max(ys) - min_y or 1
    box_w = float(BOX_W_MAX)
    gate_w = {s.id: float(GATE_W_MAX) for s in spaces if s.is_gate}
    boxes: dict[str, Rect] = {}
    for _ in range(8):  # sizes, scales and neighbours depend on each other: a few rounds settle them
        boxes = _place(spaces, box_w, gate_w, tiles, (min_x, min_y, span_x, span_y))
        near = {k: _nominal(k, v, tiles) if k in gate_w else v for k, v in boxes.items()}
        pairs = [(a, b, abs(_centre(boxes[a.id])[0] - _centre(boxes[b.id])[0])) for a in spaces for b in spaces
                 if a.id != b.id and _side_by_side(near[a.id], near[b.id])]
        new_w = min([float(BOX_W_MAX)] + [dx - GAP_X for a, b, dx in pairs if dx > 0 and not a.is_gate])
        new_gate = {g: float(GATE_W_MAX) for g in gate_w}
        for a, b, dx in pairs:  # a space keeps the common width; a gate beside it takes the rest
            if a.is_gate and dx > 0:
                room = dx - GAP_X if b.is_gate else 2 * (dx - GAP_X) - max(least_w, new_w)
                new_gate[a.id] = min(new_gate[a.id], room)
        box_w = max(least_w, new_w)
        gate_w = {g: max(40.0, w) for g, w in new_gate.items()}
    # Every plane of a board draws its five slots the same way: one row when every gate is wide enough, else
    # three over two on all of them (a plane of 5 in a row beside one of 3 + 2 read as two kinds of plane).
    # Where the taller planes would crowd the spaces (Zephyr under three rows of tiles), each keeps its own.
    fits = {g: slots_per_row(w) for g, w in gate_w.items()}
    row = GATE_SLOTS if min(fits.values(), default=GATE_SLOTS) >= GATE_SLOTS else (GATE_SLOTS + 1) // 2
    per = {g: min(n, row) for g, n in fits.items()}
    frame = (min_x, min_y, span_x, span_y)
    boxes = _place(spaces, box_w, gate_w, tiles, frame, per)
    if _crowded(boxes):
        per = fits
        boxes = _place(spaces, box_w, gate_w, tiles, frame, per)
    return BoardLayout(boxes, per,
                       {g: cell_height(_tiles_of(tiles, g)) for g in gate_w},
                       {g: gate_header(w, g) for g, w in gate_w.items()})


ARROW_ROOM = 18  # the least room between two boxes, for an arrow between them


def _crowded(boxes: dict[str, Rect]) -> bool:
    """Whether two boxes come closer than an arrow's room on both axes."""
    rects = list(boxes.values())
    return any(not (b[0] - a[2] >= ARROW_ROOM or a[0] - b[2] >= ARROW_ROOM or b[1] - a[3] >= ARROW_ROOM
                    or a[1] - b[3] >= ARROW_ROOM) for i, a in enumerate(rects) for b in rects[i + 1:])


def _nominal(gate: str, box: Rect, tiles: Tiles) -> Rect:
    """A gate's box as tall as it is with all its slots in one row, about the same centre."""
    cy, half = (box[1] + box[3]) / 2, gate_height(GATE_W_MAX, _tiles_of(tiles, gate), gate) / 2
    return box[0], cy - half, box[2], cy + half


def _centre(box: Rect) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _place(spaces: list[Space], box_w: float, gate_w: dict[str, float], tiles: Tiles,
           frame: tuple[float, float, float, float], per_row: dict[str, int] | None = None) -> dict[str, Rect]:
    """Boxes for these widths: gates first (their height is their content's), then each space as tall as the boxes
    above and below it leave."""
    min_x, min_y, span_x, span_y = frame
    gate_h = {g: gate_height(w, _tiles_of(tiles, g), g, (per_row or {}).get(g)) for g, w in gate_w.items()}

    def half_h(s: Space) -> float:
        return gate_h[s.id] / 2 if s.is_gate else SPACE_H_MIN / 2

    sx = (BOARD_RIGHT - MARGIN - box_w) / span_x
    top = max(half_h(s) for s in spaces if s.y == min_y)
    bottom = max(half_h(s) for s in spaces if s.y == max(s.y for s in spaces))
    sy = (HEIGHT - 2 * MARGIN - top - bottom) / span_y
    centre = {s.id: (MARGIN + box_w / 2 + (s.x - min_x) * sx, MARGIN + top + (s.y - min_y) * sy) for s in spaces}
    width = {s.id: gate_w[s.id] if s.is_gate else box_w for s in spaces}
    boxes: dict[str, Rect] = {}
    for s in spaces:
        if s.is_gate:  # a gate wider than the spaces moves in from the board's edge
            cx, cy = centre[s.id]
            cx = min(max(cx, MARGIN + width[s.id] / 2), BOARD_RIGHT - width[s.id] / 2)
            centre[s.id] = cx, cy
            boxes[s.id] = (cx - width[s.id] / 2, cy - gate_h[s.id] / 2, cx + width[s.id] / 2, cy + gate_h[s.id] / 2)
    for s in spaces:
        if s.is_gate:
            continue
        cx, cy = centre[s.id]
        up, down = max(MARGIN, cy - SPACE_REACH), min(HEIGHT - MARGIN, cy + SPACE_REACH)
        for o in spaces:
            ox, oy = centre[o.id]
            if o.id == s.id or oy == cy or abs(ox - cx) >= (width[s.id] + width[o.id]) / 2 + GAP_X:
                continue
            if o.is_gate:
                edge = boxes[o.id][3] + GAP_Y if oy < cy else boxes[o.id][1] - GAP_Y
            else:
                edge = (oy + cy) / 2 + (GAP_Y / 2 if oy < cy else -GAP_Y / 2)
            if oy < cy:
                up = max(up, edge)
            else:
                down = min(down, edge)
        if down - up < SPACE_H_MIN:  # crowded: at least a name and a row of chips, centred
            up, down = cy - SPACE_H_MIN / 2, cy + SPACE_H_MIN / 2
        boxes[s.id] = (cx - box_w / 2, up, cx + box_w / 2, down)
    return {k: (round(v[0]), round(v[1]), round(v[2]), round(v[3])) for k, v in boxes.items()}


@cache
def layout_of(airport_id: str, board_json: str, tiles: Tiles = 1) -> BoardLayout:
    """`board_json` keys the cache only, so a test board re-registered under the same id is laid out afresh."""
    return board_layout(load(airport_id), tiles)
