"""Planes colours and marks: cube colours (each with its letter), the traffic cone, the highlight."""

from __future__ import annotations

from PIL import ImageDraw

from renderers.kit.paint import INK, RGB, Box
from renderers.kit.shapes import chip

HILITE: RGB = (255, 196, 0)

CUBE_FILL: dict[str, RGB] = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (30, 140, 60),
    "yellow": (240, 200, 30),
    "grey": (150, 150, 150),
}
CUBE_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "grey": "N"}
# Dark text on the light fills, white on the dark ones, so the letter always reads.
CUBE_TEXT: dict[str, object] = {"red": "white", "blue": "white", "green": "white", "yellow": INK, "grey": INK}


def cube_chip(draw: ImageDraw.ImageDraw, box: Box, colour: str, count: int | None, size: int) -> None:
    """A colour chip that also prints the cube letter (and count), e.g. 'Rx3' (the bundled font has no '×')."""
    label = CUBE_LETTER[colour] if count is None else f"{CUBE_LETTER[colour]}x{count}"
    chip(draw, box, CUBE_FILL[colour], label, size, CUBE_TEXT[colour])


def cone(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A traffic cone: orange triangle with white stripes and a dark base, plus the word drawn by the caller."""
    half = size / 2
    draw.polygon([(x, y - half), (x - half * 0.7, y + half), (x + half * 0.7, y + half)],
                 fill=(245, 120, 20), outline=INK, width=2)
    draw.line([(x - half * 0.35, y), (x + half * 0.35, y)], fill="white", width=4)
    draw.rectangle((x - half, y + half - 2, x + half, y + half + 5), fill=INK)
