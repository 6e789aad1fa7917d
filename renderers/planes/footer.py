"""Planes: the boarding track and score rows under the board, and the private hand image."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, MUTED, PAPER, canvas, centred, fit, font, pen, text_size
from renderers.planes.style import CUBE_LETTER, HILITE, cube_chip

TRACK_H = 120
SEAT_H = 52
HAND_W = 900


def footer_height(view: dict[str, Any]) -> int:
    return TRACK_H + SEAT_H * len(view["seats"]) + 24


def _checks(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """A chequered flag pattern marks the end space (a pattern, not a colour)."""
    size = 10
    x0, y0, x1, y1 = box
    for i, x in enumerate(range(int(x0), int(x1), size)):
        for j, y in enumerate(range(int(y0), int(y1), size)):
            if (i + j) % 2 == 0:
                draw.rectangle((x, y, min(x + size, x1), min(y + size, y1)), fill=INK)


def _track(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, width: int) -> None:
    draw.text((16, top + 4), "Boarding track", font=font(26), fill=INK)
    end = view["track_end"]
    draw.text((width - 16, top + 6), f"game ends at {end}", font=font(22), fill=INK, anchor="ra")
    cells = 13
    cell = (width - 32) / cells
    y0, y1 = top + 40, top + TRACK_H - 12
    for n in range(cells):
        x0 = 16 + n * cell
        box = (x0 + 2, y0, x0 + cell - 2, y1)
        past_end = n > end
        draw.rectangle(box, fill=(215, 215, 215) if past_end else PAPER, outline=INK, width=2)
        if n == end:
            _checks(draw, (box[0] + 2, box[1] + 2, box[2] - 2, box[1] + 20))
            centred(draw, ((box[0] + box[2]) / 2, y1 - 14), "END", 18)
        if n == view["track"]:
            cx, cy = (box[0] + box[2]) / 2, (y0 + y1) / 2 + 2
            draw.ellipse((cx - 24, cy - 24, cx + 24, cy + 24), fill=HILITE, outline=INK, width=4)
        centred(draw, ((box[0] + box[2]) / 2, (y0 + y1) / 2 + 2), str(n), 30)


def _seats(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, width: int) -> None:
    for i, seat in enumerate(view["seats"]):
        y = top + i * SEAT_H
        turn = seat["seat"] == view["turn"] and view["phase"] != "over"
        if turn:
            draw.rectangle((8, y, width - 8, y + SEAT_H - 4), fill=(255, 238, 170), outline=INK, width=2)
        cube_chip(draw, (16, y + 8, 56, y + 42), seat["colour"], None, 26)
        text = (f"{seat['name']}  {seat['score']} VP  (boarded {seat['boarded']}, goals {seat['goal_vp']} VP)"
                f"  hand {seat['hand_size']}")
        draw.text((68, y + 10), text, font=font(26), fill=INK)
        if turn:
            draw.text((width - 20, y + 12), "TO PLAY", font=font(24), fill=INK, anchor="ra")


def draw_footer(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, width: int) -> None:
    draw.line((0, top + 4, width, top + 4), fill=MUTED, width=3)
    _track(draw, view, top + 8, width)
    _seats(draw, view, top + 8 + TRACK_H, width)


def wrap(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> list[str]:
    return list(_wrapped(text, size, width))


@lru_cache(maxsize=256)
def _wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    """Measuring every trial line was half of a hand render, and there are only 30 card texts: wrap each once."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_size(trial, size)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)


def _tick(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A drawn check mark: the bundled font has no reliable tick glyph."""
    draw.line([(x, y + 12), (x + 10, y + 24), (x + 30, y)], fill="white", width=6)


def hand_image(view: dict[str, Any]) -> Image.Image:
    scratch = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_w = HAND_W - 80
    cards = []
    for c in view.get("hand", []):
        action = wrap(scratch, f"Action: {c['action']}", 26, text_w)
        goal = wrap(scratch, f"Goal: {c['goal']}", 26, text_w)
        cards.append((c, action, goal, 60 + 34 * (len(action) + len(goal)) + (44 if c["scorable"] else 0) + 20))
    height = 90 + sum(h + 16 for *_, h in cards) + (60 if not cards else 0)
    image = canvas((HAND_W, height))
    draw = pen(image)
    seat = view["seats"][view["you"]]
    draw.rectangle((0, 0, HAND_W, 72), fill=INK)
    title = f"Your hand: {seat['name']} ({CUBE_LETTER[seat['colour']]}, {seat['colour']}), "
    title += "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    draw.text((20, 18), fit(title, 32, HAND_W - 40), font=font(32), fill="white")
    y = 90
    if not cards:
        draw.text((20, y), "No cards in hand.", font=font(28), fill=INK)
    for c, action, goal, h in cards:
        draw.rounded_rectangle((16, y, HAND_W - 16, y + h), radius=12, fill="white", outline=INK, width=3)
        draw.text((36, y + 12), c["title"], font=font(30), fill=INK)
        draw.text((HAND_W - 36, y + 12), f"{c['vp']} VP", font=font(30), fill=INK, anchor="ra")
        ty = y + 56
        for line in action + goal:
            draw.text((36, ty), line, font=font(26), fill=INK)
            ty += 34
        if c["scorable"]:
            draw.rectangle((36, ty + 4, 420, ty + 40), fill=(30, 120, 50))
            _tick(draw, 48, ty + 10)
            draw.text((90, ty + 8), "SCORABLE NOW", font=font(26), fill="white")
        y += h + 16
    return image
