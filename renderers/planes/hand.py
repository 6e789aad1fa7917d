"""A Planes player's hand, sent by DM: each card with its action (the name on a dark strip, then what it does) and its
goal (the name and points on a pale strip, then what it asks), and a band on every goal that could be scored now.

Same rules as the board (renderers/README.md): 1200 px wide and at most 900 tall, shown at 373 x 280, so no text
under MIN_FONT (37 px). A taller canvas would only be shown smaller, so that is all the room there is: about 19 lines
of 70 letters, some four cards' whole texts. Cards stand in columns, each under the shortest column, so cards of
different lengths waste no room, and the layout that shows the most text wins. Up to three cards show every word;
from four or five on, the longest texts end after a few lines in '…' (a column with room gives its cards more lines);
a very big hand shows its cards' names, points and bands only, and past some 24 cards as many as fit, scorable first.
Every word of every card is in the hand's description (describe.describe_hand): the picture's alt text and
`/game hand text:True`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.paint import INK, RGB, WHITE, canvas, fit, font, pen, text_width, to_png, wrap
from renderers.kit.rules import MIN_FONT, READ_FONT
from renderers.kit.shapes import chip
from renderers.planes.style import CUBE_FILL, CUBE_LETTER, CUBE_TEXT

WIDTH = 1200
MAX_HEIGHT = 900
SIZE = MIN_FONT
LINE = 43  # one line of SIZE text, 1.13 em: 5 px between a descender and the next capital
BASE = 35  # the baseline in a line's slot (its ink from BASE - 29 to BASE + 9)
# The cards' names and points, what a player looks for in a hand, are set larger: capitals 10 px at a phone's 400 px.
HEAD = READ_FONT
HEAD_LINE = 47
HEAD_BASE = 38  # its ink from HEAD_BASE - 31 to HEAD_BASE + 10
TOP = 58  # the heading bar
EDGE = 8  # canvas edge and the gap between cards
PAD = 6  # card border to its strips
TEXT_PAD = 12  # card border to its text
BAND = 48
SCORABLE: RGB = (30, 110, 50)
GOAL_FILL: RGB = (255, 238, 170)
MOST_COLUMNS = 4  # a fifth column would hold ten letters a line
# Lines kept of each text, tried from all of them down to one ('…' ends a cut text), then none (names only).
CAPS: tuple[int | None, ...] = (None, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)


@dataclass(frozen=True)
class Block:
    """One part of a card, top to bottom: a strip with a name ('action' dark, 'goal' pale with its points), lines of
    text, or the scorable band."""
    kind: str
    lines: tuple[str, ...] = ()
    right: str = ""
    size: int = SIZE  # a strip's: HEAD, or SIZE in a hand so big it shows the names alone

    @property
    def line(self) -> int:
        return HEAD_LINE if self.size == HEAD else LINE

    @property
    def height(self) -> int:
        if self.kind == "band":
            return BAND + 4
        if self.kind == "text":
            return len(self.lines) * LINE + 2 if self.lines else 0
        return len(self.lines) * self.line + 4


def _names(card: dict[str, Any]) -> tuple[str, str]:
    """'Extra Ticket / Quiet Corner': the action's name, then the goal's."""
    action, _, goal = str(card["title"]).partition(" / ")
    return action, goal or "Goal"


def _cut(lines: tuple[str, ...], most: int | None, width: float, size: int = SIZE) -> tuple[str, ...]:
    """At most `most` lines, the last one ending in '…' when text was left out."""
    if most is None or len(lines) <= most:
        return lines
    if most == 0:
        return ()
    # The next line is enough to fill the last one: fitting the whole rest would measure every character of it.
    return (*lines[:most - 1], fit(" ".join(lines[most - 1:most + 1]), size, width))


def _head_size(most: int) -> int:
    """HEAD for a card's names, or SIZE in the biggest hands (the names alone, on one line each)."""
    return HEAD if most > 1 else SIZE


