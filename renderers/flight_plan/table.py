"""The airline table under the map: one row per airline, one column per figure, the column names once in a heading.

A row per airline instead of a card each: at the phone's smallest type (MIN_FONT) a card a third of the canvas wide
held a name and half a line of figures, while a row the canvas wide holds every figure once. What an airline has
switched off carries the turns it is off for in brackets ("M(2)"), with the key in the heading whenever one shows.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from renderers.flight_plan.style import (
    FLEET_LETTER,
    OWNER,
    OWNER_TEXT,
    ROW,
    TABLE_HEAD,
    TEXT,
    W,
)
from renderers.kit.paint import INK, MUTED, PAPER, Pen, fit, font, text_width, wrap

Rect = tuple[float, float, float, float]
HUB_GOAL, REGION_GOAL = 3, 6
PAD = 8  # inside a row, before its badge
GAP = 16  # between two columns, a thin rule in its middle: at a third of the size the figures stay apart
BADGE = 34
OFF_KEY = "(n): off n turns"  # the map shows it when anything is switched off


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    most: int  # the widest it may grow; the routes take what the others leave
    right: bool = False  # figures line up on the right
    wraps: bool = False  # a list that may take a second line where the row has one


COLUMNS = [Column("name", "Airline", 150), Column("cash", "Cash", 130, right=True),
           Column("revenue", "/turn", 110, right=True), Column("fleets", "Fleets", 180, wraps=True),
           Column("hubs", "Hubs", 210, wraps=True), Column("goals", "Goals", 130)]
LISTS = [c.key for c in COLUMNS if c.wraps] + ["routes"]
LEFT = 4 + BADGE + 2 * PAD
RIGHT = W - 4 - PAD


def money(amount: int) -> str:
    return f"-${-amount}M" if amount < 0 else f"${amount}M"


def cash(amount: int) -> str:
    """Money in the table: every sum of the game is in millions, so the table's 'M' goes without saying."""
    return f"-${-amount}" if amount < 0 else f"${amount}"


def widths(rows: list[dict[str, str]], lines: int) -> dict[str, float]:
    """Each column as wide as its widest entry or title (up to its most); the routes take the rest. A list column
    may instead be as narrow as holds its entries on two lines, or its widest item. Of those choices the one that
    cuts the fewest lines short in the table's `lines` wins, then the one needing the fewest lines, then the one
    leaving the routes the most room: one long list does not squeeze every row."""
    best: dict[str, float] = {}
    best_key: tuple[float, float, float] = (math.inf, 0.0, 0.0)
    for fold in itertools.product((1, 2, 99), repeat=len([c for c in COLUMNS if c.wraps])):
        lines_of = iter(fold)
        out: dict[str, float] = {}
        for c in COLUMNS:
            most = next(lines_of) if c.wraps else 1
            need = max([text_width(c.title, TEXT)] + [_narrowest(r[c.key], most) for r in rows])
            out[c.key] = min(c.most, need)
        out["routes"] = RIGHT - LEFT - sum(out.values()) - GAP * len(COLUMNS)
        need_each = [_need(r, out) for r in rows]
        cut = sum(max(0, n - got) for n, got in zip(need_each, lines_each(need_each, lines), strict=True))
        key = (cut, sum(need_each), -out["routes"])
        if key < best_key:
            best, best_key = out, key
    # Room the routes do not use goes to the names, cut the most often.
    spare = best["routes"] - max(text_width(r["routes"], TEXT) for r in rows)
    grow = min(spare, max(text_width(r["name"], TEXT) for r in rows) - best["name"])
    if grow > 0:
        best["name"] += grow
        best["routes"] -= grow
    return best


@lru_cache(maxsize=1024)
def _narrowest(text: str, lines: int) -> float:
    """The narrowest width that holds the text on at most `lines` lines (1, 2, or any number: its widest word)."""
    words = text.split()
    if lines == 1 or len(words) < 2:
        return text_width(text, TEXT)
    if lines > 2:
        return max(text_width(w, TEXT) for w in words)
    return min(max(text_width(" ".join(words[:i]), TEXT), text_width(" ".join(words[i:]), TEXT))
               for i in range(1, len(words)))


def _need(row: dict[str, str], width: dict[str, float]) -> int:
    return max(len(wrap(row[k], TEXT, width[k])) for k in LISTS)


