"""One player's Planecrafters hand, sent by DM: a pure function of that seat's view.

A phone shows the DM image about 400 px wide, so the hand is three large cards a row on an 800 px canvas (every text
at least 12 px tall there) rather than one long strip; a bigger hand takes more cards a row so that its smallest text
still shows at least 8 px tall (renderers/README.md).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, MUTED, canvas, fit, pen, text_width, to_png
from renderers.kit.rules import MIN_FONT, MIN_TEXT_PX, shown_cap_px, shown_scale
from renderers.planecrafters.style import BG, SLOT_NAMES, colour, hatch, ink_on, mark
from renderers.planecrafters.text import say

SMALL, TEXT, MARK = MIN_FONT, 28, 40
M, GAP = 16, 12
CARD_W, CARD_H, SHORT_H = 248, 176, 140
BAND = 64
HEADER = 86


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_image(view))


def hand_size(count: int) -> tuple[int, int, int, int]:
    """(columns, width, height, card height): as many cards a row as makes the hand largest where Discord shows it
    (at most 400 x 300), so three cards come two a row and five three a row, never one long strip. A Factory
    Manager's hand of more than 16 cards gets shorter cards (without the third line) to stay readable."""

    def size(cols: int, card_h: int) -> tuple[int, int]:
        rows = max(1, -(-count // cols))
        return 2 * M + cols * CARD_W + (cols - 1) * GAP, HEADER + rows * (card_h + GAP) + M - GAP

    candidates = [(c, h) for h in (CARD_H, SHORT_H) for c in range(2, max(2, count) + 1)]
    readable = [(c, h) for c, h in candidates if shown_cap_px(SMALL, size(c, h)) >= MIN_TEXT_PX]
    # Full cards whenever they can be read; the arrangement shown largest; fewer columns on a tie.
    pool = [o for o in readable if o[1] == CARD_H] or readable or candidates
    cols, card_h = max(pool, key=lambda o: (shown_scale(size(*o)), -o[0]))
    return cols, *size(cols, card_h), card_h


def hand_image(view: dict[str, Any]) -> Image.Image:
    cards = view.get("hand") or []
    cols, width, height, card_h = hand_size(len(cards))
    img = canvas((width, height), BG)
    d = pen(img)
    seat = int(view["seat"])
    seats = view.get("seats") or []
    entry = seats[seat] if 0 <= seat < len(seats) else {}
    limit = entry.get("hand_limit")
    name = str(entry.get("name") or f"Player {seat + 1}")
    count = f"'s hand: {len(cards)} card{'s' if len(cards) != 1 else ''}"
    say(d, M, 24, fit(name, TEXT, width - 2 * M - text_width(count, TEXT)) + count, TEXT)
    if limit is not None:
        say(d, M, 62, f"you keep {limit} at Clean up", SMALL, MUTED)
    if not cards:
        d.rectangle((M, HEADER, width - M, HEADER + card_h), outline=MUTED, width=2)  # where cards would lie
        say(d, M + 12, HEADER + card_h / 2, "No cards in hand", TEXT, MUTED)
    for i, card in enumerate(cards):
        x = M + (i % cols) * (CARD_W + GAP)
        y = HEADER + (i // cols) * (card_h + GAP)
        hand_card(d, (x, y, x + CARD_W, y + card_h), card)
    return img


def hand_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any]) -> None:
    """A card: a band in the model's colour with its mark and slot, then the model's whole name and the slot's."""
    x0, y0, x1, y1 = box
    model = str(card.get("model") or "")
    slot = str(card.get("slot"))
    fill = colour(model)
    d.rectangle(box, fill=BG, outline=INK, width=2)
    band = (x0, y0, x1, y0 + BAND)
    d.rectangle(band, fill=fill, outline=INK, width=2)
    fg = ink_on(fill)
    cy = y0 + BAND / 2
    if model:
        say(d, x0 + 12, cy, mark(model) + ("*" if card.get("star") else ""), MARK, fg)
        lines = [(fit(model, TEXT, x1 - x0 - 24), TEXT), (SLOT_NAMES.get(slot, slot), TEXT)]
        if card.get("star"):
            lines.append(("* 5-part model", SMALL))
    else:
        hatch(d, (x0 + 2, y0 + 2, x1 - 2, y0 + BAND - 2))
        d.rectangle((x0 + 8, cy - 22, x0 + 84, cy + 22), fill=BG)
        say(d, x0 + 12, cy, mark(model), MARK, INK)
        lines = [("Spare Part", TEXT), ("fits any slot", TEXT), ("worth 1 crown", SMALL)]
    y = y0 + BAND + 6
    if y1 - y0 < CARD_H:  # a short card keeps the model and the slot
        lines = lines[:2]
    for text, size in lines:
        say(d, x0 + 12, y + 17, text, size, INK if size == TEXT else MUTED)
        y += 36
