"""Planes colours and marks: cube colours (each always with its letter), point-of-interest pictograms, the cone.

The cube colours were chosen so that every pair stays at least 22 CIEDE2000 apart under normal vision and under
protanopia, deuteranopia and tritanopia (Machado 2009, severity 1.0); the rule asks for 12 (renderers/README.md).
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.kit.paint import INK, RGB, WHITE, Box, centred, text_width
from renderers.kit.rules import MIN_FONT
from renderers.kit.shapes import chip

HILITE: RGB = (255, 196, 0)
PALE_HILITE: RGB = (255, 238, 170)
START_FILL: RGB = (236, 228, 206)
GATE_FILL: RGB = (226, 232, 240)

CUBE_FILL: dict[str, RGB] = {
    "red": (180, 10, 0),
    "blue": (45, 70, 150),
    "green": (60, 150, 120),
    "yellow": (230, 180, 15),
    "grey": (210, 210, 210),
}
CUBE_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "grey": "N"}
COLOURS = tuple(CUBE_FILL)
# White letters on the dark fills, ink on the light ones, so the letter always reads.
CUBE_TEXT: dict[str, RGB] = {"red": WHITE, "blue": WHITE, "green": INK, "yellow": INK, "grey": INK}
CHIP_FONT = MIN_FONT
CHIP_H = 32  # a MIN_FONT letter and digits (29 px of ink) inside a 1-2 px rim: as low as a crowded space needs
SLOT_W = 30  # a gate's slot: a cube's one-letter chip ('N' is the widest letter), or a column of reward tiles


def chip_width(label: str) -> float:
    """Just wider than the label's ink (the chip's rim touches it): two 'R2' chips side by side fit a 110 px space."""
    return max(28.0, text_width(label, CHIP_FONT) + 2)


def cube_label(colour: str, count: int | None) -> str:
    """'R', or 'R3' with a count: the letter says the colour, so colour is never needed to read it."""
    return CUBE_LETTER[colour] if count is None else f"{CUBE_LETTER[colour]}{count}"


def cube_chip(draw: ImageDraw.ImageDraw, box: Box, colour: str, count: int | None = None) -> None:
    chip(draw, box, CUBE_FILL[colour], cube_label(colour, count), CHIP_FONT, CUBE_TEXT[colour], radius=5)


MARK = 32  # a point-of-interest tile, square: its '?' is a MIN_FONT glyph


def poi_mark(draw: ImageDraw.ImageDraw, x: float, y: float, poi: str) -> None:
    """A white tile with a pictogram (no letters: 'G' would mean green, gift shop and gate at once); the board's
    legend names each one. The pictograms were drawn on a 28 px tile: they sit in the middle of the larger one."""
    draw.rounded_rectangle((x, y, x + MARK, y + MARK), radius=5, fill=WHITE, outline=INK, width=2)
    x, y = x + (MARK - 28) / 2, y + (MARK - 28) / 2
    s = 28
    cx, cy = x + s / 2, y + s / 2
    if poi == "restroom":  # a person: head and body
        draw.ellipse((cx - 4, y + 4, cx + 4, y + 12), fill=INK)
        draw.polygon([(cx - 7, y + s - 5), (cx + 7, y + s - 5), (cx + 4, y + 13), (cx - 4, y + 13)], fill=INK)
    elif poi == "fast_food":  # a burger: bun, patty, bun
        draw.pieslice((x + 5, y + 6, x + s - 5, y + 20), 180, 360, fill=INK)
        draw.line((x + 5, cy + 2, x + s - 5, cy + 2), fill=INK, width=3)
        draw.rounded_rectangle((x + 5, cy + 6, x + s - 5, y + s - 6), radius=2, fill=INK)
    elif poi == "gift_shop":  # a parcel with a ribbon and a bow
        draw.rectangle((x + 6, y + 11, x + s - 6, y + s - 5), fill=INK)
        draw.line((cx, y + 11, cx, y + s - 5), fill=WHITE, width=2)
        draw.line((cx - 6, y + 5, cx, y + 10), fill=INK, width=2)
        draw.line((cx + 6, y + 5, cx, y + 10), fill=INK, width=2)
    elif poi == "help_desk":  # a question mark: ask here
        centred(draw, (cx, cy), "?", MIN_FONT, INK)
    elif poi == "fine_dining":  # a wine glass
        draw.polygon([(x + 7, y + 5), (x + s - 7, y + 5), (cx, cy + 3)], fill=INK)
        draw.line((cx, cy + 3, cx, y + s - 7), fill=INK, width=2)
        draw.line((cx - 6, y + s - 6, cx + 6, y + s - 6), fill=INK, width=3)
    else:  # a point of interest this renderer does not know yet: still marked
        centred(draw, (cx, cy), "*", MIN_FONT, INK)


def cone(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A traffic cone in a MARK-sized cell: orange triangle, white stripe, dark base."""
    s = MARK
    y -= 1
    draw.polygon([(x + s / 2, y + 2), (x + 5, y + s - 5), (x + s - 5, y + s - 5)], fill=(245, 120, 20), outline=INK)
    draw.line((x + s / 2 - 5, y + s / 2 + 1, x + s / 2 + 5, y + s / 2 + 1), fill=WHITE, width=3)
    draw.rectangle((x + 2, y + s - 6, x + s - 2, y + s - 2), fill=INK)


