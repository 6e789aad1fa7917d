"""Where everything goes on the 1200 x 900 Planes board (shown at 400 x 300, renderers/README.md): the airport on
the left, the panel on the right.

The airport files place spaces by centre in their own units. The board keeps those positions, scaled on each axis
separately, and makes the boxes as large as their nearest neighbours allow (up to a size that holds MIN_FONT text with
room to spare): the two shipped airports get 116 px wide boxes, the ten-column practice ring narrower, taller ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.planes.board import Airport, Space
from engine.planes.terrain import load
from renderers.kit.paint import text_width
from renderers.kit.rules import MIN_FONT
from renderers.planes.style import CHIP_H

WIDTH, HEIGHT = 1200, 900
MARGIN = 6
PANEL_W = 252
BOARD_RIGHT = WIDTH - PANEL_W - 8  # the panel starts after a rule
BOX_W_MAX = 116
SPACE_H_MAX = 320  # only the practice ring has room for that
GAP_X = 20  # room for an arrow between two boxes side by side
GAP_Y = 22
SLOT_W, SLOT_GAP = 20, 2
GATE_SLOTS = 5
REWARDS = ("+5 VP", "draw 2")
# A Round Trip slot shows what it pays as a column of tiles (one per kind of reward its side pays), until a cube takes
# it: one tile is as tall as a MIN_FONT digit with a rim.
TILE_H, TILE_GAP = 20, 1

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class BoardLayout:
    boxes: dict[str, Rect]  # space id -> its box on the canvas
    slots_per_row: int  # the gates' cube slots in a row (5, or fewer on narrow gates)
    cell_h: float = CHIP_H  # a slot's height (taller when its rewards are shown as a column of tiles)

    def centre(self, space_id: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.boxes[space_id]
        return (x0 + x1) / 2, (y0 + y1) / 2

    def half(self, space_id: str) -> tuple[float, float]:
        x0, y0, x1, y1 = self.boxes[space_id]
        return (x1 - x0) / 2, (y1 - y0) / 2


def slots_per_row(box_w: float) -> int:
    return max(1, min(GATE_SLOTS, int((box_w - 8 + SLOT_GAP) // (SLOT_W + SLOT_GAP))))


def reward_lines(box_w: float) -> int:
    """The reward ('draw 2', '+5 VP') on one line, or on two on a narrow gate."""
    return 1 if max(text_width(r, MIN_FONT) for r in REWARDS) <= box_w - 14 else 2


def cell_height(tiles: int) -> float:
    """A slot's height: a cube chip, or the column of `tiles` reward tiles when that is taller."""
    return max(float(CHIP_H), tiles * TILE_H + (tiles - 1) * TILE_GAP)


def gate_height(box_w: float, tiles: int = 1) -> float:
    """Name and plane chip, the reward (unless the slots show theirs: tiles > 1), the slot rows."""
    rows = math.ceil(GATE_SLOTS / slots_per_row(box_w))
    label = 27 * reward_lines(box_w) if tiles <= 1 else 0
    return 36 + label + rows * (cell_height(tiles) + 3) + 4


def board_layout(board: Airport, tiles: int = 1) -> BoardLayout:
    """`tiles`: the most reward tiles a slot shows (1 when the planes' rewards are not drawn per slot)."""
    spaces = board.spaces
    xs, ys = [s.x for s in spaces], [s.y for s in spaces]
    span_x, span_y = max(xs) - min(xs) or 1, max(ys) - min(ys) or 1
    box_w, box_h = float(BOX_W_MAX), float(SPACE_H_MAX)
    for _ in range(8):  # box sizes and scales depend on each other: a few rounds settle them
        gate_h = gate_height(box_w, tiles)

        def height(s: Space, gh: float = gate_h, bh: float = box_h) -> float:
            return gh if s.is_gate else bh

        sx = (BOARD_RIGHT - MARGIN - box_w) / span_x
        top = max(height(s) for s in spaces if s.y == min(ys)) / 2
        bottom = max(height(s) for s in spaces if s.y == max(ys)) / 2
        sy = (HEIGHT - 2 * MARGIN - top - bottom) / span_y
        new_w, new_h = float(BOX_W_MAX), float(SPACE_H_MAX)
        for a in spaces:
            for b in spaces:
                if a.id >= b.id:
                    continue
                dx, dy = abs(a.x - b.x) * sx, abs(a.y - b.y) * sy
                if dy < (height(a) + height(b)) / 2 + GAP_Y and dx > 0:  # side by side: the width is limited
                    new_w = min(new_w, dx - GAP_X)
                if dx < box_w + GAP_X and dy > 0:  # one above the other: the height of the spaces is limited
                    if not a.is_gate and not b.is_gate:
                        new_h = min(new_h, dy - GAP_Y)
                    elif a.is_gate != b.is_gate:
                        new_h = min(new_h, 2 * (dy - gate_h / 2 - GAP_Y))
        box_w, box_h = max(40.0, new_w), max(60.0, new_h)
    gate_h = gate_height(box_w, tiles)
    sx = (BOARD_RIGHT - MARGIN - box_w) / span_x
    top = max(gate_h if s.is_gate else box_h for s in spaces if s.y == min(ys)) / 2
    bottom = max(gate_h if s.is_gate else box_h for s in spaces if s.y == max(ys)) / 2
    sy = (HEIGHT - 2 * MARGIN - top - bottom) / span_y
    boxes: dict[str, Rect] = {}
    for s in spaces:
        cx = MARGIN + box_w / 2 + (s.x - min(xs)) * sx
        cy = MARGIN + top + (s.y - min(ys)) * sy
        h = gate_h if s.is_gate else box_h
        boxes[s.id] = (round(cx - box_w / 2), round(cy - h / 2), round(cx + box_w / 2), round(cy + h / 2))
    return BoardLayout(boxes, slots_per_row(box_w), cell_height(tiles))


@cache
def layout_of(airport_id: str, board_json: str, tiles: int = 1) -> BoardLayout:
    """`board_json` keys the cache only, so a test board re-registered under the same id is laid out afresh."""
    return board_layout(load(airport_id), tiles)
