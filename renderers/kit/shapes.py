"""Shapes more than one game draws: arrows between boxes, and a filled chip that always carries its letter."""

from __future__ import annotations

import math

from PIL import ImageDraw

from renderers.kit.paint import INK, Box, Fill, Point, centred


def edge_point(centre: Point, half: Point, toward: Point) -> Point:
    """Where the ray from a box's centre toward a point leaves the box (arrows start and end on box edges)."""
    cx, cy = centre
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return centre
    scale = min(half[0] / abs(dx) if dx else math.inf, half[1] / abs(dy) if dy else math.inf)
    return cx + dx * scale, cy + dy * scale


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, fill: Fill = INK, width: int = 5,
          head: int = 20) -> None:
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    base = (end[0] - head * math.cos(angle), end[1] - head * math.sin(angle))
    draw.line([start, base], fill=fill, width=width)
    spread = head * 0.6
    left = (base[0] + spread * math.sin(angle), base[1] - spread * math.cos(angle))
    right = (base[0] - spread * math.sin(angle), base[1] + spread * math.cos(angle))
    draw.polygon([end, left, right], fill=fill)


def chip(draw: ImageDraw.ImageDraw, box: Box, fill: Fill, label: str, size: int, text: Fill,
         radius: int = 6) -> None:
    """A colour chip with its label inside (a letter, 'R3'): the colour is never the only sign of what it is."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=INK, width=2)
    centred(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, size, text)
