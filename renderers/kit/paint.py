"""The surface every renderer draws on: a palette canvas, the bundled font, a Pen that stamps cached glyphs and logs
what it draws while a test records (renderers.kit.record), and the PNG encoding.

The bundled font (Aileron) has no '×', '•', '—' or arrows: use 'x', '·', '-' and drawn shapes; it does have '…'.
"""

from __future__ import annotations

import io
import math
import unicodedata
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import record

Font = ImageFont.FreeTypeFont
Box = tuple[float, float, float, float]
Point = tuple[float, float]
RGB = tuple[int, int, int]
Fill = tuple[int, ...] | str
"""A colour as Pillow takes it: an RGB (or RGBA) tuple, or a colour's name."""

INK: RGB = (28, 30, 36)
PAPER: RGB = (250, 248, 242)
MUTED: RGB = (110, 112, 120)
WHITE: RGB = (255, 255, 255)
ELLIPSIS = "…"


@cache
def font(size: int) -> Font:
    """Pillow's bundled scalable font: no font files to ship, the same glyphs on every machine (deterministic)."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return loaded


# Letters NFKD does not take apart into a base letter and an accent.
_PLAIN = {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "ß": "ss", "Æ": "AE", "æ": "ae", "Đ": "D", "đ": "d", "Œ": "OE",
          "œ": "oe", "ı": "i", "’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "×": "x", "•": "·"}


@cache
def _has_glyph(char: str) -> bool:
    """Whether the bundled font draws this character (a missing one comes out as the same empty box)."""
    def ink(c: str) -> bytes:
        image = Image.new("L", (40, 40))
        ImageDraw.Draw(image).text((4, 4), c, font=font(24), fill=255)
        return image.tobytes()

    return char.isspace() or ink(char) != ink("\uffff")


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """The text as the bundled font can draw it: accents dropped ('Zoë' -> 'Zoe', 'Łukasz' -> 'Lukasz') and any other
    character it lacks (emoji, other scripts) shown as '?', never as an empty box. Pen and the measuring helpers
    apply it, so what is measured is what is drawn."""
    out = []
    for char in text:
        if char == "\n" or _has_glyph(char):
            out.append(char)
            continue
        plain = _PLAIN.get(char) or "".join(c for c in unicodedata.normalize("NFKD", char)
                                            if not unicodedata.combining(c))
        out.append(plain if plain and all(_has_glyph(c) for c in plain) else "?")
    return "".join(out)


@lru_cache(maxsize=8192)
def _glyphs(fnt: Font, text: str, mode: str, anchor: str, start: tuple[float, float]) -> tuple[Any, tuple[int, int]]:
    """A text's coverage mask, rasterised once: the same labels come back on every move's picture, and FreeType's
    rasterising is the costly part of drawing text."""
    mask, offset = fnt.getmask2(text, mode, anchor=anchor, start=start)
    return mask, offset


class Pen(ImageDraw.ImageDraw):
    """ImageDraw with the same output, faster single-line text, and a log of texts and shapes while recording."""

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, anchor: str | None = None,
             *args: Any, **kwargs: Any) -> None:
        text = drawable(str(text))
        log = record.active()
        if log is not None:
            log.text(text, int(font.size), self.textbbox(xy, text, font=font, anchor=anchor))
        if args or kwargs or not isinstance(font, ImageFont.FreeTypeFont) or "\n" in text:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        ink, fill_ink = self._getink(fill)
        ink = fill_ink if ink is None else ink
        if ink is None:
            return
        x, y = xy
        mask, (dx, dy) = _glyphs(font, text, self.fontmode, anchor or "la", (math.modf(x)[0], math.modf(y)[0]))
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)

    _inner = False

    def _log_shape(self, kind: str, xy: Any, fill: Any, width: float) -> None:
        log = record.active()
        if log is None or self._inner:
            return
        points = [(p[0], p[1]) for p in xy] if isinstance(xy[0], (tuple, list)) else [
            (xy[i], xy[i + 1]) for i in range(0, len(xy), 2)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        log.shape(kind, (min(xs), min(ys), max(xs), max(ys)), fill, width)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._log_shape("rectangle", xy, fill, width)
        super().rectangle(xy, fill, outline, width)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None, width: int = 1,
                          *, corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        self._log_shape("box", xy, fill, width)
        # Pillow may hand a rounded rectangle on to rectangle() or ellipse(): log the shape once.
        self._inner = True
        try:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        finally:
            self._inner = False

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._log_shape("ellipse", xy, fill, width)
        super().ellipse(xy, fill, outline, width)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._log_shape("polygon", xy, fill, width)
        super().polygon(xy, fill, outline, width)


def canvas(size: tuple[int, int], background: RGB = PAPER) -> Image.Image:
    """A palette canvas: drawing straight into palette colours skips quantizing, the slowest step of a render.
    Text is then drawn without anti-aliasing, which Discord's own downscaling smooths anyway."""
    return Image.new("P", size, background)


def pen(image: Image.Image) -> Pen:
    return Pen(image)


_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    left, _top, right, _bottom = _MEASURE.textbbox((0, 0), drawable(text), font=font(size))
    return right - left


def fit(text: str, size: int, width: float) -> str:
    """The text, cut with '…' so that it is at most `width` wide: long names never run into the next item."""
    text = drawable(text)
    if text_width(text, size) <= width:
        return text
    while text and text_width(text.rstrip() + ELLIPSIS, size) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)
def wrap(text: str, size: int, width: float) -> tuple[str, ...]:
    """Words onto lines at most `width` wide (a single word wider than that gets a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)


def centred(draw: ImageDraw.ImageDraw, xy: Point, text: str, size: int, fill: Fill = INK) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def to_png(image: Image.Image) -> bytes:
    """Palette PNG: the images use few colours, so they stay small (about a third of RGB) and encode fast.
    zlib level 3 instead of Pillow's 6: encoding takes a third of the time for files about 1.5x larger, far below
    anything Discord or a phone minds."""
    if image.mode != "P":
        image = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()
