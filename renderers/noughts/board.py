"""The noughts and crosses board on the kit's 1200 x 900 canvas: the 3 x 3 grid on the left (an empty cell shows its
id, the one a player types or picks), each mark a coloured tile with its letter on it, the winning line outlined;
on the right, the turn and each player with their mark."""

from __future__ import annotations

from typing import Any

from PIL import Image

from renderers.kit.paint import INK, MUTED, PAPER, WHITE, canvas, fit, font, pen, to_png

SIZE = (1200, 900)
MARK_COLOURS = {"X": (31, 92, 200), "O": (214, 110, 0)}
"""The marks' colours, blue and orange (told apart in every colour vision); the letter on each tile says the same."""
CELL = 240
GRID = (40, 120)
"""The grid's top left corner."""
PANEL = (790, 120, 1170, 840)
TITLE, TEXT, MARK = 44, 40, 150


def _cell_box(cell: str) -> tuple[int, int, int, int]:
    column, row = "abc".index(cell[0]), int(cell[1]) - 1
    x, y = GRID[0] + column * CELL, GRID[1] + row * CELL
    return x, y, x + CELL, y + CELL


def board_image(view: dict[str, Any]) -> Image.Image:
    image = canvas(SIZE)
    draw = pen(image)
    draw.text((GRID[0], 60), _headline(view), font=font(TITLE), fill=INK, anchor="lm")
    for cell, mark in view["cells"].items():
        x0, y0, x1, y1 = _cell_box(cell)
        draw.rectangle((x0, y0, x1, y1), fill=PAPER, outline=INK, width=3)
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        if mark:
            draw.rounded_rectangle((x0 + 24, y0 + 24, x1 - 24, y1 - 24), radius=24, fill=MARK_COLOURS[mark])
            draw.text(middle, mark, font=font(MARK), fill=WHITE, anchor="mm")
        else:
            draw.text(middle, cell, font=font(TEXT), fill=MUTED, anchor="mm")
    for cell in view["line"]:  # after every cell, so that no neighbour's edge covers the line's
        draw.rectangle(_cell_box(cell), outline=INK, width=10)
    draw.rectangle(PANEL, fill=PAPER, outline=MUTED, width=3)
    for n, seat in enumerate(view["seats"]):
        top = PANEL[1] + 30 + n * 120
        tile = (PANEL[0] + 16, top, PANEL[0] + 76, top + 80)
        draw.rounded_rectangle(tile, radius=12, fill=MARK_COLOURS[seat["mark"]])
        draw.text(((tile[0] + tile[2]) / 2, (tile[1] + tile[3]) / 2), seat["mark"], font=font(TEXT), fill=WHITE,
                  anchor="mm")
        name = fit(seat["name"], TEXT, PANEL[2] - tile[2] - 28)
        draw.text((tile[2] + 12, (tile[1] + tile[3]) / 2), name, font=font(TEXT), fill=INK, anchor="lm")
    return image


def _headline(view: dict[str, Any]) -> str:
    if not view["over"]:
        return f"Turn {view['marked'] + 1}: {view['seats'][view['turn']]['mark']} to play"
    if view["winner"] is None:
        return f"Turn {view['marked']}: a draw"
    return f"Turn {view['marked']}: {view['seats'][view['winner']]['mark']} wins"


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    """Nothing is hidden (the game's `private_view` is empty, so the bot never asks): a seat's view is the board."""
    return to_png(board_image(view))
