"""The panel beside the Planes board: airport, phase and action in play, the boarding track, the players' scores
(the one to play marked by a pointer and a band, not by colour), and the legend of the marks this board shows.

Every text is at least MIN_FONT (37 px) in a panel about 300 px wide, so the wording is short; each seat's name and
VP, what a table reads most, are READ_FONT (42 px). With two or three seats a seat takes three lines where the legend
leaves room (name; VP and the part from goals or the VP tokens; cubes aboard and cards in hand); otherwise two (the
name alone, then VP and hand; Round Trip: name and VP, then tokens, aboard and hand): the VP from goals and the cubes
boarded are then left to the gates and to the board in words (describe.py), which gives every figure in full."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from engine.core.text import counted
from engine.planes.board import POI_NAMES, Airport
from renderers.kit.paint import INK, MUTED, PAPER, Fill, fit, font, text_width, wrap
from renderers.kit.rules import MIN_FONT, READ_FONT
from renderers.planes.layout import BOARD_RIGHT, HEIGHT, WIDTH
from renderers.planes.style import (
    CHIP_H,
    HILITE,
    MARK,
    PALE_HILITE,
    REWARD_NAMES,
    chip_width,
    cone,
    cube_chip,
    poi_mark,
    reward_tile,
)

LEFT = BOARD_RIGHT + 6
TEXT_W = WIDTH - 4 - LEFT
LINE = 39  # a MIN_FONT line: its capitals and descenders, and a pixel between lines
BASELINE = 35  # a line's baseline below its top
# What a table reads most, each seat's name and VP, is set in READ_FONT (capitals 10 px at a phone's 400 px) on a
# taller line; a name too long for it at that size is set in MIN_FONT, whole, rather than cut.
READ_LINE = 44
READ_BASELINE = 39
VP_GAP = 8  # between a name and the VP beside it
INDENT = 16  # a seat's lines start after the turn pointer
EFFECTS = {"backwards": "against the arrows", "only_own": "own cubes only", "ignore_neutral": "grey cubes stay",
           "ignore_blockages": "cones ignored", "skip": "skip one space", "move_twice": "two moves"}
LEGEND_ROW = MARK + 4
LEGEND_GAP = 6  # between two entries on a legend row

Entry = tuple[float, Callable[[ImageDraw.ImageDraw, float, float], None]]  # its width, what draws it at x, y


def _word(draw: ImageDraw.ImageDraw, x: float, y: float, word: str) -> None:
    """A legend word beside its MARK-high icon, the capitals level with the icon."""
    draw.text((x, y + MARK - 2), word, font=font(MIN_FONT), fill=INK, anchor="ls")


def _entry(icon_w: float, word: str, icon: Callable[[ImageDraw.ImageDraw, float, float], None]) -> Entry:
    def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        icon(draw, x, y)
        _word(draw, x + icon_w + 4, y, word)

    return icon_w + 4 + text_width(word, MIN_FONT), paint


def _carried_icon(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rounded_rectangle((x, y, x + MARK, y + MARK), radius=5, fill=INK)


def _path_icon(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rounded_rectangle((x + 2, y + 2, x + MARK - 2, y + MARK - 2), radius=5, outline=HILITE, width=5)
    draw.rounded_rectangle((x, y, x + MARK, y + MARK), radius=6, outline=INK, width=2)


def legend_entries(pois: tuple[str, ...], kinds: tuple[str, ...]) -> list[Entry]:
    """The marks this board shows, in a fixed order: its reward tiles, its points of interest, then the cone, the
    grey cube's letter, the carried group and the path."""
    def tile(kind: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda d, x, y: reward_tile(d, (x, y + 1, x + MARK - 6, y + MARK - 1), kind, None)

    def mark(poi: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda d, x, y: poi_mark(d, x, y, poi)

    def grey_chip(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        cube_chip(d, (x, y, x + grey, y + CHIP_H), "grey")

    grey = chip_width("N")
    entries = [_entry(MARK - 6, REWARD_NAMES[k], tile(k)) for k in kinds]
    entries += [_entry(MARK, POI_NAMES[p].lower(), mark(p)) for p in pois]
    entries += [_entry(MARK, "blocked", cone), _entry(grey, "grey", grey_chip),
                _entry(MARK, "carried", _carried_icon), _entry(MARK, "path", _path_icon)]
    return entries


def _legend_rows(entries: list[Entry]) -> list[list[Entry]]:
    """Each entry on the first row with room for it: the short ones pair up, so the legend takes fewer rows."""
    rows: list[list[Entry]] = []
    for entry in entries:
        row = next((r for r in rows if sum(e[0] + LEGEND_GAP for e in r) + entry[0] <= TEXT_W), None)
        if row is None:
            rows.append([entry])
        else:
            row.append(entry)
    return rows


def legend_top(pois: tuple[str, ...], kinds: tuple[str, ...] = ()) -> int:
    return HEIGHT - 4 - len(_legend_rows(legend_entries(pois, kinds))) * LEGEND_ROW


def draw_legend(draw: ImageDraw.ImageDraw, pois: tuple[str, ...], kinds: tuple[str, ...] = ()) -> None:
    """What each mark means (static: drawn once per airport and set of planes). Pictograms, not letters, so that no
    letter on the board means two things: R B G Y N are only ever cube colours."""
    draw.line((LEFT - 3, 0, LEFT - 3, HEIGHT), fill=MUTED, width=2)
    y = legend_top(pois, kinds)
    for row in _legend_rows(legend_entries(pois, kinds)):
        x = LEFT + 2.0
        for width, paint in row:
            paint(draw, x, y)
            x += width + LEGEND_GAP
        y += LEGEND_ROW


def _text(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, fill: Fill = INK, anchor: str = "l",
          size: int = MIN_FONT, baseline: float = BASELINE) -> float:
    """A MIN_FONT line whose capitals start about 8 px below y: placed by its baseline, so a name in any script sits
    on the same line (`anchor` is the horizontal one: "l" or "r"). Returns where the text ends (or starts)."""
    draw.text((x, y + baseline), text, font=font(size), fill=fill, anchor=anchor + "s")
    width = text_width(text, size)
    return x - width if anchor == "r" else x + width


def _read(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, fill: Fill = INK, anchor: str = "l") -> float:
    """A READ_FONT text on a READ_LINE row, on the baseline the row's MIN_FONT text shares."""
    return _text(draw, x, y, text, fill, anchor, READ_FONT, READ_BASELINE)


def _lines(draw: ImageDraw.ImageDraw, y: float, text: str, most: int, fill: Fill = INK) -> float:
    lines = list(wrap(text, MIN_FONT, TEXT_W))
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), MIN_FONT, TEXT_W)]
    for line in lines:
        _text(draw, LEFT + 2, y, fit(line, MIN_FONT, TEXT_W), fill)
        y += LINE
    return y


