"""The Planecrafters board posted in the channel: a pure function of the public view (engine.planecrafters.view).

Laid out for the size Discord shows it (renderers/README.md): a 1200 x 900 canvas shown at 373 x 280, so no text is
smaller than MIN_FONT (37 px, capitals 8 px tall where shown). The canvas then holds about twenty lines of text, so
every part takes the whole width and says its figures in few words:

- each factory is a band (name, crowns, hand, sales) over its planes: one plane a row with the staff beside them, or
  two a row with the staff under them, whichever is lower (a Factory Manager's many planes); on a board too crowded
  for that, an odd plane out shares its row with the staff (its factory's planes numbered "7" for the room);
- at the bottom, always in the same place: the awards as they stand ("everyone" for a tie of all), the Parts
  Depot's row with the stack's count, and the employees still for hire down three columns in tier order (those hired
  out are left off, as the board in words leaves them off);
- between them, a key to the models the picture shows while there is room for it (the hand and the board in words
  name every model in full).

What never changes between moves (the paper and the header band) is drawn once (kit.layer.static_layer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.planecrafters.data import employee_name
from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, WHITE, canvas, fit, pen, text_width, to_png, wrap
from renderers.kit.rules import MIN_FONT, READ_FONT
from renderers.planecrafters.style import (
    BAND,
    BG,
    LINE,
    MODEL_COLOURS,
    SLOT_ORDER,
    SLOT_SHORT,
    STARRED,
    colour,
    hatch,
    ink_on,
    mark,
    part_cell,
)
from renderers.planecrafters.text import ink_size, say, say_centred

W, H = 1200, 900
# MIN_FONT: capitals 8 px tall where 1200 px are shown 373 wide. What a table reads most (whose turn, each name and
# its crowns) is set in READ_FONT: capitals 10 px tall at a phone's 400 px.
SMALL, TITLE = MIN_FONT, READ_FONT
M = 16
RIGHT = W - M
HEADER_H = 54  # a READ_FONT title in any script
TOP = HEADER_H + 6
BOTTOM = 8  # under the last row of employees, whose line has its own room below the letters
ROW = 40  # one line of SMALL text
BAND_H = 52  # a READ_FONT name in any script, its marks above and below
BAND_TIGHT = 44  # a MIN_FONT one, on a crowded board
FACTORY_GAP = 6
CELL_W, CELL_H, CELL_GAP = 74, 46, 3  # the widest mark ("MM") with room either side
READ_CELL_W = 80  # the widest mark in READ_FONT ("MM", 76 px)
CAPTION = round(text_width("plane 10", SMALL)) + 12
PLANE_W = CAPTION + 5 * CELL_W + 4 * CELL_GAP
BESIDE_X = M + PLANE_W + 28  # the staff beside a single column of planes
# A crowded board's factory of many planes may number its planes ("7", not "plane 7") for the staff to sit beside the
# last one when it is alone on its row.
NUMBER = round(text_width("10", SMALL)) + 14
# The bottom block: the Depot's four cards in a row, then the employees for hire in three columns by tier.
DEPOT_LABEL = round(text_width("Depot", SMALL)) + 16
DEPOT_GAP = 12
DEPOT_CARD_W = 176  # "SW*" and "RW"
DEPOT_CARD_H = 48
TIER_GAP = 40
TIER_W = (RIGHT - M - 2 * TIER_GAP) // 3
KEY_W = 383  # three models a row
# Models in the deck by player count (data/planecrafters/parts.toml: `players`).
MODELS_FROM = {"Moth Major": 3, "Gilded Goose": 3, "Saucy Pelican": 4, "Iron Kite": 4}


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


@dataclass(frozen=True)
class Plan:
    """How the board fits the canvas: with the model key or not, the awards on one line or as many as they need,
    factories and the Depot spaced roomily or tightly, the staff of a factory of many planes under them or (dense)
    beside the last one, and the canvas height (taller than H only when nothing else fits)."""

    key: bool = True
    one_line_awards: bool = False
    tight: bool = False
    dense: bool = False
    plain: bool = False  # the parts' marks in MIN_FONT, in narrower cells
    small: bool = False  # the factories' names and crowns in MIN_FONT as well, as the rest
    height: int = H

    @property
    def band(self) -> int:
        return BAND_TIGHT if self.small else BAND_H  # never less: a member's name in any script needs all of it

    @property
    def cell_w(self) -> int:
        return CELL_W if self.plain or self.small else READ_CELL_W

    @property
    def mark(self) -> int:
        """The size of a part's model mark on a plane."""
        return SMALL if self.plain or self.small else TITLE

    @property
    def read(self) -> int:
        """The size of each factory's name and crowns: READ_FONT, or MIN_FONT on a board too crowded for it."""
        return SMALL if self.small else TITLE

    @property
    def under_band(self) -> int:
        """The gap between a factory's band and its planes (a tight board gives it up, not the band's height)."""
        return 0 if self.tight else 4

    @property
    def cell(self) -> int:
        return CELL_H - 4 if self.tight else CELL_H

    @property
    def plane_row(self) -> int:
        return self.cell + (4 if self.tight else 6)

    @property
    def line(self) -> int:
        return ROW - 2 if self.tight else ROW

    @property
    def depot(self) -> int:
        """The Depot's row: its cards' height and the room under them for the rule that closes the row."""
        return self.card + (10 if self.tight else 12)

    @property
    def card(self) -> int:
        return DEPOT_CARD_H - 6 if self.tight else DEPOT_CARD_H