def _heading(text: str, width: float, most: int) -> tuple[str, ...]:
    """A name on one line, or two when it is too long for a narrow column (one, cut with '…', in the biggest hands).
    Each line is fitted too: wrap leaves a single word longer than the width whole."""
    size = _head_size(most)
    return tuple(fit(line, size, width) for line in _cut(wrap(text, size, width), most, width, size))


def _goal_heading(name: str, vp: str, width: float, most: int) -> tuple[str, ...]:
    """The goal's name with room for its points at the right of its last line: on a line of their own below it when
    the name may take one more, or else beside its last line cut shorter."""
    lines, size = _heading(name, width, most), _head_size(most)
    room = width - 12 - text_width(vp, size)
    if text_width(lines[-1], size) <= room:
        return lines
    if len(lines) < most:
        return (*lines, "")
    return (*lines[:-1], fit(lines[-1], size, room))


def _blocks(card: dict[str, Any], width: float, most: int | None, name_most: int = 2) -> list[Block]:
    """The card's parts for a card `width` wide (its text `width - 2 * TEXT_PAD` wide), each text cut to `most`
    lines (None: whole) and each name to `name_most`."""
    inner = width - 2 * TEXT_PAD
    action, goal = _names(card)
    vp = f"{card['vp']} VP"
    size = _head_size(name_most)
    blocks = [Block("action", _heading(action, inner, name_most), size=size),
              Block("text", _cut(wrap(str(card["action"]), SIZE, inner), most, inner)),
              Block("goal", _goal_heading(goal, vp, inner, name_most), vp, size),
              Block("text", _cut(wrap(str(card["goal"]), SIZE, inner), most, inner))]
    if card.get("scorable"):
        blocks.append(Block("band"))
    return blocks


def _card_height(blocks: list[Block]) -> int:
    return 2 * PAD + sum(b.height for b in blocks)


def _kept(lines: tuple[str, ...], most: int | None) -> tuple[int, int]:
    """How many lines of a text stay under a cap, and about how many of its characters they show (with the space
    each line break takes, so that a text shown whole counts the same at every width)."""
    kept = lines if most is None else lines[:most]
    return len(kept), sum(len(line) + 1 for line in kept)


@dataclass(frozen=True)
class Measure:
    """One card at one column width before any cut: its texts' lines and the height of all the rest."""
    action: tuple[str, ...]
    goal: tuple[str, ...]
    rest: int

    def cut_to(self, most: int | None) -> tuple[int, int]:
        """The card's height and the characters of its texts it shows with each text cut to `most` lines."""
        height, shown = self.rest, 0
        for lines in (self.action, self.goal):
            count, chars = _kept(lines, most)
            height += count * LINE + 2 if count else 0
            shown += chars
        return height, shown


def _measure(card: dict[str, Any], width: float, name_most: int = 2) -> Measure:
    blocks = _blocks(card, width, 0, name_most)
    inner = width - 2 * TEXT_PAD
    return Measure(wrap(str(card["action"]), SIZE, inner), wrap(str(card["goal"]), SIZE, inner), _card_height(blocks))


@dataclass(frozen=True)
class Layout:
    columns: int
    width: float
    stacks: tuple[tuple[int, ...], ...]  # the cards (their indices in the hand) in each column, top to bottom
    blocks: tuple[tuple[Block, ...], ...]  # each card's parts
    height: int  # of the tallest column


def _pack(heights: list[int], columns: int) -> tuple[tuple[int, ...], ...]:
    """Each card, tallest first, under the shortest column; each column then keeps the hand's order."""
    stacks: list[list[int]] = [[] for _ in range(columns)]
    used = [0] * columns
    for i in sorted(range(len(heights)), key=lambda i: -heights[i]):
        col = used.index(min(used))
        stacks[col].append(i)
        used[col] += heights[i] + EDGE
    return tuple(tuple(sorted(s)) for s in stacks)


