"""Placing one line of text by its middle, measured: a row's text sits inside its row whatever its letters or
script (every face's text on one baseline, renderers.kit.runs)."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, Fill, font, pen, text_width
from renderers.kit.runs import layout

_MEASURE = pen(Image.new("L", (1, 1)))
TALLEST = "ÅHgअर्जु李"
"""The marks that reach highest and lowest in the names a table writes (whichever faces the machine has)."""


@cache
def _middle(size: int) -> float:
    """How far below a row's middle the baseline goes: the middle of what a line of names can reach, from an
    accented capital, Devanagari's marks and a Chinese character above to the descenders below. Latin capitals then
    sit about in the middle, and a name in any script stays inside its row."""
    _left, top, _right, bottom = layout(TALLEST, size).ink()
    return -(top + bottom) / 2


def say(draw: ImageDraw.ImageDraw, x: float, cy: float, text: str, size: int, fill: Fill = INK,
        align: str = "left") -> float:
    """Draw `text` with its line's middle at `cy`, starting at `x` (or ending there if align is "right").
    Returns the x just past the text (or its start, for right-aligned text)."""
    width = text_width(text, size)
    left = x - width if align == "right" else x
    draw.text((round(left), round(cy + _middle(size))), text, fill=fill, font=font(size), anchor="ls")
    return left if align == "right" else left + width


def say_centred(draw: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int, fill: Fill = INK) -> None:
    """Draw `text` centred on its own ink (not the font's line): a lower-case mark such as "any" sits in the middle
    of its cell like "TB" does."""
    left, top, right, bottom = _MEASURE.textbbox((0, 0), text, font=font(size))
    draw.text((round(cx - (left + right) / 2), round(cy - (top + bottom) / 2)), text, fill=fill, font=font(size))


def ink_size(text: str, size: int) -> tuple[float, float]:
    """Width and height of the ink of `text` (what say_centred centres)."""
    left, top, right, bottom = _MEASURE.textbbox((0, 0), text, font=font(size))
    return right - left, bottom - top