BADGE_R = 17  # half the height of a step badge


def badge_label(step: int) -> str:
    return str(step) if step else "S"


def badge_width(step: int) -> float:
    """A disc for one character, a pill for a two-digit step: wide enough for the MIN_FONT digits."""
    return max(2.0 * BADGE_R, text_width(badge_label(step), MIN_FONT) + 10)


def step_badge(draw: ImageDraw.ImageDraw, x: float, y: float, step: int) -> None:
    """The step number of the move being shown ('S' for where it started), its left end at x, centred on y."""
    r, w = BADGE_R, badge_width(step)
    draw.rounded_rectangle((x, y - r, x + w, y + r), radius=r, fill=HILITE, outline=INK, width=2)
    centred(draw, (x + w / 2, y), badge_label(step), MIN_FONT, INK)


# Round Trip slot rewards, one tile per kind, told apart by shape and lightness as well as colour: a white card with
# square corners (cards drawn at once), a black disc (VP tokens taken at once), a gold badge with cut corners (VP at
# the end for the cube's owner). The panel's legend names them.
REWARD_KINDS = ("cards", "tokens", "stars")
REWARD_NAMES = {"cards": "cards", "tokens": "tokens", "stars": "VP at end"}
STAR_FILL: RGB = (255, 214, 80)


def reward_tile(draw: ImageDraw.ImageDraw, box: Box, kind: str, count: int | None) -> None:
    """One reward on a slot (its count inside), or the bare tile for the legend (count None)."""
    x0, y0, x1, y1 = box
    ink = INK
    if kind == "cards":
        draw.rectangle(box, fill=WHITE, outline=INK, width=2)
    elif kind == "tokens":
        draw.rounded_rectangle(box, radius=min(x1 - x0, y1 - y0) / 2, fill=INK)
        ink = WHITE
    else:
        c = 5
        draw.polygon([(x0 + c, y0), (x1 - c, y0), (x1, y0 + c), (x1, y1 - c), (x1 - c, y1), (x0 + c, y1),
                      (x0, y1 - c), (x0, y0 + c)], fill=STAR_FILL, outline=INK, width=2)
    if count is not None:  # a MIN_FONT digit fills the tile's height: centred exactly, no room for a nudge
        centred(draw, ((x0 + x1) / 2, (y0 + y1) / 2), str(count), MIN_FONT, ink)


def seat_colour(view: dict[str, object], seat: int) -> RGB | None:
    """The fill of the seat's cubes, which the board draws it in: the Discord layer tints its panel with it."""
    seats = view.get("seats")
    found = next((s for s in seats if isinstance(s, dict) and s.get("seat") == seat), None) if isinstance(
        seats, list) else None
    return CUBE_FILL.get(str(found.get("colour"))) if found else None