def _column_width(columns: int) -> float:
    return (WIDTH - (columns + 1) * EDGE) / columns


def _tallest(heights: list[int], stacks: tuple[tuple[int, ...], ...]) -> int:
    return max(sum(heights[i] + EDGE for i in s) - EDGE for s in stacks)


def _layout(cards: list[dict[str, Any]], columns: int, most: int | None, room: int, name_most: int = 2) -> Layout:
    """The cards packed by their height with every text cut to `most` lines; then the cut cards of each column get a
    line more each in turn while the column has room (a column of shorter cards shows more of them)."""
    width = _column_width(columns)
    measures = [_measure(c, width, name_most) for c in cards]
    packed = _pack([m.cut_to(most)[0] for m in measures], columns)
    caps = [most] * len(cards)
    for stack in packed:
        grown = True
        while grown:
            grown = False
            for i in stack:
                cap = caps[i]
                if cap is None or cap >= max(len(measures[i].action), len(measures[i].goal)):
                    continue
                used = sum(measures[j].cut_to(cap + 1 if j == i else caps[j])[0] + EDGE for j in stack) - EDGE
                if used <= room:
                    caps[i], grown = cap + 1, True
    blocks = tuple(tuple(_blocks(c, width, caps[i], name_most)) for i, c in enumerate(cards))
    # Columns left to right in the hand's order (a hand of up to `columns` cards reads as dealt).
    stacks = tuple(sorted((s for s in packed if s), key=min))
    return Layout(columns, width, stacks, blocks, _tallest([_card_height(list(b)) for b in blocks], stacks))


def _natural_columns(count: int) -> int:
    """As many columns as cards up to three (cards side by side, like a hand held), then two or three rows of them."""
    return count if count <= 3 else 2 if count == 4 else 3 if count <= 9 else 4


def arrange(cards: list[dict[str, Any]]) -> Layout:
    """The layout within MAX_HEIGHT that shows the most of the cards' texts, each text cut to the same number of
    lines (an action and a goal matter as much); among equals, the one nearest the natural number of columns, then
    the narrower. Names, points and the scorable band are always shown. Measured on line counts: only the layout
    chosen is cut and drawn."""
    room = MAX_HEIGHT - TOP - EDGE
    natural = _natural_columns(len(cards))
    best: tuple[tuple[int, int, int], int, int | None] | None = None
    for columns in range(1, min(len(cards), MOST_COLUMNS) + 1):
        measures = [_measure(c, _column_width(columns)) for c in cards]
        for most in CAPS:
            cut = [m.cut_to(most) for m in measures]
            heights = [h for h, _ in cut]
            if _tallest(heights, _pack(heights, columns)) > room:
                continue
            score = (-sum(shown for _, shown in cut), abs(columns - natural), columns)
            if best is None or score < best[0]:
                best = (score, columns, most)
            break  # fewer lines would only show less
    if best is None:  # a very big hand: the names alone, each on one line (20 cards fit, every one scorable)
        return _layout(cards, MOST_COLUMNS, 0, room, name_most=1)
    return _layout(cards, best[1], best[2], room)


