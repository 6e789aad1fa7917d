"""A Planes player's hand, sent by DM: the cards side by side on a landscape canvas, each with its title, points,
action and goal, and a band on every goal that could be scored now. Same rules as the board (renderers/README.md):
1200 px wide, shown at 373, so no text under MIN_FONT (26 px); a bigger hand takes more columns and rows, and past
what fits in 900 px its longest texts are cut (ending in '…')."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, WHITE, canvas, fit, font, pen, text_width, to_png, wrap
from renderers.kit.rules import MIN_FONT
from renderers.planes.style import CHIP_H, CUBE_LETTER, cube_chip

WIDTH = 1200
MAX_HEIGHT = 900
TOP = 60
GAP = 12
LINE = 29
BAND = 40
SCORABLE = (30, 110, 50)


def _cut(lines: list[str], most: int | None, width: float) -> list[str]:
    """At most `most` lines, the last one ending in '…' when text was left out."""
    if most is None or len(lines) <= most:
        return lines
    return [*lines[:most - 1], fit(" ".join(lines[most - 1:]), MIN_FONT, width)]


def _card_lines(card: dict[str, Any], width: float, most: int | None) -> tuple[list[str], list[str]]:
    action = list(wrap(f"Action: {card['action']}", MIN_FONT, width))
    goal = list(wrap(f"Goal: {card['goal']}", MIN_FONT, width))
    return _cut(action, most, width), _cut(goal, most, width)


def _card_height(card: dict[str, Any], width: float, most: int | None) -> float:
    action, goal = _card_lines(card, width - 28, most)
    title = wrap(card["title"], 26, width - 28 - text_width(f"{card['vp']} VP", 26) - 10)
    return (14 + 32 * min(2, len(title)) + 6 + LINE * (len(action) + len(goal)) + 6
            + (BAND + 6 if card["scorable"] else 0) + 8)


# Layouts tried in order until the hand fits in MAX_HEIGHT: more columns first, then fewer lines per text (a cut
# text ends in '…'; the card's full text is in the choice's description when it is played).
LAYOUTS: tuple[tuple[int, int | None], ...] = ((3, None), (4, None), (4, 4), (4, 3), (5, 3), (5, 2), (6, 2), (6, 1))


def _arrange(cards: list[dict[str, Any]]) -> tuple[int, int | None, float, list[float]]:
    for cols, most in LAYOUTS:
        width = (WIDTH - 2 * GAP - (cols - 1) * GAP) / cols
        rows = [max(_card_height(c, width, most) for c in cards[i:i + cols]) for i in range(0, len(cards), cols)]
        if TOP + sum(r + GAP for r in rows) + GAP <= MAX_HEIGHT:
            break
    return cols, most, width, rows


def _tick(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A drawn check mark: the bundled font has no tick glyph."""
    draw.line([(x, y + 10), (x + 8, y + 19), (x + 24, y)], fill=WHITE, width=5)


def _card(draw: ImageDraw.ImageDraw, card: dict[str, Any], x: float, y: float, width: float, height: float,
          most: int | None) -> None:
    draw.rounded_rectangle((x, y, x + width, y + height), radius=10, fill=WHITE, outline=INK, width=3)
    vp = f"{card['vp']} VP"
    draw.text((x + width - 14, y + 12), vp, font=font(26), fill=INK, anchor="ra")
    title_w = width - 28 - text_width(vp, 26) - 10
    title = list(wrap(card["title"], 26, title_w))
    if len(title) > 2:
        title = [title[0], " ".join(title[1:])]
    ty = y + 12
    for line in title:
        draw.text((x + 14, ty), fit(line, 26, title_w), font=font(26), fill=INK)
        ty += 32
    ty += 6
    action, goal = _card_lines(card, width - 28, most)
    for line in action + goal:
        draw.text((x + 14, ty), line, font=font(MIN_FONT), fill=INK)
        ty += LINE
    if card["scorable"]:
        band = (x + 12, ty + 6, x + width - 12, ty + 6 + BAND)
        draw.rectangle(band, fill=SCORABLE)
        _tick(draw, band[0] + 10, band[1] + 10)
        draw.text((band[0] + 46, band[1] + 8), "scorable now", font=font(MIN_FONT), fill=WHITE)


def hand_image(view: dict[str, Any]) -> Image.Image:
    cards = list(view.get("hand", []))
    cols, most, width, rows = _arrange(cards)
    height = int(TOP + sum(r + GAP for r in rows) + GAP) if cards else TOP + 60
    image = canvas((WIDTH, height))
    draw = pen(image)
    seat = view["seats"][view["you"]]
    draw.rectangle((0, 0, WIDTH - 1, TOP - 8), fill=INK)
    cube_chip(draw, (GAP, 10, GAP + 26, 10 + CHIP_H), seat["colour"])
    count = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    tail = f" ({CUBE_LETTER[seat['colour']]}, {seat['colour']}), {count}"
    name = fit(seat["name"], 28, WIDTH - 2 * GAP - 40 - text_width(f"Your hand: {tail}", 28))
    draw.text((GAP + 38, 10), f"Your hand: {name}{tail}", font=font(28), fill=WHITE)
    if not cards:
        draw.text((GAP, TOP + 10), "No cards in hand.", font=font(28), fill=INK)
    y: float = TOP
    for r, row_h in enumerate(rows):
        for i, card in enumerate(cards[r * cols:(r + 1) * cols]):
            _card(draw, card, GAP + i * (width + GAP), y, width, row_h, most)
        y += row_h + GAP
    return image


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_image(view))
