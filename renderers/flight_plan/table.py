"""The airline table under the map: one row per airline, one column per figure, the column names once in a heading.

A row per airline instead of a card each: at the phone's smallest type (MIN_FONT) a card a third of the canvas wide
held a name and half a line of figures, while a row the canvas wide holds every figure once. The name, cash and
goals, what a table compares, are set in READ on the row's first line; income and the lists keep the floor size, and
the lists' further lines run under the figures (which take one line), almost twice the room. What an airline has
switched off says for how many more turns ("M(off 2)"). The airline to play, or the winner, has its row framed in
black. Which regions an airline flies to, and whether it is still held to two, are left to the board in words
(describe.py): a note for the limit after the lists made rows leave items out in nearly twice as many states of
seeded five- and six-airline games."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from renderers.flight_plan.style import (
    FLEET_LETTER,
    LINE,
    OWNER,
    OWNER_TEXT,
    READ,
    ROW,
    TABLE_HEAD,
    TEXT,
    W,
)
from renderers.kit.paint import INK, MUTED, PAPER, Pen, fit, font, text_width

Rect = tuple[float, float, float, float]
HUB_GOAL, REGION_GOAL = 3, 6
PAD = 8  # inside a row, before its badge
GAP = 10  # between two columns, a thin rule in its middle: at a third of the size the figures stay apart
BADGE = 34


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    most: int  # the widest it may grow
    right: bool = False  # figures line up on the right
    size: int = TEXT  # READ for what a table reads most


# A name of about ten letters ("Maximiliana", "Александра", "🎲 Samantha": 211-226 px in TEXT) is always drawn whole
# (at TEXT when READ does not fit): it is what a table reads first,
# and an airline's longest lists give way to "+n" (the board in words lists them all) before a name is cut.
# The name, cash and goals (how near the airline is to winning) are set in READ; income a turn stays at the floor.
COLUMNS = [Column("name", "Airline", 228, size=READ), Column("cash", "Cash", 170, right=True, size=READ),
           Column("revenue", "/turn", 130, right=True), Column("goals", "Goals", 170, size=READ)]
SIZE = {c.key: c.size for c in COLUMNS} | {"lists": TEXT}
LISTS = "Fleets, hubs, routes"
NAME_MOST = 330  # how wide names may grow where the lists leave room
LEFT = 4 + BADGE + 2 * PAD
RIGHT = W - 4 - PAD
GROUP_GAP = 20  # between an airline's fleets, hubs and routes: letters, codes and numbers, told apart by their look


def money(amount: int) -> str:
    return f"-${-amount}M" if amount < 0 else f"${amount}M"




Segment = tuple[float, str]  # where a run of one list's items starts on a line, and the run


@lru_cache(maxsize=1024)
def flow(groups: tuple[tuple[str, ...], ...], width: float, rest: float, tidy: bool = True
         ) -> tuple[tuple[Segment, ...], ...]:
    """An airline's lists (fleets, hubs, routes) laid on a first line at most `width` wide and further lines `rest`
    wide: one list after another on the same line, a wider gap between two lists than between two items, an item
    moved whole to the next line, and (`tidy`) a list whose first two items do not fit where the last one ends
    started on the next."""
    lines: list[list[Segment]] = [[]]
    x = 0.0
    space = text_width("0 0", TEXT) - 2 * text_width("0", TEXT)
    for group in groups:
        if not group:
            continue
        width = rest if len(lines) > 1 else width
        if tidy and x > 0 and x + GROUP_GAP + text_width(" ".join(group[:2]), TEXT) > width:
            lines.append([])  # a list starts on a new line rather than leave one item behind at the end of this
            x = 0.0
        elif x > 0:
            x += GROUP_GAP
        run: list[str] = []
        start = x
        for item in group:
            w = text_width(item, TEXT)
            gap = space if run else 0.0
            if x > 0 and x + gap + w > width:
                if run:
                    lines[-1].append((start, " ".join(run)))
                lines.append([])
                width = rest
                run, start, x, gap = [], 0.0, 0.0, 0.0
            run.append(item)
            x += gap + w
        lines[-1].append((start, " ".join(run)))
    return tuple(tuple(line) for line in lines) if lines[0] else (((0.0, "-"),),)


@lru_cache(maxsize=1024)
def fitted(groups: tuple[tuple[str, ...], ...], width: float, rest: float, lines: int
           ) -> tuple[tuple[Segment, ...], ...]:
    """The lists flowed onto at most `lines` lines: a list left to start at the end of a line, rather than on the
    next, when that is what makes them fit; when they need more still, the last items give way to "+n", how many
    are left out (the board in words lists them all)."""
    for tidy in (True, False):
        laid = flow(groups, width, rest, tidy)
        if len(laid) <= lines:
            return laid
    items = [(g, item) for g, group in enumerate(groups) for item in group]
    for keep in range(len(items) - 1, -1, -1):
        kept = tuple(tuple(item for g2, item in items[:keep] if g2 == g) for g in range(len(groups)))
        laid = flow((*kept, (f"+{len(items) - keep}",)), width, rest, False)
        if len(laid) <= lines:
            return laid
    return laid[:lines]


def _lines(row: dict[str, Any], width: dict[str, float], tidy: bool = True) -> int:
    """How many lines an airline's lists take whole."""
    return len(flow(row["lists"], width["lists"], further(width), tidy))


