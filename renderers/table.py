"""A ranked table as a picture: a title, a line under it, a row of column labels and a shaded row a line, drawn on
the boards' 4:3 canvas and to their rules (renderers/README.md). The league standings and the server's leaderboard
are both drawn with it, so the two read alike.

One column holds members' names, in any script (through the kit's faces), cut with an ellipsis to the room left
before the next column rather than clipped; the row shading only helps the eye along a row and carries nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from renderers.kit.paint import INK, MUTED, PAPER, canvas, fit, font, pen, to_png
from renderers.kit.rules import min_font_px

SIZE = (1200, 900)
ROWS = 12
"""Lines shown; a longer table ends with "and N more" (the words beside the picture list everyone)."""
SHADE = (236, 232, 222)
RULE = (190, 186, 176)
ROW_HEIGHT = 54
NAME_ROOM = 150
"""Canvas pixels kept free left of the column after the names: the right-aligned figures there grow leftwards."""


@dataclass(frozen=True)
class Column:
    label: str
    x: int
    anchor: str
    """"la": left-aligned at x, "ra": right-aligned at x."""


def render_table(title: str, subtitle: str, columns: Sequence[Column], rows: Sequence[Sequence[str]], *,
                 names: int = 1, trim: bool = False) -> bytes:
    """Each row's cells under `columns`, the cells of column `names` cut to fit before the next column. `trim`: the
    canvas ends under the last row instead of at 900 px, so a short table is no tall empty picture; it stays 1200
    px wide, so its text is shown as large (renderers.kit.rules.shown_scale is the width's then)."""
    image = canvas(SIZE, PAPER)
    draw = pen(image)
    small = min_font_px(SIZE)
    body = max(small, 40)
    draw.text((40, 30), fit(title, 60, SIZE[0] - 80), fill=INK, font=font(60))
    draw.text((40, 104), fit(subtitle, small, SIZE[0] - 80), fill=MUTED, font=font(small))
    top = 166  # a label's descender ("Rating") stays clear of the rule under the labels
    for column in columns:
        draw.text((column.x, top), column.label, fill=MUTED, font=font(small), anchor=column.anchor)
    top += 56
    draw.rectangle((30, top - 6, SIZE[0] - 30, top - 3), fill=RULE)
    shown = rows[:ROWS] if len(rows) <= ROWS else rows[:ROWS - 1]
    room = (columns[names + 1].x if names + 1 < len(columns) else SIZE[0] - 40) - columns[names].x - NAME_ROOM
    for i, cells in enumerate(shown):
        y = top + i * ROW_HEIGHT
        if i % 2 == 0:
            draw.rectangle((30, y, SIZE[0] - 30, y + ROW_HEIGHT), fill=SHADE)
        mid = y + ROW_HEIGHT // 2
        for n, (column, cell) in enumerate(zip(columns, cells, strict=True)):
            if not cell:
                continue
            shown_cell = fit(cell, body, room) if n == names else cell
            draw.text((column.x, mid), shown_cell, fill=INK, font=font(body), anchor=column.anchor[0] + "m")
    if len(rows) > len(shown):
        y = top + len(shown) * ROW_HEIGHT + ROW_HEIGHT // 2
        draw.text((columns[names].x, y), f"and {len(rows) - len(shown)} more", fill=MUTED, font=font(small),
                  anchor="lm")
    if trim:
        lines = len(shown) + (len(rows) > len(shown))
        image = image.crop((0, 0, SIZE[0], min(SIZE[1], top + lines * ROW_HEIGHT + 30)))
    return to_png(image)