def _title(board: Airport) -> str:
    """The airport's name, without 'Airport' or a note in brackets when the whole title does not fit."""
    title = board.title
    if text_width(title, MIN_FONT) > TEXT_W:
        title = title.split(" (")[0].removesuffix(" Airport")
    return fit(title, MIN_FONT, TEXT_W)


def _status(draw: ImageDraw.ImageDraw, board: Airport, view: dict[str, Any], room: int) -> float:
    """Title, phase, action and effects in at most `room` lines below the title (what the scores and the legend
    leave): the effects give up their lines first, then the action."""
    _text(draw, LEFT + 2, 2, _title(board))
    y = 2.0 + LINE
    if view["phase"] == "over":
        names = ", ".join(view["seats"][w]["name"] for w in view.get("winners") or [])
        return _lines(draw, y, f"Game over. Won by {names}" if names else "Game over", min(3, max(1, room)))
    phase = f"{view['phase'].capitalize()} phase" + (", last round" if view.get("end") else "")
    action = f"Action: {view['action']['title']}" if view.get("action") else ""
    effects = [EFFECTS.get(e, e) for e in view.get("effects") or []]
    now = "Now: " + ", ".join(effects) if effects else ""
    texts = [text for text in (phase, action, now) if text][:max(1, room)]  # the action and effects are in the
    # turn panel's words too: with no room left they give way to the scores
    lines = [min(2, len(wrap(text, MIN_FONT, TEXT_W))) for text in texts]
    for i in reversed(range(len(lines))):  # give back lines, last part first, never below one line each
        while sum(lines) > room and lines[i] > 1:
            lines[i] -= 1
    for text, most in zip(texts, lines, strict=True):
        y = _lines(draw, y, text, most)
    return y