def further(width: dict[str, float]) -> float:
    """How wide the lists' further lines are: from the figures' first column (under them: they take one line) to
    the right, the names' column kept to the names."""
    return RIGHT - LEFT - width["name"] - GAP


def widths(rows: list[dict[str, Any]], lines: int) -> dict[str, float]:
    """Each column as wide as its widest entry or title (up to its most); the lists take the rest. Names, cut the
    most often, may then grow up to NAME_MOST while every airline's lists still fit in the table's `lines`: enough for
    every name whole in READ if the lists allow, else whole in TEXT, else as much of that as they allow."""
    out: dict[str, float] = {}
    for c in COLUMNS:
        out[c.key] = min(c.most, max([text_width(c.title, TEXT)] + [text_width(r[c.key], c.size) for r in rows]))
    out["lists"] = RIGHT - LEFT - sum(out.values()) - GAP * len(COLUMNS)
    # First room for every name whole in READ, else whole in TEXT (name_size's fallback), else part of that.
    at_read, at_text = (min(NAME_MOST, max(text_width(r["name"], size) for r in rows)) - out["name"]
                        for size in (READ, TEXT))
    room = out["lists"] - text_width(LISTS, TEXT)
    for wanted in (at_read, at_text, at_text * 0.75, at_text * 0.5, at_text * 0.25):
        grow = min(wanted, room)
        grown = out | {"name": out["name"] + grow, "lists": out["lists"] - grow}
        if grow > 0 and sum(_lines(r, grown) for r in rows) <= lines:
            out["name"] += grow
            out["lists"] -= grow
            break
    return out


def name_size(name: str, width: float) -> int:
    """READ for a name that fits its column whole at it; a longer one at TEXT, where more of it fits whole."""
    return READ if text_width(name, READ) <= width else TEXT


def places(width: dict[str, float]) -> list[tuple[str, float, float, bool]]:
    """Every column (the lists last): its key, where it starts, how wide it is, whether set to the right."""
    out: list[tuple[str, float, float, bool]] = []
    x: float = LEFT
    for key, right in [(c.key, c.right) for c in COLUMNS] + [("lists", False)]:
        out.append((key, x, width[key], right))
        x += width[key] + GAP
    return out


def cells(a: dict[str, Any]) -> dict[str, Any]:
    """What each column says of an airline; its lists (fleets, hubs, routes) item by item, a switched-off asset
    with its turns off in brackets."""
    off = {x["asset"]: x["back_in"] for x in a["deactivated"]}

    def mark(asset: str) -> str:
        return f"(off {off[asset]})" if asset in off else ""

    return {
        "name": a["name"],
        # In millions, written as the buttons and the log write them ("$40M"): "$750" beside "$40M" read as dollars.
        "cash": money(a["cash"]),
        "revenue": money(a["revenue"]),
        "goals": f"{len(a['regions'])}/{REGION_GOAL} {len(a['hub_regions'])}/{HUB_GOAL}",
        "lists": (tuple(FLEET_LETTER[f["cls"]] + mark("fleet:" + f["cls"]) for f in a["fleets"]),
                  tuple(h["city"] + mark("hub:" + h["city"]) for h in a["hubs"]),
                  tuple(f"{n}{mark(f'route:{n}')}" for n in a["routes"])),
    }