def shown_cards(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every card, or in a hand too big for the picture even by the names alone (the rules set no hand limit; some
    24 cards fit) as many as fit, scorable ones first. The hand's description lists them all."""
    room = MAX_HEIGHT - TOP - EDGE
    heights = {id(c): _measure(c, _column_width(MOST_COLUMNS), 1).rest for c in cards}

    def fits(some: list[dict[str, Any]]) -> bool:
        sizes = [heights[id(c)] for c in some]
        return _tallest(sizes, _pack(sizes, MOST_COLUMNS)) <= room

    if fits(cards):
        return cards
    ordered = [c for c in cards if c.get("scorable")] + [c for c in cards if not c.get("scorable")]
    count = len(ordered)
    while count > 1 and not fits(ordered[:count]):
        count -= 1
    return ordered[:count]


def _tick(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A drawn check mark: the bundled font has no tick glyph."""
    draw.line([(x, y + 12), (x + 9, y + 22), (x + 26, y)], fill=WHITE, width=5)


def _card(draw: ImageDraw.ImageDraw, blocks: tuple[Block, ...], x: float, y: float, width: float) -> None:
    draw.rounded_rectangle((x, y, x + width, y + _card_height(list(blocks))), radius=10, fill=WHITE, outline=INK,
                           width=2)
    left, right = x + TEXT_PAD, x + width - TEXT_PAD
    top = y + PAD
    for block in blocks:
        if block.kind in ("action", "goal"):
            fill, ink = (INK, WHITE) if block.kind == "action" else (GOAL_FILL, INK)
            draw.rectangle((x + PAD, top, x + width - PAD, top + block.height - 2), fill=fill)
            base = HEAD_BASE if block.size == HEAD else BASE
            for i, line in enumerate(block.lines):
                draw.text((left, top + base + i * block.line), line, font=font(block.size), fill=ink, anchor="ls")
            if block.right:
                last = top + base + (len(block.lines) - 1) * block.line
                draw.text((right, last), block.right, font=font(block.size), fill=ink, anchor="rs")
        elif block.kind == "text":
            for i, line in enumerate(block.lines):
                draw.text((left, top + BASE + i * LINE), line, font=font(SIZE), fill=INK, anchor="ls")
        else:
            band = (x + PAD, top + 2, x + width - PAD, top + 2 + BAND)
            draw.rectangle(band, fill=SCORABLE)
            label_x = band[0] + 44 if text_width("scorable now", SIZE) + 44 <= band[2] - band[0] - 4 else left
            if label_x > left:
                _tick(draw, band[0] + 9, band[1] + 13)
            draw.text((label_x, band[1] + 38), "scorable now", font=font(SIZE), fill=WHITE, anchor="ls")
        top += block.height


def _heading_bar(draw: ImageDraw.ImageDraw, seat: dict[str, Any], count: int, shown: int) -> None:
    draw.rectangle((0, 0, WIDTH - 1, TOP - 8), fill=INK)
    colour = str(seat["colour"])
    chip(draw, (EDGE, 4, EDGE + 40, 46), CUBE_FILL[colour], CUBE_LETTER[colour], SIZE, CUBE_TEXT[colour], radius=5)
    cards = "1 card" if count == 1 else f"{count} cards" if shown == count else f"{count} cards, {shown} shown"
    head, tail = f"Your hand, {cards}: ", f" ({colour})"
    room = WIDTH - 2 * EDGE - 52 - text_width(head + tail, SIZE)
    draw.text((EDGE + 52, 40), f"{head}{fit(str(seat['name']), SIZE, room)}{tail}", font=font(SIZE), fill=WHITE,
              anchor="ls")


def hand_image(view: dict[str, Any]) -> Image.Image:
    cards = list(view.get("hand", []))
    seat = view["seats"][view["you"]]
    if not cards:
        image = canvas((WIDTH, TOP + LINE + EDGE))
        draw = pen(image)
        _heading_bar(draw, seat, 0, 0)
        draw.text((EDGE, TOP + BASE - 4), "No cards in hand.", font=font(SIZE), fill=INK, anchor="ls")
        return image
    shown = shown_cards(cards)
    layout = arrange(shown)
    image = canvas((WIDTH, TOP + layout.height + EDGE))
    draw = pen(image)
    _heading_bar(draw, seat, len(cards), len(shown))
    for col, stack in enumerate(layout.stacks):
        x = EDGE + col * (layout.width + EDGE)
        y: float = TOP
        for i in stack:
            _card(draw, layout.blocks[i], x, y, layout.width)
            y += _card_height(list(layout.blocks[i])) + EDGE
    return image


def render_hand(view: dict[str, Any]) -> bytes:
    return to_png(hand_image(view))
