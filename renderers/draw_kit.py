"""Small Pillow drawing helpers shared by the board and hand images: fonts, colours, chips, arrows.

Every colour is paired with a letter so nothing depends on telling colours apart.
"""

from __future__ import annotations

import io
import math
from functools import cache

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Box = tuple[float, float, float, float]
Point = tuple[float, float]

INK = (28, 30, 36)
PAPER = (250, 248, 242)
MUTED = (110, 112, 120)
HILITE = (255, 196, 0)

CUBE_FILL = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (30, 140, 60),
    "yellow": (240, 200, 30),
    "grey": (150, 150, 150),
}
CUBE_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "grey": "N"}
# Dark text on the light fills, white on the dark ones, so the letter always reads.
CUBE_TEXT = {"red": "white", "blue": "white", "green": "white", "yellow": INK, "grey": INK}


@cache
def font(size: int) -> Font:
    """Pillow's bundled scalable font: no font files to ship, the same glyphs on every machine (deterministic)."""
    return ImageFont.load_default(size=size)


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size))
    return int(right - left), int(bottom - top)


def centred(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: object = INK) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def cube_chip(draw: ImageDraw.ImageDraw, box: Box, colour: str, count: int | None, size: int) -> None:
    """A colour chip that also prints the cube letter (and count), e.g. 'Rx3' (the bundled font has no '×')."""
    draw.rounded_rectangle(box, radius=6, fill=CUBE_FILL[colour], outline=INK, width=2)
    label = CUBE_LETTER[colour] if count is None else f"{CUBE_LETTER[colour]}x{count}"
    centred(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, size, CUBE_TEXT[colour])


def edge_point(centre: Point, half: Point, toward: Point) -> Point:
    """Where the ray from a box's centre toward a point leaves the box (arrows start and end on box edges)."""
    cx, cy = centre
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return centre
    scale = min(half[0] / abs(dx) if dx else math.inf, half[1] / abs(dy) if dy else math.inf)
    return cx + dx * scale, cy + dy * scale


def arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float],
          fill: object = INK, width: int = 5, head: int = 20) -> None:
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    base = (end[0] - head * math.cos(angle), end[1] - head * math.sin(angle))
    draw.line([start, base], fill=fill, width=width)
    spread = head * 0.6
    left = (base[0] + spread * math.sin(angle), base[1] - spread * math.cos(angle))
    right = (base[0] - spread * math.sin(angle), base[1] + spread * math.cos(angle))
    draw.polygon([end, left, right], fill=fill)


def cone(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A traffic cone: orange triangle with white stripes and a dark base, plus the word drawn by the caller."""
    half = size / 2
    draw.polygon([(x, y - half), (x - half * 0.7, y + half), (x + half * 0.7, y + half)],
                 fill=(245, 120, 20), outline=INK, width=2)
    draw.line([(x - half * 0.35, y), (x + half * 0.35, y)], fill="white", width=4)
    draw.rectangle((x - half, y + half - 2, x + half, y + half + 5), fill=INK)


def canvas(size: tuple[int, int]) -> Image.Image:
    """A palette canvas: drawing straight into palette colours skips quantizing, the slowest step of a render.
    Text is then drawn without anti-aliasing, which Discord's own downscaling smooths anyway."""
    return Image.new("P", size, PAPER)


def to_png(image: Image.Image) -> bytes:
    """Palette PNG: the images use few colours, so they stay small (about a third of RGB) and encode fast.
    zlib level 3 instead of Pillow's 6: encoding takes a third of the time (it was most of a board render, paid on
    every move) for boards of about 45 KB instead of 30 KB, far below anything Discord or a phone minds."""
    if image.mode != "P":
        image = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()