def lines_each(need: list[int], lines: int) -> list[int]:
    """How many lines each airline's row gets: one each, then the lines left over, one at a time, to the row whose
    lists still need the most lines (the first such seat on a tie), while any does."""
    out = [1] * len(need)
    for _ in range(max(0, lines - len(need))):
        short = [need[i] - out[i] for i in range(len(need))]
        if max(short) <= 0:
            break  # every list whole: the rest of the table's room stays blank
        out[short.index(max(short))] += 1
    return out


def draw_table(d: Pen, top: float, bottom: float, view: dict[str, Any]) -> None:
    airlines = view["airlines"]
    rows = [cells(a) for a in airlines]
    # A first line (ROW) per airline, then as many list lines (LINE) as the rest of the table holds.
    lines = len(airlines) + max(0, int((bottom - top - TABLE_HEAD - len(airlines) * ROW) // LINE))
    flying = [r for r, a in zip(rows, airlines, strict=True) if not a["out"]]
    width = widths(flying or rows, lines - (len(rows) - len(flying)))
    need = [1 if a["out"] else _lines(r, width) for r, a in zip(rows, airlines, strict=True)]
    if sum(need) > lines:  # not room for every list tidy: the lines go by what each needs packed
        need = [1 if a["out"] else _lines(r, width, False) for r, a in zip(rows, airlines, strict=True)]
    for key, x, w, right in places(width):
        _text(d, x, w, top + TABLE_HEAD - 8, LISTS if key == "lists" else _title(key), right, MUTED)
    y = top + TABLE_HEAD
    for a, row, got in zip(airlines, rows, lines_each(need, lines), strict=True):
        current = view["turn"] == a["seat"] and not view["over"]
        winner = a["seat"] in view["winners"]
        _row(d, (4, y, W - 4, y + ROW + LINE * (got - 1)), a, row, width, got, current or winner)
        y += ROW + LINE * (got - 1)


def _title(key: str) -> str:
    return next(c.title for c in COLUMNS if c.key == key)


def _row(d: Pen, box: Rect, a: dict[str, Any], row: dict[str, Any], width: dict[str, float], lines: int,
         marked: bool) -> None:
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=PAPER, outline=INK if marked else MUTED, width=3 if marked else 1)
    key = str(a["seat"] + 1)
    cy = y0 + ROW / 2
    d.ellipse((x0 + PAD, cy - BADGE / 2, x0 + PAD + BADGE, cy + BADGE / 2), fill=OWNER[key], outline=INK, width=2)
    d.text((x0 + PAD + BADGE / 2, cy), key, font=font(TEXT), fill=OWNER_TEXT[key], anchor="mm")
    base = y0 + ROW - 11  # room above for a name's tallest marks, and below for its descenders
    columns = places(width)
    if a["out"]:
        _text(d, LEFT, width["name"], base, row["name"], False, INK, name_size(row["name"], width["name"]))
        start = columns[1][1]
        _text(d, start, x1 - PAD - start, base, "bankrupt, out of the game", False, INK)
        return
    for key, x, w, right in columns:
        if key != "name":
            # The name's rule runs the row's height; the figures' rules stop at the first line, which the lists'
            # further lines run under.
            rule = x - GAP / 2
            d.line([(rule, y0 + 6), (rule, (y1 if key == "cash" else y0 + ROW) - 6)], fill=MUTED, width=1)
        if key != "lists":
            size = name_size(row[key], w) if key == "name" else SIZE[key]
            _text(d, x, w, base, row[key], right, INK, size)
            continue
        for i, line in enumerate(fitted(row["lists"], w, further(width), lines)):
            left, stop = (x, x + w) if i == 0 else (columns[1][1], RIGHT)
            for j, (dx, run) in enumerate(line):
                end = line[j + 1][0] - GROUP_GAP if j + 1 < len(line) else stop - left
                _text(d, left + dx, end - dx, base + i * LINE, run, False, INK)


def _text(d: Pen, x: float, width: float, base: float, text: str, right: bool, fill: tuple[int, int, int],
          size: int = TEXT) -> None:
    """A cell's text on its baseline, cut with '…' where it is wider than its cell."""
    shown = fit(text, size, width)
    if right:
        d.text((x + width, base), shown, font=font(size), fill=fill, anchor="rs")
    else:
        d.text((x, base), shown, font=font(size), fill=fill, anchor="ls")
