"""The Planecrafters board posted in the channel: a pure function of the public view (engine.planecrafters.view).

Laid out for the size Discord shows it (renderers/README.md): a 1200 x 900 canvas shown at 373 x 280, so no text is
smaller than MIN_FONT (26 px) here. The factories take the left, where a Factory Manager's planes have room to grow; the
employee pool, the Parts Depot and the awards sit in a column on the right. The model key goes under the factories
while there is room for it (the Depot and the hand name every model in full too). What never changes between moves
(the pool's names and costs, the titles) is drawn once (kit.layer.static_layer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit.layer import static_layer
from renderers.kit.paint import INK, MUTED, WHITE, canvas, fit, pen, text_width, to_png, wrap
from renderers.kit.rules import MIN_FONT
from renderers.planecrafters.style import (
    BAND,
    BG,
    EMPLOYEE_NAMES,
    LINE,
    MODEL_COLOURS,
    SLOT_ORDER,
    STARRED,
    colour,
    ink_on,
    mark,
    part_cell,
)
from renderers.planecrafters.text import say, say_centred

W, H = 1200, 900
SMALL, TEXT, TITLE = MIN_FONT, 28, 32  # MIN_FONT (26 px): the smallest still 8 px tall when 1200 px are shown as 373
M = 16
LEFT_END = 776  # factories: x from M to here; the right-hand column after it
COL_X, COL_END = 796, W - M
HEADER_H = 50
TOP = HEADER_H + 8
BAND_H = 38
ROW = 28  # one MIN_FONT line
CELL_H, CELL_GAP = 46, 3
CELL_W = 52  # two planes a row, each after its caption
CAPTION = 108  # "plane 10" at MIN_FONT, and a little air
PLANE_W = CAPTION + 5 * CELL_W + 4 * CELL_GAP
COMPACT_CELL = 46  # three planes a row, each under its caption: for a Factory Manager's many planes
COMPACT_W = 5 * COMPACT_CELL + 4 * CELL_GAP
CARD_W, CARD_H = 190, 70
CARD_SLOT = {"nose": "Nose", "lwing": "L wing", "rwing": "R wing", "tail": "Tail", "fuselage": "Fuselage",
             "spare": "Spare"}
# Models in the deck by player count (data/planecrafters/parts.toml: `players`).
MODELS_FROM = {"Moth Major": 3, "Gilded Goose": 3, "Saucy Pelican": 4, "Iron Kite": 4}
POOL_ROW = 26
COST_X = COL_X + 240
POOL_Y = TOP + 32
DEPOT_Y = POOL_Y + 15 * POOL_ROW + 12
AWARDS_Y = DEPOT_Y + 30 + 2 * CARD_H + 8 + 14
KEY_COLS, KEY_COL_W = 3, 256


def render_board(view: dict[str, Any]) -> bytes:
    return to_png(board_image(view))


def board_image(view: dict[str, Any]) -> Image.Image:
    players = int(view.get("players") or len(view["seats"]))
    models = tuple(m for m in MODEL_COLOURS if MODELS_FROM.get(m, 2) <= players)
    plan = _plan(view, len(models))
    palette = tuple(MODEL_COLOURS[m] for m in models)
    img = _static(plan.height, tuple((e["kind"], e["tier"], e["cost"]) for e in view["pool"]))
    d = pen(img)
    _header(d, view)
    _pool_counts(d, view)
    _depot(d, view)
    _awards(d, view)
    y = TOP
    for seat in view["seats"]:
        y = _factory(d, y, seat, view, plan.compact)
    y = _objectives(d, y, view)
    if plan.key:
        _key(d, y, models, palette)
    return img


@dataclass(frozen=True)
class Plan:
    """How the left side fits: three planes a row in big factories, the model key, and the canvas height."""

    compact: bool
    key: bool
    height: int


def _plan(view: dict[str, Any], models: int) -> Plan:
    """The roomiest layout whose factories fit the canvas: first drop the model key (the Depot and hands name the
    models too), then put three planes a row. A factory too big even then makes the canvas taller, never cut."""
    key_h = 32 + -(-(models + 1) // KEY_COLS) * POOL_ROW + 8
    for compact, key in ((False, True), (False, False), (True, False)):
        used = _objectives_height(view) + sum(_factory_height(s, view, compact) for s in view["seats"])
        if TOP + used + (key_h if key else 0) <= H - M:
            return Plan(compact, key, H)
    return Plan(True, False, TOP + used + M)


# -- drawn once: the pool's names and costs, the titles --------------------------------------------------------


@static_layer()
def _static(height: int, pool: tuple[tuple[str, int, int], ...]) -> Image.Image:
    img = canvas((W, height), BG)
    d = pen(img)
    d.rectangle((0, 0, W - 1, HEADER_H), fill=BAND)
    say(d, COL_X, TOP + 14, "Employees", TEXT)
    say(d, COST_X, TOP + 14, "cost", SMALL, MUTED, align="right")
    say(d, COL_END, TOP + 14, "left", SMALL, MUTED, align="right")
    y = POOL_Y
    for kind, tier, cost in pool:
        cy = y + POOL_ROW / 2
        say(d, COL_X, cy, f"T{tier}", SMALL, MUTED)
        say(d, COL_X + 40, cy, EMPLOYEE_NAMES.get(kind, kind), SMALL)
        say(d, COST_X, cy, str(cost), SMALL, align="right")
        y += POOL_ROW
    say(d, COL_X, DEPOT_Y + 14, "Parts Depot (face up)", SMALL, MUTED)
    say(d, COL_X, AWARDS_Y + 14, "Awards at the end: 8 crowns", SMALL, MUTED)
    return img


def _pool_counts(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    y = POOL_Y
    for entry in view["pool"]:
        left = int(entry["left"])
        say(d, COL_END, y + POOL_ROW / 2, str(left) if left else "none", SMALL, INK if left else MUTED, align="right")
        y += POOL_ROW


# -- what changes on every move -----------------------------------------------------------------------------------


def _name(view: dict[str, Any], seat: int) -> str:
    """The seat's name as the view gives it (the bot fills in members' names), else its number."""
    seats = view.get("seats") or []
    entry = seats[seat] if 0 <= seat < len(seats) else {}
    return str(entry.get("name") or f"Player {seat + 1}")


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    right = say(d, W - M, HEADER_H / 2, f"Stack: {view['stack']} cards", TEXT, align="right")
    if view["ending"] and not view["over"]:
        tag = "Last round"
        width = text_width(tag, SMALL) + 20
        box = (right - 16 - width, 7, right - 16, HEADER_H - 7)
        d.rectangle(box, fill=(170, 30, 30), outline=INK, width=2)
        say(d, box[0] + 10, HEADER_H / 2, tag, SMALL, WHITE)
        right = box[0]
    room = right - M - 24
    if view["over"]:
        title = "Planecrafters: game over"
    else:
        step = f"'s turn: {view['step_name']}"
        who = fit(_name(view, view["turn"]), TITLE, room - text_width(f"Round {view['round']} · {step}", TITLE))
        title = f"Round {view['round']} · {who}{step}"
    say(d, M, HEADER_H / 2, fit(title, TITLE, room), TITLE)


def _depot(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for i, card in enumerate(view["depot"][:4]):
        x = COL_X + (i % 2) * (COL_END - COL_X - CARD_W)
        y = DEPOT_Y + 30 + (i // 2) * (CARD_H + 8)
        depot_card(d, (x, y, x + CARD_W, y + CARD_H), card)


def depot_card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any] | None) -> None:
    """A face-up card: its mark and slot on the first line, the model's whole name on the second."""
    x0, y0, x1, y1 = box
    if card is None:
        d.rectangle(box, fill=BG, outline=LINE, width=2)
        say(d, x0 + 10, (y0 + y1) / 2, "empty", SMALL, MUTED)
        return
    model = str(card.get("model") or "")
    fill = colour(model)
    fg = ink_on(fill)
    d.rectangle(box, fill=fill, outline=INK, width=2)
    top, bottom = y0 + 4 + 16, y1 - 4 - 14
    say(d, x0 + 8, top, mark(model) + ("*" if card.get("star") else ""), TEXT, fg)
    say(d, x1 - 8, top, CARD_SLOT.get(str(card["slot"]), str(card["slot"])), SMALL, fg, align="right")
    say(d, x0 + 8, bottom, fit(model or "fits any slot", SMALL, x1 - x0 - 16), SMALL, fg)


