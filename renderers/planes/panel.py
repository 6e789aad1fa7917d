"""The panel beside the Planes board: airport, phase and action in play, the boarding track, the players' scores
(the one to play marked by a pointer and a band, not by colour), and the legend of the marks on the board."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from engine.planes.board import POI_NAMES, Airport
from renderers.kit.paint import INK, MUTED, PAPER, Fill, fit, font, wrap
from renderers.kit.rules import MIN_FONT
from renderers.planes.layout import HEIGHT, PANEL_W, WIDTH
from renderers.planes.style import (
    CHIP_H,
    HILITE,
    MARK,
    PALE_HILITE,
    REWARD_NAMES,
    cone,
    cube_chip,
    poi_mark,
    reward_tile,
)

LEFT = WIDTH - PANEL_W
TEXT_W = PANEL_W - 14
LINE = 28
SEAT_H = 3 * LINE + 6
EFFECTS = {"backwards": "against the arrows", "only_own": "own cubes only", "ignore_neutral": "grey cubes stay",
           "ignore_blockages": "cones ignored", "skip": "skip one space", "move_twice": "two moves"}
LEGEND_STEP = MARK + 4


def legend_top(pois: tuple[str, ...], rewards: bool = False) -> int:
    return HEIGHT - 8 - (len(pois) + 2 + 2 * rewards) * LEGEND_STEP


def _entry(draw: ImageDraw.ImageDraw, x: float, y: float, word: str) -> None:
    draw.text((x + MARK + 6, y + 2), word, font=font(MIN_FONT), fill=INK)


def _tile_entry(draw: ImageDraw.ImageDraw, x: float, y: float, kind: str) -> None:
    reward_tile(draw, (x + 4, y + 3, x + MARK - 4, y + MARK - 3), kind, None)
    _entry(draw, x, y, REWARD_NAMES[kind])


def draw_legend(draw: ImageDraw.ImageDraw, pois: tuple[str, ...], rewards: bool = False) -> None:
    """What each mark means (static: drawn once per airport). Pictograms, not letters, so that no letter on the board
    means two things: R B G Y N are only ever cube colours. With Round Trip planes, the three reward tiles."""
    draw.line((LEFT - 4, 0, LEFT - 4, HEIGHT), fill=MUTED, width=2)
    x, y = LEFT + 4, legend_top(pois, rewards)
    half = PANEL_W // 2 + 4
    if rewards:
        _tile_entry(draw, x, y, "cards")
        _tile_entry(draw, x + half - 22, y, "tokens")
        y += LEGEND_STEP
        reward_tile(draw, (x + 4, y + 3, x + MARK - 4, y + MARK - 3), "stars", None)
        _entry(draw, x, y, f"{REWARD_NAMES['stars']} (owner)")  # one line: at MIN_FONT it just fits the panel
        y += LEGEND_STEP
    for poi in pois:
        poi_mark(draw, x, y, poi)
        _entry(draw, x, y, POI_NAMES[poi].lower())
        y += LEGEND_STEP
    cone(draw, x, y)
    _entry(draw, x, y, "blocked")
    cube_chip(draw, (x + half + 2, y, x + half + MARK, y + CHIP_H - 2), "grey")
    _entry(draw, x + half, y, "grey")
    y += LEGEND_STEP
    draw.rounded_rectangle((x, y, x + MARK, y + MARK), radius=5, fill=INK)
    _entry(draw, x, y, "carried")
    draw.rounded_rectangle((x + half + 2, y + 2, x + half + MARK - 2, y + MARK - 2), radius=5, outline=HILITE,
                           width=5)
    draw.rounded_rectangle((x + half, y, x + half + MARK, y + MARK), radius=6, outline=INK, width=2)
    _entry(draw, x + half, y, "path")


def _lines(draw: ImageDraw.ImageDraw, y: float, text: str, most: int, fill: Fill = INK) -> float:
    lines = list(wrap(text, MIN_FONT, TEXT_W))
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), MIN_FONT, TEXT_W)]
    for line in lines:
        draw.text((LEFT + 4, y), fit(line, MIN_FONT, TEXT_W), font=font(MIN_FONT), fill=fill)
        y += LINE
    return y


def _status(draw: ImageDraw.ImageDraw, board: Airport, view: dict[str, Any], room: int) -> float:
    """Title, phase, action and effects in at most `room` lines (what the scores and the legend leave): the effects
    give up their second line first, then the action."""
    draw.text((LEFT + 4, 6), fit(board.title, 26, TEXT_W), font=font(26), fill=INK)
    y = 42.0
    if view["phase"] == "over":
        names = ", ".join(view["seats"][w]["name"] for w in view.get("winners") or [])
        return _lines(draw, y, f"Game over. Won by {names}" if names else "Game over", min(3, max(1, room)))
    phase = f"{view['phase'].capitalize()} phase" + (", last round" if view.get("end") else "")
    action = f"Action: {view['action']['title']}" if view.get("action") else ""
    effects = [EFFECTS.get(e, e) for e in view.get("effects") or []]
    now = "Now: " + ", ".join(effects) if effects else ""
    texts = [text for text in (phase, action, now) if text]
    lines = [min(2, len(wrap(text, MIN_FONT, TEXT_W))) for text in texts]
    for i in reversed(range(len(lines))):  # give back lines, last part first, never below one line each
        while sum(lines) > room and lines[i] > 1:
            lines[i] -= 1
    for text, most in zip(texts, lines, strict=True):
        y = _lines(draw, y, text, most)
    return y


def _track(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    """The boarding track: its number in words, and a bar of cells with the token and the chequered end."""
    end, at = view["track_end"], view["track"]
    draw.text((LEFT + 4, y + 2), f"Track {at}, ends at {end}", font=font(MIN_FONT), fill=INK)
    y += LINE + 4
    cells = max(end + 1, at + 1)
    cell = TEXT_W / cells
    for n in range(cells):
        x0 = LEFT + 4 + n * cell
        box = (x0, y, x0 + cell - 2, y + 22)
        draw.rectangle(box, fill=PAPER if n <= end else MUTED, outline=INK, width=1)
        if n == end:
            for i in range(3):
                for j in range(2):
                    if (i + j) % 2 == 0:
                        cx = box[0] + 1 + i * (cell - 3) / 3
                        draw.rectangle((cx, box[1] + 1 + j * 10, cx + (cell - 3) / 3, box[1] + 11 + j * 10), fill=INK)
        if n == at:
            cx = x0 + (cell - 2) / 2
            draw.ellipse((cx - 8, y + 3, cx + 8, y + 19), fill=HILITE, outline=INK, width=2)
    return y + 34


TRACK_H = LINE + 4 + 34


def _seats(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    for seat in view["seats"]:
        turn = seat["seat"] == view["turn"] and view["phase"] != "over"
        if turn:  # a band and a pointer, so the seat to play is seen without its colour
            draw.rectangle((LEFT, y - 3, WIDTH - 4, y + SEAT_H - 3), fill=PALE_HILITE, outline=INK, width=2)
            draw.polygon([(LEFT + 3, y + 6), (LEFT + 13, y + 15), (LEFT + 3, y + 24)], fill=INK)
        cube_chip(draw, (LEFT + 16, y, LEFT + 16 + 24, y + CHIP_H), seat["colour"])
        draw.text((LEFT + 46, y + 2), fit(seat["name"], MIN_FONT, TEXT_W - 44), font=font(MIN_FONT), fill=INK)
        if view.get("round_trip"):  # Round Trip: stars of own cubes on any plane + goals + VP tokens
            lines = (f"{seat['score']} VP, {seat['tokens']} tokens",
                     f"{seat['aboard']} aboard, hand {seat['hand_size']}")
        else:
            lines = (f"{seat['score']} VP ({seat['goal_vp']} from goals)",
                     f"{seat['boarded']} boarded, hand {seat['hand_size']}")
        for i, line in enumerate(lines, start=1):
            draw.text((LEFT + 16, y + i * LINE + 2), fit(line, MIN_FONT, TEXT_W - 14), font=font(MIN_FONT), fill=INK)
        y += SEAT_H
    return y


def draw_panel(draw: ImageDraw.ImageDraw, board: Airport, view: dict[str, Any], rewards: bool = False) -> None:
    """`rewards`: the legend lists the slot reward tiles too (Round Trip planes)."""
    pois = tuple(sorted({p for ps in view["pois"].values() for p in ps}))
    below = 4 + TRACK_H + 6 + len(view["seats"]) * SEAT_H
    room = int((legend_top(pois, rewards) - below - 42) // LINE)
    y = _status(draw, board, view, room)
    y = _track(draw, view, y + 4)
    _seats(draw, view, y + 6)