def _track(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float) -> float:
    """The boarding track: where it is and where it ends in words, and a bar of cells with the token and the
    chequered end."""
    end, at = view["track_end"], view["track"]
    _text(draw, LEFT + 2, y, f"Track {at} of {end}")
    y += LINE
    cells = max(end + 1, at + 1)
    cell = TEXT_W / cells
    for n in range(cells):
        x0 = LEFT + 2 + n * cell
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
    return y + 30


TRACK_H = LINE + 30


def _wording(forms: list[list[str]], width: float, taken: list[float] | None = None) -> list[str]:
    """Each seat's line in the first wording that fits every seat's line (the same words on every seat), else the
    last wording, cut with '…'. `forms`: for each wording, one line a seat; `taken`: room a seat's line starts after."""
    room = [width - t for t in taken] if taken else [width] * len(forms[0])
    for lines in forms:
        if all(text_width(line, MIN_FONT) <= r for line, r in zip(lines, room, strict=True)):
            return lines
    return [fit(line, MIN_FONT, r) for line, r in zip(forms[-1], room, strict=True)]


def _aboard(view: dict[str, Any], width: float, taken: list[float] | None = None) -> list[str]:
    """What each seat has on the planes and in hand: its cubes boarded, or (Round Trip) its cubes aboard."""
    key = "aboard" if view.get("round_trip") else "boarded"
    words = ("aboard", "on") if view.get("round_trip") else ("boarded", "aboard", "on")
    return _wording([[f"{s[key]} {word}, hand {s['hand_size']}" for s in view["seats"]] for word in words], width,
                    taken)


def _scores(view: dict[str, Any], width: float) -> list[str]:
    """What follows each seat's VP (set large, `_vp`) on its line: the part of it from goals (Round Trip: its VP
    tokens, part of its score as well)."""
    seats = view["seats"]
    taken = [text_width(_vp(s), READ_FONT) for s in seats]
    if view.get("round_trip"):
        forms = [[f", {counted(s['tokens'], 'token')}" for s in seats], [f", {s['tokens']} tok." for s in seats]]
    else:
        # The part of the VP that goals gave: "(1 goals)" read as a count of goal cards, and a wrong one.
        forms = [[f" ({s['goal_vp']} from goals)" for s in seats], [f" (goals {s['goal_vp']})" for s in seats]]
    return _wording(forms, width, taken)


def _vp(seat: dict[str, Any]) -> str:
    return f"{seat['score']} VP"


def tile_width(count: int) -> float:
    return max(float(MARK - 4), text_width(str(count), MIN_FONT) + 10)


def seat_height(lines: int, round_trip: bool) -> int:
    """A seat's rows: the name's and the VP's in READ_LINE (Round Trip's two-line seat has its VP beside the name),
    the others in LINE."""
    read = 1 if lines == 2 and round_trip else 2
    return read * READ_LINE + (lines - read) * LINE + 4


def seat_lines(seats: int, pois: tuple[str, ...], kinds: tuple[str, ...]) -> int:
    """Three lines a seat (name; VP; aboard and hand) when they fit with the title, two lines of status (phase and
    action) and the track above the legend, else two (name and VP; aboard and hand). Fixed for a game, so the panel
    does not jump."""
    free = legend_top(pois, kinds) - 2 - 3 * LINE - TRACK_H - 6
    return 3 if seats * seat_height(3, False) <= free else 2