def board_image(view: dict[str, Any]) -> Image.Image:
    plan = _plan(view)
    img = _static(plan.height)
    d = pen(img)
    _header(d, view)
    y = TOP
    for seat in view["seats"]:
        y = _factory(d, y, seat, view, plan)
    if plan.key:
        _key(d, y, view)
    bottom = plan.height - BOTTOM - _bottom_height(view, plan)
    _depot(d, bottom, view, plan)
    _pool(d, bottom + plan.depot, view, plan)
    y = bottom - len(_award_lines(view, plan).lines) * plan.line - 4
    _awards(d, y, view, plan)
    _objectives(d, y - _objectives_height(view, plan), view, plan)
    return img


def _height(view: dict[str, Any], plan: Plan) -> int:
    return (TOP + sum(_factory_height(s, plan) for s in view["seats"]) + (_key_height(view) if plan.key else 0)
            + _objectives_height(view, plan) + len(_award_lines(view, plan).lines) * plan.line + 4
            + _bottom_height(view, plan) + BOTTOM)


def _plan(view: dict[str, Any]) -> Plan:
    """The roomiest layout that fits 1200 x 900: first the model key goes (the hand and the board in words name the
    models), then the awards share one line (names cut shorter: the factories' bands and the board in words name
    them), then everything draws a little closer, then the parts' marks and then the factories' names and crowns give
    up their larger type, then a factory of many planes puts its staff beside the last one.
    Factories too big even then make the canvas taller, never cut (a taller canvas is shown smaller)."""
    plans = (Plan(), Plan(key=False), Plan(key=False, one_line_awards=True),
             Plan(key=False, one_line_awards=True, tight=True),
             Plan(key=False, one_line_awards=True, tight=True, plain=True),
             Plan(key=False, one_line_awards=True, tight=True, small=True),
             Plan(key=False, one_line_awards=True, tight=True, small=True, dense=True))
    for plan in plans:
        if _height(view, plan) <= H:
            return plan
    return Plan(key=False, one_line_awards=True, tight=True, small=True, dense=True, height=_height(view, plans[-1]))


# -- drawn once ----------------------------------------------------------------------------------------------------


@static_layer()
def _static(height: int) -> Image.Image:
    img = canvas((W, height), BG)
    pen(img).rectangle((0, 0, W - 1, HEADER_H), fill=BAND)
    return img


# -- the header ----------------------------------------------------------------------------------------------------


def _name(view: dict[str, Any], seat: int) -> str:
    """The seat's name as the view gives it (the bot fills in members' names), else its number."""
    seats = view.get("seats") or []
    entry = seats[seat] if 0 <= seat < len(seats) else {}
    return str(entry.get("name") or f"Player {seat + 1}")


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    right: float = RIGHT
    if view["ending"] and not view["over"]:
        tag = "Last round"
        width = text_width(tag, SMALL) + 20
        box = (right - width, 6, right, HEADER_H - 6)
        d.rectangle(box, fill=(170, 30, 30), outline=INK, width=2)
        say(d, box[0] + 10, HEADER_H / 2, tag, SMALL, WHITE)
        right = box[0]
    room = right - M - 24
    if view["over"]:
        title = "Planecrafters: game over"
    else:
        step = f"'s turn: {view['step_name']}"
        head = f"Round {view['round']} · "
        who = fit(_name(view, view["turn"]), TITLE, room - text_width(head + step, TITLE))
        title = head + who + step
    say(d, M, HEADER_H / 2, fit(title, TITLE, room), TITLE)


