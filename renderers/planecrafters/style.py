"""Planecrafters colours, marks and names: what every Planecrafters picture draws a part or an employee with.

Each model has a colour *and* a two-letter mark printed on every part of it, so colour is only ever the second sign.
The colours were chosen together (a search over sRGB for the largest smallest CIEDE2000 between any two of them, and
the paper, in normal vision and under the three simulations of renderers/kit/vision.py, starting from a colour that
suits each name), so that no two models look alike to any of those eyes: the rule test checks every pair.
"""

from __future__ import annotations

from PIL import ImageDraw

from renderers.kit.paint import INK, MUTED, PAPER, RGB, WHITE, Box
from renderers.planecrafters.text import ink_size, say_centred

# The paper of every Planecrafters picture (the kit's PAPER): Spare Parts are paper with hatching, not a colour.
BG: RGB = PAPER
LINE: RGB = (150, 140, 120)
BAND: RGB = (222, 213, 192)

# Model -> fill. A dict the renderer reads on every draw, so the colour-alone test can paint them all grey.
MODEL_COLOURS: dict[str, RGB] = {
    "Puddle Jumper": (17, 153, 119),
    "Red Sparrow": (204, 51, 51),
    "Cloud Mule": (170, 204, 238),
    "Tin Dragonfly": (204, 238, 153),
    "Sky Whale": (51, 102, 204),
    "Copper Heron": (119, 85, 85),
    "Thunder Barrel": (85, 34, 136),
    "Moth Major": (187, 187, 153),
    "Gilded Goose": (221, 187, 34),
    "Saucy Pelican": (238, 119, 170),
    "Iron Kite": (51, 68, 85),
}
# The models whose parts include a fuselage (data/planecrafters/parts.toml: star = true); a test keeps it in step.
STARRED = frozenset({"Sky Whale", "Copper Heron", "Thunder Barrel", "Gilded Goose", "Iron Kite"})
UNKNOWN: RGB = (170, 170, 170)  # a model the palette does not know yet (a test keeps this from happening)

SPARE_MARK = "any"  # a Spare Part fits any slot: the mark says so instead of naming a model
SLOT_ORDER = ("nose", "lwing", "fuselage", "rwing", "tail")
SLOT_NAMES = {"nose": "Nose", "lwing": "Left wing", "rwing": "Right wing", "tail": "Tail", "fuselage": "Fuselage",
              "spare": "Spare Part"}
SLOT_SHORT = {"nose": "N", "lwing": "LW", "rwing": "RW", "tail": "T", "fuselage": "F", "spare": "any"}

def mark(model: str | None) -> str:
    """The two letters printed on a part: the initials of its model's two words ("Thunder Barrel" -> "TB")."""
    if not model:
        return SPARE_MARK
    words = model.split()
    return (words[0][0] + words[-1][0]).upper() if len(words) > 1 else model[:2].upper()


def colour(model: str | None) -> RGB:
    if not model:
        return BG
    return MODEL_COLOURS.get(model, UNKNOWN)


def ink_on(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with the fill (WCAG relative luminance): the mark always reads."""

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(fill[0]) + 0.7152 * lin(fill[1]) + 0.0722 * lin(fill[2])
    return INK if (lum + 0.05) / 0.0616 >= 1.05 / (lum + 0.05) else WHITE


def hatch(draw: ImageDraw.ImageDraw, box: Box, step: int = 12) -> None:
    """Diagonal lines across a Spare Part: it is told from a model by pattern as well as by its mark."""
    x0, y0, x1, y1 = (int(v) for v in box)
    for k in range(x0 - (y1 - y0), x1, step):
        # Clip the 45-degree line from (k, y1) to (k + h, y0) to the box.
        a = (max(k, x0), y1 - (max(k, x0) - k))
        b = (min(k + (y1 - y0), x1), y1 - (min(k + (y1 - y0), x1) - k))
        if a[0] < b[0]:
            draw.line([a, b], fill=LINE, width=2)


def part_cell(draw: ImageDraw.ImageDraw, box: Box, part: dict[str, object] | None, slot: str, size: int) -> None:
    """One slot of a plane: the part's colour and mark, or the slot's short name greyed when it is empty."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    if part is None:
        draw.rectangle(box, fill=BG, outline=LINE, width=2)
        say_centred(draw, cx, cy, SLOT_SHORT[slot], size, MUTED)
        return
    model = str(part.get("model") or "")
    fill = colour(model)
    draw.rectangle(box, fill=fill, outline=INK, width=2)
    if not model:
        hatch(draw, (box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2))
        # The mark sits on a paper patch so the hatching never runs through its letters.
        width, height = ink_size(SPARE_MARK, size)
        draw.rectangle((cx - width / 2 - 3, max(box[1] + 2, cy - height / 2 - 3), cx + width / 2 + 3,
                        min(box[3] - 2, cy + height / 2 + 3)), fill=BG)
    say_centred(draw, cx, cy, mark(model), size, ink_on(fill))