def _awards(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Who would take each award if the game ended now (players who tie share it)."""
    y = AWARDS_Y + 30
    lines = []
    for kind in ("industry", "enterprise"):
        leaders = [int(s) for s in view["awards"].get(kind) or {}]
        lines.append((kind.title(), leaders, ""))
    dist = view.get("distinction")
    lines.append(("Distinction", [] if dist is None else [int(dist["seat"])],
                  "" if dist is None else f" ({dist['value']})"))
    for award, seats, extra in lines:
        head = f"{award}: "
        if not seats:
            who = "nobody yet"
        else:
            room = (COL_END - COL_X - text_width(head + extra, SMALL)) / len(seats) - text_width(", ", SMALL)
            who = ", ".join(fit(_name(view, s), SMALL, room) for s in seats)
        say(d, COL_X, y + ROW / 2, head + who + extra, SMALL)
        y += ROW


def _info_lines(s: dict[str, Any]) -> tuple[str, ...]:
    line = f"sold {_count(s['parts_sold'], 'part')}, {_count(s['planes_sold'], 'plane')} · Staff: {_staff(s)}"
    return wrap(line, SMALL, LEFT_END - M - 8)


def _plane_rows(s: dict[str, Any], compact: bool) -> tuple[int, int]:
    """(planes a row, row height) of a factory."""
    if compact and len(s["planes"]) > 2:
        return 3, 26 + CELL_H + 6
    return 2, CELL_H + 6


def _factory_height(s: dict[str, Any], view: dict[str, Any], compact: bool) -> int:
    per_row, row_h = _plane_rows(s, compact)
    return BAND_H + 4 + len(_info_lines(s)) * ROW + 2 + -(-max(1, len(s["planes"])) // per_row) * row_h + 6


def _factory(d: ImageDraw.ImageDraw, y: int, s: dict[str, Any], view: dict[str, Any], compact: bool) -> int:
    """One player's row: name and crowns on a band, then sales and staff, then the planes."""
    end = y + _factory_height(s, view, compact)
    seat = int(s["seat"])
    active = seat == view["turn"] and not view["over"]
    d.rectangle((M, y, LEFT_END, y + BAND_H), fill=INK if active else BAND)
    fg = WHITE if active else INK
    if active:  # a pointer as well as the dark band: whose turn it is never rests on shading alone
        cy = y + BAND_H / 2
        d.polygon([(M + 8, cy - 10), (M + 24, cy), (M + 8, cy + 10)], fill=WHITE)
    money = f"{s['crowns']} crowns · hand {s['hand_count']}"
    if view.get("scores"):
        money = f"final {view['scores'][seat]} · " + money
    right = say(d, LEFT_END - 10, y + BAND_H / 2, money, TEXT, fg, align="right")
    say(d, M + 32, y + BAND_H / 2, fit(_name(view, seat), TEXT, right - M - 32 - 20), TEXT, fg)
    y += BAND_H + 4
    for text in _info_lines(s):
        say(d, M + 4, y + ROW / 2, text, SMALL)
        y += ROW
    y += 2
    planes = s["planes"] or [{}]
    per_row, row_h = _plane_rows(s, compact)
    big = per_row == 3
    width = COMPACT_W if big else PLANE_W
    cell = COMPACT_CELL if big else CELL_W
    gap = (LEFT_END - M - per_row * width) / (per_row - 1)
    for p, plane in enumerate(planes):
        x = M + (p % per_row) * (width + gap)
        top = y + (p // per_row) * row_h
        if big:
            say(d, x + 2, top + 12, f"plane {p + 1}", SMALL, MUTED)
            top += 26
        else:
            say(d, x + 2, top + CELL_H / 2, f"plane {p + 1}", SMALL, MUTED)
            x += CAPTION
        for i, slot in enumerate(SLOT_ORDER):
            cx = round(x + i * (cell + CELL_GAP))
            part_cell(d, (cx, top, cx + cell, top + CELL_H), plane.get(slot), slot, SMALL)
    return end


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _staff(s: dict[str, Any]) -> str:
    counts: dict[str, int] = {}
    for kind in s["employees"]:
        counts[kind] = counts.get(kind, 0) + 1
    names = [EMPLOYEE_NAMES.get(k, k) + (f" x{n}" if n > 1 else "") for k, n in counts.items()]
    return ", ".join(names) if names else "none"


def _objective_lines(view: dict[str, Any]) -> list[str]:
    return [line for o in view.get("objectives") or []
            for line in wrap(f"+{o['crowns']} crowns: {o['text']}", SMALL, LEFT_END - M)]


def _objectives_height(view: dict[str, Any]) -> int:
    lines = _objective_lines(view)
    return 30 + len(lines) * ROW + 6 if lines else 0


def _objectives(d: ImageDraw.ImageDraw, y: int, view: dict[str, Any]) -> int:
    lines = _objective_lines(view)
    if not lines:
        return y
    say(d, M, y + 14, "Objectives: the first player to meet one takes its crowns", SMALL, MUTED)
    y += 30
    for text in lines:
        say(d, M, y + ROW / 2, text, SMALL)
        y += ROW
    return y + 6


def _key(d: ImageDraw.ImageDraw, y: int, models: tuple[str, ...], palette: tuple[Any, ...]) -> None:
    """Each model's mark and colour beside its name, three a row; * marks the models with a fuselage."""
    say(d, M, y + 14, "Models (* has a fuselage, 5 parts)", SMALL, MUTED)
    y += 32
    entries = [*zip(models, palette, strict=True), ("", BG)]
    for i, (model, fill) in enumerate(entries):
        x = M + (i % KEY_COLS) * KEY_COL_W
        top = y + (i // KEY_COLS) * POOL_ROW
        box = (x, top + 1, x + 52, top + POOL_ROW - 1)
        if model:
            d.rectangle(box, fill=fill, outline=INK, width=2)
            say_centred(d, x + 26, top + POOL_ROW / 2, mark(model), SMALL, ink_on(fill))
        else:
            part_cell(d, box, {"model": ""}, "spare", SMALL)
        name = f"{model}*" if model in STARRED else model or "Spare Part"
        say(d, x + 60, top + POOL_ROW / 2, fit(name, SMALL, KEY_COL_W - 66), SMALL)


assert (W, H) == (1200, 900), "the layout is drawn for the 4:3 canvas every board uses"
