"""One player's Planecrafters hand, sent by DM: a pure function of that seat's view.

The hand is laid out in units of its own font: cards a few to a row, each as wide as its longest line, the canvas at
most 800 x 600 (shown about half size in a 400 px column) and its font the smallest whose capitals are still 8 px tall
where the canvas is shown (renderers/README.md: `min_font_px` of the canvas). A long hand takes more cards a row,
then shorter cards without their third line (what the star means, a Spare Part's worth: the star itself stays, and
the hand in words says both), so its text never shrinks below that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, MUTED, canvas, fit, pen, text_width, to_png
from renderers.kit.rules import min_font_px, shown_scale
from renderers.planecrafters.style import BG, MODEL_COLOURS, SLOT_NAMES, colour, hatch, ink_on, mark
from renderers.planecrafters.text import ink_size, say, say_centred

MAX_W, MAX_H = 800, 600  # shown at least half size in a 400 px column, and as sharp as the old hand
PAD = 0.3  # a card's text from its edges, in fonts
STAR_NOTE, SPARE = "* 5-part model", ("Spare Part", "fits any slot", "worth 1 crown")
# What a card's lines say at the most: its width is the widest of them.
CARD_TEXTS = (*MODEL_COLOURS, *SLOT_NAMES.values(), STAR_NOTE, *SPARE)


@dataclass(frozen=True)
class Layout:
    """A hand's arrangement: cards a row, full or short cards, the header's lines, the font, and the canvas."""

    cols: int
    short: bool
    header_lines: int
    font: int
    width: int
    height: int

    @property
    def margin(self) -> int:
        return round(0.35 * self.font)

    @property
    def gap(self) -> int:
        return round(0.3 * self.font)

    @property
    def line(self) -> int:
        return round(1.1 * self.font)

    @property
    def band(self) -> int:
        return round(1.5 * self.font)

    @property
    def mark(self) -> int:
        return round(1.2 * self.font)

    @property
    def card_w(self) -> int:
        return _card_w(self.font)

    @property
    def card_h(self) -> int:
        return self.band + (2 if self.short else 3) * self.line + round(0.2 * self.font)

    @property
    def header(self) -> int:
        return self.header_lines * self.line + self.gap


@cache
def _card_w(font: int) -> int:
    # The padding as hand_card rounds it, and the width rounded up: rounded to the nearest pixel, the widest name
    # ("Puddle Jumper" at 32 px) lost a pixel to it and was cut to "Puddle Jump…".
    return math.ceil(max(text_width(t, font) for t in CARD_TEXTS)) + 2 * round(PAD * font) + 1


def _arranged(cols: int, rows: int, short: bool, header_lines: int, font: int) -> Layout:
    probe = Layout(cols, short, header_lines, font, 0, 0)
    width = 2 * probe.margin + cols * probe.card_w + (cols - 1) * probe.gap
    height = probe.margin + probe.header + rows * probe.card_h + (rows - 1) * probe.gap + probe.margin
    return Layout(cols, short, header_lines, font, width, height)


@cache
def hand_layout(count: int) -> Layout:
    """The arrangement shown largest where Discord shows it: for each choice of cards a row, card length and header,
    the largest font whose canvas stays within MAX_W x MAX_H, kept if that font is readable on that canvas. Full
    cards and a two-line header whenever they can be read; fewer columns on a tie."""
    options = []
    for short in (False, True):
        for header_lines in (2, 1):
            for cols in range(2, max(2, count) + 1):
                rows = max(1, -(-count // cols))
                font = max((f for f in range(12, 80) if _fits(_arranged(cols, rows, short, header_lines, f))),
                           default=12)
                layout = _arranged(cols, rows, short, header_lines, font)
                if min_font_px((layout.width, layout.height)) <= font:
                    options.append(layout)
        if options:
            break
    if not options:
        raise ValueError(f"no readable layout for a hand of {count} cards")
    two_lines = [o for o in options if o.header_lines == 2] or options
    return max(two_lines, key=lambda o: (o.font * shown_scale((o.width, o.height)), -o.cols))


def _fits(layout: Layout) -> bool:
    return layout.width <= MAX_W and layout.height <= MAX_H


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_image(view))


def hand_image(view: dict[str, Any]) -> Image.Image:
    cards = view.get("hand") or []
    layout = hand_layout(len(cards))
    img = canvas((layout.width, layout.height), BG)
    d = pen(img)
    _header(d, view, layout, len(cards))
    top = layout.margin + layout.header
    if not cards:
        box = (layout.margin, top, layout.width - layout.margin, top + layout.card_h)
        d.rectangle(box, outline=MUTED, width=2)  # where cards would lie
        say(d, box[0] + layout.margin, (box[1] + box[3]) / 2, "No cards in hand", layout.font, MUTED)
    for i, card in enumerate(cards):
        x = layout.margin + (i % layout.cols) * (layout.card_w + layout.gap)
        y = top + (i // layout.cols) * (layout.card_h + layout.gap)
        hand_card(d, (x, y, x + layout.card_w, y + layout.card_h), card, layout)
    return img


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], layout: Layout, count: int) -> None:
    seat = int(view["seat"])
    seats = view.get("seats") or []
    entry = seats[seat] if 0 <= seat < len(seats) else {}
    limit = entry.get("hand_limit")
    name = str(entry.get("name") or f"Player {seat + 1}")
    font, room = layout.font, layout.width - 2 * layout.margin
    tail = f"'s hand: {count} card{'s' if count != 1 else ''}"
    keep = "" if limit is None else f"you keep {limit} at Clean up"
    if layout.header_lines == 1 and keep:
        tail += f" · keep {limit}"
    y = layout.margin + layout.line / 2
    if layout.header_lines == 2 and keep and text_width(name + tail, font) > room:
        # A long name takes the first line whole, and the count joins the second, which has the room.
        cards = f"{count} card{'s' if count != 1 else ''}"
        say(d, layout.margin, y, fit(name, font, room), font)
        say(d, layout.margin, y + layout.line, fit(f"{cards} in hand; {keep}", font, room), font, MUTED)
        return
    say(d, layout.margin, y, fit(name, font, room - text_width(tail, font)) + tail, font)
    if layout.header_lines == 2 and keep:
        say(d, layout.margin, y + layout.line, keep, font, MUTED)


def hand_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any], layout: Layout) -> None:
    """A card: a band in the model's colour with its mark, then the model's whole name and the slot's."""
    x0, y0, x1, y1 = box
    font, pad = layout.font, round(PAD * layout.font)
    model = str(card.get("model") or "")
    slot = str(card.get("slot"))
    fill = colour(model)
    d.rectangle(box, fill=BG, outline=INK, width=2)
    d.rectangle((x0, y0, x1, y0 + layout.band), fill=fill, outline=INK, width=2)
    cy = y0 + layout.band / 2
    if model:
        say(d, x0 + pad, cy, mark(model) + ("*" if card.get("star") else ""), layout.mark, ink_on(fill))
        lines = [(model, INK), (SLOT_NAMES.get(slot, slot), INK)]
        if card.get("star"):
            lines.append((STAR_NOTE, MUTED))
    else:
        hatch(d, (x0 + 2, y0 + 2, x1 - 2, y0 + layout.band - 2))
        # The mark sits on a paper patch so the hatching never runs through its letters.
        width, height = ink_size(mark(model), layout.mark)
        d.rectangle((x0 + pad - 6, cy - height / 2 - 5, x0 + pad + width + 6, cy + height / 2 + 5), fill=BG)
        say_centred(d, x0 + pad + width / 2, cy, mark(model), layout.mark, INK)
        lines = [(SPARE[0], INK), (SPARE[1], INK), (SPARE[2], MUTED)]
    if layout.short:  # a short card keeps the model and the slot; the star on the band stays
        lines = lines[:2]
    y = y0 + layout.band + round(0.1 * font) + layout.line / 2
    for text, ink in lines:
        say(d, x0 + pad, y, fit(text, font, x1 - x0 - 2 * pad), font, ink)
        y += layout.line