def places(width: dict[str, float]) -> list[tuple[Column, float, float]]:
    """Every column (the routes last) with where it starts and how wide it is."""
    out = []
    x = LEFT
    for c in [*COLUMNS, Column("routes", "Routes", 0, wraps=True)]:
        out.append((c, x, width[c.key]))
        x += width[c.key] + GAP
    return out


def cells(a: dict[str, Any]) -> dict[str, str]:
    """What each column says of an airline (a switched-off asset with its turns off in brackets)."""
    off = {x["asset"]: x["back_in"] for x in a["deactivated"]}

    def mark(asset: str) -> str:
        return f"({off[asset]})" if asset in off else ""

    return {
        "name": a["name"],
        "cash": cash(a["cash"]),
        "revenue": cash(a["revenue"]),
        "fleets": " ".join(FLEET_LETTER[f["cls"]] + mark("fleet:" + f["cls"]) for f in a["fleets"]) or "-",
        "hubs": " ".join(h["city"] + mark("hub:" + h["city"]) for h in a["hubs"]) or "-",
        "goals": f"{len(a['regions'])}/{REGION_GOAL} {len(a['hub_regions'])}/{HUB_GOAL}",
        "routes": " ".join(f"{n}{mark(f'route:{n}')}" for n in a["routes"]) or "-",
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
    lines = int((bottom - top - TABLE_HEAD) // ROW)
    flying = [r for r, a in zip(rows, airlines, strict=True) if not a["out"]]
    width = widths(flying or rows, lines - (len(rows) - len(flying)))
    need = [1 if a["out"] else _need(r, width) for r, a in zip(rows, airlines, strict=True)]
    _heading(d, top, width)
    y = top + TABLE_HEAD
    for a, row, got in zip(airlines, rows, lines_each(need, lines), strict=True):
        current = view["turn"] == a["seat"] and not view["over"]
        winner = a["seat"] in view["winners"]
        _row(d, (4, y, W - 4, y + ROW * got), a, row, width, got, current or winner)
        y += ROW * got


def _heading(d: Pen, top: float, width: dict[str, float]) -> None:
    for c, x, w in places(width):
        _text(d, x, w, top + TABLE_HEAD - 8, c.title, c.right, MUTED)


def _row(d: Pen, box: Rect, a: dict[str, Any], row: dict[str, str], width: dict[str, float], lines: int,
         marked: bool) -> None:
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=PAPER, outline=INK if marked else MUTED, width=4 if marked else 1)
    key = str(a["seat"] + 1)
    cy = y0 + ROW / 2
    d.ellipse((x0 + PAD, cy - BADGE / 2, x0 + PAD + BADGE, cy + BADGE / 2), fill=OWNER[key], outline=INK, width=2)
    d.text((x0 + PAD + BADGE / 2, cy), key, font=font(TEXT), fill=OWNER_TEXT[key], anchor="mm")
    base = y0 + ROW - 12
    columns = places(width)
    if a["out"]:
        _text(d, LEFT, width["name"], base, row["name"], False, INK)
        start = columns[1][1]
        _text(d, start, x1 - PAD - start, base, "bankrupt, out of the game", False, INK)
        return
    for c, x, w in columns:
        if c.key != "name":
            rule = x - GAP / 2
            d.line([(rule, y0 + 6), (rule, y1 - 6)], fill=MUTED, width=1)
        _text(d, x, w, base, row[c.key], c.right, INK, lines if c.wraps else 1)


def _text(d: Pen, x: float, width: float, base: float, text: str, right: bool, fill: tuple[int, int, int],
          lines: int = 1) -> None:
    """A cell's text on its baseline, wrapped onto the row's lines and cut with '…' on the last."""
    parts = list(wrap(text, TEXT, width)) if lines > 1 else [text]
    if len(parts) > lines:
        parts = [*parts[:lines - 1], " ".join(parts[lines - 1:])]
    for i, part in enumerate(parts):
        shown = fit(part, TEXT, width)
        if right:
            d.text((x + width, base + i * ROW), shown, font=font(TEXT), fill=fill, anchor="rs")
        else:
            d.text((x, base + i * ROW), shown, font=font(TEXT), fill=fill, anchor="ls")