def _name_size(view: dict[str, Any], width: float, lines: int) -> int:
    """READ_FONT when every seat's name fits its line whole at that size, else MIN_FONT for all (same on every
    seat, so no name looks more important than another)."""
    beside = lines == 2 and bool(view.get("round_trip"))  # the VP share the name's line
    room = [width - (text_width(_vp(s), READ_FONT) + VP_GAP if beside else 0) for s in view["seats"]]
    fits = all(text_width(s["name"], READ_FONT) <= r for s, r in zip(view["seats"], room, strict=True))
    return READ_FONT if fits else MIN_FONT


def _seats(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lines: int) -> float:
    width = TEXT_W - INDENT
    chip_w = chip_width("N")
    seats = view["seats"]
    round_trip = bool(view.get("round_trip"))
    height = seat_height(lines, round_trip)
    name_w = width - chip_w - 6
    name_size = _name_size(view, name_w, lines)
    # The lines under the name start under the turn pointer: the longer wordings fit.
    if lines == 3:
        scores = _scores(view, TEXT_W)
        figures = _aboard(view, TEXT_W)
    elif round_trip:  # the VP at the end of the name's line; the tokens as a token tile with the count
        figures = _aboard(view, TEXT_W, [tile_width(s["tokens"]) + 6 for s in seats])
    else:
        # The name is what a table reads first: it gets the whole line, and the VP go under it. The cubes boarded
        # give way to them (each gate shows its cubes, and the board in words counts them).
        taken = [text_width(_vp(s), READ_FONT) for s in seats]
        figures = _wording([[f", {s['boarded']} on, hand {s['hand_size']}" for s in seats],
                            [f", hand {s['hand_size']}" for s in seats]], TEXT_W, taken)
    for i, seat in enumerate(seats):
        turn = seat["seat"] == view["turn"] and view["phase"] != "over"
        if turn:  # a band and a pointer, so the seat to play is seen without its colour
            draw.rectangle((LEFT - 1, y - 2, WIDTH - 2, y + height - 3), fill=PALE_HILITE, outline=INK, width=2)
            draw.polygon([(LEFT + 2, y + 12), (LEFT + 12, y + 22), (LEFT + 2, y + 32)], fill=INK)
        x: float = LEFT + INDENT
        cube_chip(draw, (x, y + 6, x + chip_w, y + 6 + CHIP_H), seat["colour"])
        room = name_w
        if lines == 2 and round_trip:
            _read(draw, WIDTH - 6, y, _vp(seat), anchor="r")
            room -= text_width(_vp(seat), READ_FONT) + VP_GAP
        _text(draw, x + chip_w + 6, y, fit(seat["name"], name_size, room), size=name_size, baseline=READ_BASELINE)
        x, row = LEFT + 2, y + READ_LINE
        if lines == 3:
            _text(draw, _read(draw, x, row, _vp(seat)), row, scores[i], baseline=READ_BASELINE)
            _text(draw, x, row + READ_LINE, figures[i])
        elif round_trip:
            tw = tile_width(seat["tokens"])
            reward_tile(draw, (x, row + 2, x + tw, row + 3 + 31), "tokens", seat["tokens"])
            _text(draw, x + tw + 6, row, figures[i])
        else:
            _text(draw, _read(draw, x, row, _vp(seat)), row, figures[i], baseline=READ_BASELINE)
        y += height
    return y


def draw_panel(draw: ImageDraw.ImageDraw, board: Airport, view: dict[str, Any], kinds: tuple[str, ...] = ()) -> None:
    """`kinds`: the reward tiles the board shows, which the legend names."""
    pois = tuple(sorted({p for ps in view["pois"].values() for p in ps}))
    lines = seat_lines(len(view["seats"]), pois, kinds)
    below = TRACK_H + 6 + len(view["seats"]) * seat_height(lines, bool(view.get("round_trip"))) + 4
    room = int((legend_top(pois, kinds) - below - 2 - LINE) // LINE)
    y = _status(draw, board, view, room)
    y = _track(draw, view, y)
    _seats(draw, view, y + 6, lines)