# -- the factories -------------------------------------------------------------------------------------------------


def _staff_text(s: dict[str, Any]) -> str:
    """The staff by the names the buttons and the log give them (engine.planecrafters.data.employee_name)."""
    counts: dict[str, int] = {}
    for kind in s["employees"]:
        counts[kind] = counts.get(kind, 0) + 1
    names = [employee_name(k) + (f" x{n}" if n > 1 else "") for k, n in counts.items()]
    return "Staff: " + (", ".join(names) if names else "none")


@dataclass(frozen=True)
class Shape:
    """How one factory's planes and staff are placed: planes a row, their captions' width ("plane 7" or "7"), the
    staff lines, where the first one starts (x, and its row's top under the band), and the height under the band."""

    per_row: int
    caption: int
    staff: tuple[str, ...]
    staff_at: tuple[int, int]
    body: int
    cell_w: int = CELL_W

    @property
    def plane_w(self) -> int:
        return self.caption + 5 * self.cell_w + 4 * CELL_GAP

    def column(self, p: int) -> int:
        """The left edge of plane p (from 0): a second column ends at the right margin."""
        return M if p % self.per_row == 0 else RIGHT - self.plane_w


def _shape(s: dict[str, Any], plan: Plan) -> Shape:
    """One plane a row with the staff beside them, or two a row with the staff under them, or (on a dense board, an
    odd number of planes) two a row with the staff beside the last, captioned "plane 7" or, for more room, "7":
    the lowest, the roomier first among equals."""
    planes = max(1, len(s["planes"]))
    rows = -(-planes // 2)
    text = _staff_text(s)

    def lines_h(lines: tuple[str, ...]) -> int:  # the first line sits level with a plane, the rest a line apart
        return (len(lines) - 1) * plan.line + plan.cell + 2

    cell_w = plan.cell_w
    beside_x = BESIDE_X + 5 * (cell_w - CELL_W)
    beside = wrap(text, SMALL, RIGHT - beside_x)
    shapes = [Shape(1, CAPTION, beside, (beside_x, 0), max(planes * plan.plane_row, lines_h(beside)), cell_w)]
    under = wrap(text, SMALL, RIGHT - M)
    shapes.append(Shape(2, CAPTION, under, (M, rows * plan.plane_row), rows * plan.plane_row + lines_h(under),
                        cell_w))
    if plan.dense and planes % 2 and planes > 1:
        for caption in (CAPTION, NUMBER):
            x = M + caption + 5 * cell_w + 4 * CELL_GAP + 28
            last = wrap(text, SMALL, RIGHT - x)
            top = (rows - 1) * plan.plane_row
            shapes.append(Shape(2, caption, last, (x, top), top + max(plan.plane_row, lines_h(last)), cell_w))
    return min(shapes, key=lambda shape: shape.body)  # min keeps the first of equals


def _factory_height(s: dict[str, Any], plan: Plan) -> int:
    return plan.band + plan.under_band + _shape(s, plan).body + (FACTORY_GAP - 4 if plan.tight else FACTORY_GAP)


def _figures(s: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
    """The score a table reads first (set large), and the rest of the band's figures."""
    sold = f"sold {_count(s['parts_sold'], 'part')}, {_count(s['planes_sold'], 'plane')}"
    if view.get("scores"):  # the hand no longer matters once the game is over
        return f"final {view['scores'][int(s['seat'])]}", f" · {_count(s['crowns'], 'crown')} · {sold}"
    return _count(s['crowns'], 'crown'), f" · hand {s['hand_count']} · {sold}"


def _factory(d: ImageDraw.ImageDraw, y: int, s: dict[str, Any], view: dict[str, Any], plan: Plan) -> int:
    """One player's factory: name, crowns, hand and sales on a band, then the planes and the staff."""
    end = y + _factory_height(s, plan)
    seat = int(s["seat"])
    active = seat == view["turn"] and not view["over"]
    d.rectangle((M, y, RIGHT, y + plan.band), fill=INK if active else BAND)
    fg = WHITE if active else INK
    cy = y + plan.band / 2
    if active:  # a pointer as well as the dark band: whose turn it is never rests on shading alone
        d.polygon([(M + 8, cy - 11), (M + 26, cy), (M + 8, cy + 11)], fill=WHITE)
    score, rest = _figures(s, view)
    right = say(d, RIGHT - 10, cy, rest, SMALL, fg, align="right")
    right = say(d, right, cy, score, plan.read, fg, align="right")
    say(d, M + 34, cy, fit(_name(view, seat), plan.read, right - M - 34 - 24), plan.read, fg)
    y += plan.band + plan.under_band
    shape = _shape(s, plan)
    for p, plane in enumerate(s["planes"] or [{}]):
        _plane(d, shape, shape.column(p), y + (p // shape.per_row) * plan.plane_row, p + 1, plane, plan.cell,
               plan.mark)
    x, top = shape.staff_at
    for i, line in enumerate(shape.staff):
        say(d, x, y + top + i * plan.line + plan.cell / 2, line, SMALL)
    return end


def _plane(d: ImageDraw.ImageDraw, shape: Shape, x: float, top: float, number: int, plane: dict[str, Any],
           height: int, size: int) -> None:
    """A plane's row of slots: a part's model mark in `size` (what a player builds on and sells), an empty slot's
    short name in SMALL."""
    say(d, x + 2, top + height / 2, f"plane {number}" if shape.caption == CAPTION else str(number), SMALL, MUTED)
    x += shape.caption
    for i, slot in enumerate(SLOT_ORDER):
        cx = round(x + i * (shape.cell_w + CELL_GAP))
        part = plane.get(slot)
        part_cell(d, (cx, top, cx + shape.cell_w, top + height), part, slot, size if part else SMALL)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- the objectives (a variant) and the awards ---------------------------------------------------------------------


def _objective_lines(view: dict[str, Any]) -> list[str]:
    return [line for o in view.get("objectives") or []
            for line in wrap(f"Objective, +{o['crowns']} crowns: {o['text']}", SMALL, RIGHT - M)]


def _objectives_height(view: dict[str, Any], plan: Plan) -> int:
    lines = _objective_lines(view)
    return len(lines) * plan.line + 4 if lines else 0


def _objectives(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any], plan: Plan) -> None:
    for text in _objective_lines(view):
        say(d, M, y + plan.line / 2, text, SMALL)
        y += plan.line


Award = tuple[str, list[int], str]


def _award_list(view: dict[str, Any], short: bool = False) -> list[Award]:
    """Who would take each award if the game ended now (players who tie share it); `short` leaves "plane" out of the
    Distinction's figure."""
    items: list[Award] = []
    for kind in ("industry", "enterprise"):
        items.append((kind.title(), [int(s) for s in view["awards"].get(kind) or {}], ""))
    dist = view.get("distinction")
    items.append(("Distinction", [] if dist is None else [int(dist["seat"])],
                  "" if dist is None else f" ({'' if short else 'plane '}worth {dist['value']})"))
    return items


def _award_texts(view: dict[str, Any], items: list[Award], room: float) -> tuple[list[str], float]:
    """The awards as texts whose names are cut to share `room` (joined by " · "), and the width each name was given:
    a short name leaves the rest of its share to the long ones."""
    named = [(award, seats, extra) for award, seats, extra in items if seats and not _everyone(view, seats)]
    fixed = sum(text_width(f"{award}: {_who(view, seats, 0)}{extra}", SMALL) for award, seats, extra in items
                if (award, seats, extra) not in named)
    fixed += sum(text_width(f"{award}: {extra}", SMALL) + (len(seats) - 1) * text_width(", ", SMALL)
                 for award, seats, extra in named)
    widths = sorted(text_width(_name(view, s), SMALL) for _award, seats, _extra in named for s in seats)
    left, share = room - fixed - (len(items) - 1) * text_width(" · ", SMALL), 250.0
    for i, width in enumerate(widths):  # the widest share that still lets every name have what it needs
        share = min(250.0, left / (len(widths) - i))
        if width > share:
            break
        left -= width
    texts = [f"{award}: " + _who(view, seats, share) + extra for award, seats, extra in items]
    return texts, share


def _everyone(view: dict[str, Any], seats: list[int]) -> bool:
    """Every player shares the award (a tie of all, often in a close game): one word says it, no names to cut."""
    return len(seats) > 1 and len(seats) == len(view["seats"])


def _who(view: dict[str, Any], seats: list[int], share: float) -> str:
    if not seats:
        return "nobody yet"
    if _everyone(view, seats):
        return EVERYONE
    return ", ".join(fit(_name(view, s), SMALL, share) for s in seats)


AWARDS_LABEL = "Awards now: "
EVERYONE = "everyone"
AWARD_NAME_MIN = round(text_width("Bar…", SMALL)) + 4  # a name cut shorter than "Bar…" no longer says who


@dataclass(frozen=True)
class AwardLines:
    labelled: bool
    lines: list[list[str]]


def _award_lines(view: dict[str, Any], plan: Plan) -> AwardLines:
    """The awards on one line without their label when the plan asks and every name keeps a few letters; else
    after their label, as many to a line as fit, each whole on its line."""
    if plan.one_line_awards:
        texts, share = _award_texts(view, _award_list(view, short=True), RIGHT - M - 2)
        if share >= AWARD_NAME_MIN and text_width(" · ".join(texts), SMALL) <= RIGHT - M - 2:
            return AwardLines(False, [texts])
    lines: list[list[str]] = [[]]
    used = text_width(AWARDS_LABEL, SMALL)
    for item in _award_list(view):
        text = _award_texts(view, [item], RIGHT - M - text_width(AWARDS_LABEL, SMALL))[0][0]
        width = text_width(text, SMALL) + (text_width(" · ", SMALL) if lines[-1] else 0)
        if lines[-1] and used + width > RIGHT - M:
            lines.append([])
            used, width = 0, text_width(text, SMALL)
        lines[-1].append(text)
        used += width
    return AwardLines(True, lines)


def _awards(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any], plan: Plan) -> None:
    awards = _award_lines(view, plan)
    for i, items in enumerate(awards.lines):
        label = "Awards: " if view["over"] else AWARDS_LABEL
        x = say(d, M, y + plan.line / 2, label, SMALL, MUTED) if i == 0 and awards.labelled else M
        for j, item in enumerate(items):
            if j:
                x = say(d, x, y + plan.line / 2, " · ", SMALL, MUTED)
            x = say(d, x, y + plan.line / 2, item, SMALL)
        y += plan.line


# -- the employees for hire and the Depot --------------------------------------------------------------------------


def _for_hire(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The employees still for hire, in the catalogue's order (by tier)."""
    return [e for e in view["pool"] if int(e["left"])]


def _pool_rows(view: dict[str, Any]) -> int:
    return max(1, -(-len(_for_hire(view)) // 3))


def _bottom_height(view: dict[str, Any], plan: Plan) -> int:
    return plan.depot + plan.line + _pool_rows(view) * plan.line


def _hire_entry(entry: dict[str, Any]) -> tuple[str, str, str]:
    left = int(entry["left"])
    # Named as the buttons and the log name it ("Factory Manager", not a cut "Factory Mgr").
    return f"T{entry['tier']}", str(entry["name"]) + (f" x{left}" if left > 1 else ""), str(entry["cost"])


TIER_NAME_GAP = 12  # between a row's tier and its name
MIN_TIER_GAP = 24  # the least room between two columns of the table
NAME_COST_GAP = 16  # the least room between a name and its cost


def _pool_columns(entries: list[dict[str, Any]], rows: int) -> list[tuple[float, float]]:
    """Each column's left edge and width: equal thirds when every row fits one; else each as wide as its widest
    row needs, the columns closer together and the room left shared out, so a long name ("Jack of all Trades")
    takes room a column of short ones does not need (and is cut, as a last resort, only when nothing else fits)."""
    columns = max(1, -(-len(entries) // rows))
    need = [0.0] * columns
    for i, entry in enumerate(entries):
        tier, name, cost = _hire_entry(entry)
        width = (text_width(tier, SMALL) + TIER_NAME_GAP + text_width(name, SMALL) + NAME_COST_GAP
                 + text_width(cost, SMALL))
        need[i // rows] = max(need[i // rows], width)
    even = [(float(M + c * (TIER_W + TIER_GAP)), float(TIER_W)) for c in range(columns)]
    if all(n <= TIER_W for n in need) or columns < 2:
        return even
    free = RIGHT - M - sum(need)
    gap = min(TIER_GAP, free / (columns - 1))
    if gap < MIN_TIER_GAP:
        return even
    spare = (free - gap * (columns - 1)) / columns
    placed, x = [], float(M)
    for n in need:
        placed.append((x, n + spare))
        x += n + spare + gap
    return placed


def _pool(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any], plan: Plan) -> None:
    """The employees for hire down three columns: tier, name ("x2" where both copies of a tier 1 are still free)
    and cost."""
    entries = _for_hire(view)
    rows = _pool_rows(view)
    columns = _pool_columns(entries, rows)
    for col, (x, width) in enumerate(columns):
        if col == 0:
            say(d, x, y + plan.line / 2, "For hire", SMALL, MUTED)
        say(d, x + width, y + plan.line / 2, "cost", SMALL, MUTED, align="right")
    if not entries:
        say(d, M, y + plan.line + plan.line / 2, "nobody: every employee is hired", SMALL, MUTED)
    for i, entry in enumerate(entries):
        x, width = columns[i // rows]
        cy = y + plan.line + (i % rows) * plan.line + plan.line / 2
        tier, name, cost = _hire_entry(entry)
        after = say(d, x, cy, tier, SMALL, MUTED) + TIER_NAME_GAP
        room = x + width - text_width(cost, SMALL) - NAME_COST_GAP - after
        say(d, after, cy, fit(name, SMALL, room), SMALL)
        say(d, x + width, cy, cost, SMALL, align="right")


def _depot(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any], plan: Plan) -> None:
    """The Parts Depot's face-up cards in a row; the line under them starts the employees."""
    cy = y + plan.card / 2
    say(d, M, cy, "Depot", SMALL, MUTED)
    for i, card in enumerate(view["depot"][:4]):
        x = M + DEPOT_LABEL + i * (DEPOT_CARD_W + DEPOT_GAP)
        depot_card(d, (x, y, x + DEPOT_CARD_W, y + plan.card), card)
    say(d, RIGHT, cy, f"stack: {_count(view['stack'], 'card')}", SMALL, MUTED, align="right")
    rule = y + plan.card + (plan.depot - plan.card) // 2
    d.line((M, rule, RIGHT, rule), fill=LINE, width=2)


def depot_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any] | None) -> None:
    """A face-up card: its model's mark (with * for a five-part model) and its slot."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    if card is None:
        d.rectangle(box, fill=BG, outline=LINE, width=2)
        say(d, x0 + 10, cy, "empty", SMALL, MUTED)
        return
    model = str(card.get("model") or "")
    fill = colour(model)
    d.rectangle(box, fill=fill, outline=INK, width=2)
    if not model:
        hatch(d, (x0 + 2, y0 + 2, x1 - 2, y1 - 2))
        # The mark sits on a paper patch so the hatching never runs through its letters.
        width, height = ink_size(mark(model), SMALL)
        d.rectangle((x0 + 4, cy - height / 2 - 4, x0 + 16 + width, cy + height / 2 + 4), fill=BG)
        say_centred(d, x0 + 10 + width / 2, cy, mark(model), SMALL, INK)
        return
    fg = ink_on(fill)
    say(d, x0 + 8, cy, mark(model) + ("*" if card.get("star") else ""), SMALL, fg)
    say(d, x1 - 8, cy, SLOT_SHORT.get(str(card["slot"]), str(card["slot"])), SMALL, fg, align="right")


# -- the key to the models shown -----------------------------------------------------------------------------------


def _models_shown(view: dict[str, Any]) -> tuple[str, ...]:
    """The models on the board (factories and Depot), in the palette's order, the Spare Part last."""
    seen = {str(c.get("model") or "") for c in view["depot"] if c}
    for s in view["seats"]:
        for plane in s["planes"]:
            seen.update(str(c.get("model") or "") for c in plane.values())
    return tuple(m for m in (*MODEL_COLOURS, "") if m in seen)


STAR_NOTE = "* 5-part model"


def _key_entries(view: dict[str, Any]) -> tuple[str | None, ...]:
    """The models shown, then (None) the star's meaning if a starred model is among them."""
    models = _models_shown(view)
    return (*models, None) if STARRED & set(models) else models


def _key_height(view: dict[str, Any]) -> int:
    entries = _key_entries(view)
    return -(-len(entries) // 3) * ROW + 6 if entries else 0


def _key(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any]) -> None:
    """Each model's mark and colour beside its name, three a row; * marks the models with a fuselage (5 parts)."""
    for i, model in enumerate(_key_entries(view)):
        x = M + (i % 3) * KEY_W
        top = y + 6 + (i // 3) * ROW
        if model is None:
            say(d, x, top + ROW / 2, STAR_NOTE, SMALL, MUTED)
            continue
        box = (x, top + 2, x + CELL_W, top + ROW - 2)
        part_cell(d, box, {"model": model}, "spare", SMALL)
        name = f"{model}*" if model in STARRED else model or "Spare Part"
        say(d, x + CELL_W + 8, top + ROW / 2, fit(name, SMALL, KEY_W - CELL_W - 20), SMALL)


assert (W, H) == (1200, 900), "the layout is drawn for the 4:3 canvas every board uses"
