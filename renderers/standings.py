"""A league's standings as a picture: a table of places, names (in any script, through the kit's faces), points,
total score and games played, drawn on the boards' 4:3 canvas and to their rules (renderers/README.md): every text
at least the smallest shown size, names cut with an ellipsis rather than clipped, and nothing said by colour alone
(a member who dropped out is written "(dropped)"; the row shading only helps the eye along a row)."""

from __future__ import annotations

from renderers.kit.paint import INK, MUTED, PAPER, canvas, fit, font, pen, to_png
from renderers.kit.rules import min_font_px

SIZE = (1200, 900)
ROWS = 12
"""Lines shown; a longer league ends with "and N more" (the words beside the picture list everyone)."""
SHADE = (236, 232, 222)
RULE = (190, 186, 176)
COLUMNS = (("#", 40, "la"), ("Member", 130, "la"), ("Points", 800, "ra"), ("Score", 980, "ra"),
           ("Games", 1160, "ra"))

Row = tuple[int, str, str, int, int, bool]
"""(place, name, points as shown, total score, games played, dropped)."""


def render_standings(league: str, game: str, heading: str, rows: list[Row]) -> bytes:
    image = canvas(SIZE, PAPER)
    draw = pen(image)
    small = min_font_px(SIZE)
    body = max(small, 40)
    draw.text((40, 30), fit(league, 60, SIZE[0] - 80), fill=INK, font=font(60))
    draw.text((40, 104), fit(f"{game}: {heading}", small, SIZE[0] - 80), fill=MUTED, font=font(small))
    top = 170
    for label, x, anchor in COLUMNS:
        draw.text((x, top), label, fill=MUTED, font=font(small), anchor=anchor)
    top += 52
    draw.rectangle((30, top - 6, SIZE[0] - 30, top - 3), fill=RULE)
    shown = rows[:ROWS] if len(rows) <= ROWS else rows[:ROWS - 1]
    height = 54
    for i, (place, name, points, score, played, dropped) in enumerate(shown):
        y = top + i * height
        if i % 2 == 0:
            draw.rectangle((30, y, SIZE[0] - 30, y + height), fill=SHADE)
        mid = y + height // 2
        who = f"{name} (dropped)" if dropped else name
        draw.text((COLUMNS[0][1], mid), str(place), fill=INK, font=font(body), anchor="lm")
        draw.text((COLUMNS[1][1], mid), fit(who, body, COLUMNS[2][1] - COLUMNS[1][1] - 150), fill=INK,
                  font=font(body), anchor="lm")
        for (_label, x, _anchor), value in zip(COLUMNS[2:], (points, str(score), str(played)), strict=True):
            draw.text((x, mid), value, fill=INK, font=font(body), anchor="rm")
    if len(rows) > len(shown):
        y = top + len(shown) * height + height // 2
        draw.text((COLUMNS[1][1], y), f"and {len(rows) - len(shown)} more", fill=MUTED, font=font(small),
                  anchor="lm")
    return to_png(image)
