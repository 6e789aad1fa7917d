"""The race chart (each seat's score turn by turn) and the chances chart (each seat's chance to win after each turn,
the turning points marked), as PNG bytes.

Drawn with matplotlib's Agg backend (axes, ticks and lines are its trade; docs/after-the-game.md has what it costs),
on the 1200 x 900 canvas every board uses, so the same text sizes stay legible at 400 px wide (renderers.kit.rules).
The names at the lines' ends are set by the kit's Pen after matplotlib has drawn, so a name in any script, emoji
included, is drawn in the project's font stack (renderers/kit/faces.py) and cut with "…" rather than clipped.

Seats are told apart by colour and by marker (and the name beside each line's end): the colours are Okabe and Ito's
palette for colour-blind readers, the markers differ in shape, so nothing rests on colour alone.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from PIL import Image

from engine.analysis import Chances, Race, TurningPoint
from renderers.kit import faces
from renderers.kit.paint import INK, MUTED, PAPER, fit, font, pen, to_png
from renderers.kit.rules import MIN_FONT

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

SIZE = (1200, 900)
DPI = 100
TEXT = MIN_FONT
"""Every text of a chart: the smallest size still legible where Discord shows the picture."""
NAME_WIDTH = 300
"""Canvas pixels kept right of the axes for the names at the lines' ends."""
NAME_GAP = TEXT + 6
"""The least distance between two names' middles, so that names of seats level at the end never overlap."""

RGB = tuple[int, int, int]
COLOURS: tuple[RGB, ...] = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
                            (230, 159, 0))
"""Okabe and Ito's colours for colour-blind readers (blue, vermilion, bluish green, reddish purple, sky blue,
orange), one a seat."""
MARKERS = ("o", "s", "^", "D", "v", "P")
"""One shape a seat: circle, square, triangle, diamond, triangle down, plus."""
LIMIT_COLOUR: RGB = (28, 30, 36)


@dataclass(frozen=True)
class Line:
    name: str
    values: list[float]
    colour: RGB
    marker: str
    dashed: bool = False


def seat_lines(points: Sequence[Sequence[float]], names: dict[int, str]) -> list[Line]:
    seats = len(points[0]) if points else 0
    return [Line(names.get(s, f"Seat {s + 1}"), [p[s] for p in points], COLOURS[s % len(COLOURS)],
                 MARKERS[s % len(MARKERS)]) for s in range(seats)]


def race_chart(race: Race, names: dict[int, str], turn_word: str = "Turn") -> bytes:
    """Each seat's score after each turn, a line a seat, its name at its end."""
    lines = seat_lines(race.points, names)
    extra: list[Line] = []
    if race.team:
        extra.append(Line(race.team, race.team_points, LIMIT_COLOUR, "x", dashed=True))
    return _chart(race.turns, lines + extra, race.label, turn_word,
                  limit=(race.team_limit, "day lost") if race.team else None)


def chances_chart(chances: Chances, names: dict[int, str], points: Sequence[TurningPoint],
                  turn_word: str = "Turn") -> bytes:
    """Each seat's chance to win after each turn (a team's outlook, one line, in a co-operative game), in %, the
    turning points marked and numbered in the order they were played."""
    percent = [[100 * c for c in p] for p in chances.points]
    lines = ([Line("Team", [p[0] for p in percent], COLOURS[0], MARKERS[0])] if chances.team
             else seat_lines(percent, names))
    return _chart(chances.turns, lines, "team outlook (%)" if chances.team else "chance to win (%)", turn_word,
                  marks=[p.index for p in points], top=100.0)


@cache
def pyplot() -> Any:
    """matplotlib on its Agg backend, with Noto Sans registered for the axes' texts (imported here: only a chart
    pays for it)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import font_manager
    from matplotlib import pyplot as plt

    path = faces.PRIMARY.path()
    family = "DejaVu Sans"
    if path is not None:
        font_manager.fontManager.addfont(str(path))
        family = font_manager.FontProperties(fname=str(path)).get_name()
    plt.rcParams.update({"font.family": family, "font.size": TEXT * 72 / DPI, "axes.linewidth": 2,
                         "xtick.major.width": 2, "ytick.major.width": 2, "xtick.major.size": 8,
                         "ytick.major.size": 8})
    return plt


def ready() -> None:
    """Import matplotlib and register the fonts now rather than at the first chart (a second or two on a busy
    machine): for a process that would rather pay it at start."""
    pyplot()


def hex_colour(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _chart(turns: list[int], lines: list[Line], label: str, turn_word: str, *, limit: tuple[float, str] | None = None,
           marks: Sequence[int] = (), top: float | None = None) -> bytes:
    plt = pyplot()
    figure: Figure = plt.figure(figsize=(SIZE[0] / DPI, SIZE[1] / DPI), dpi=DPI, facecolor=hex_colour(PAPER))
    try:
        axes: Axes = figure.add_axes((0.11, 0.15, 1 - 0.11 - (NAME_WIDTH + 70) / SIZE[0], 0.76))
        axes.set_facecolor(hex_colour(PAPER))
        xs = list(range(len(turns)))
        every = max(1, len(xs) // 12)  # a marker every few points: a 60-turn game's markers would merge into a band
        for line in lines:
            axes.plot(xs, line.values, color=hex_colour(line.colour), linewidth=4, marker=line.marker,
                      markersize=13, markevery=(0, every), markeredgecolor=hex_colour(INK), markeredgewidth=1.2,
                      linestyle=(0, (6, 3)) if line.dashed else "-", clip_on=False)
            axes.plot([xs[-1]], [line.values[-1]], color=hex_colour(line.colour), marker=line.marker, markersize=17,
                      markeredgecolor=hex_colour(INK), markeredgewidth=1.5, clip_on=False)
        if limit is not None:
            axes.axhline(limit[0], color=hex_colour(LIMIT_COLOUR), linewidth=2, linestyle=":")
        close = max(1.0, 0.06 * len(xs))  # marks this near would overlap: each number moves right of the last
        row, last = 0, -math.inf
        for n, index in enumerate(marks, start=1):
            row = row + 1 if index - last < close else 0
            last = index
            axes.axvline(index, color=hex_colour(MUTED), linewidth=2, linestyle="--")
            axes.annotate(str(n), (index, 1.0), xycoords=("data", "axes fraction"), xytext=(48 * row, 6),
                          textcoords="offset pixels", ha="center", va="bottom", color=hex_colour(INK),
                          fontweight="bold", bbox={"boxstyle": "circle,pad=0.25", "facecolor": hex_colour(PAPER),
                                                   "edgecolor": hex_colour(INK), "linewidth": 2})
        low = min(0.0, *(min(line.values) for line in lines))
        high = max(1.0, *(max(line.values) for line in lines), limit[0] if limit else 0.0)
        axes.set_ylim(low, top if top is not None else high * 1.05)
        axes.set_xlim(0, max(1, xs[-1]))
        axes.set_xticks(ticks(xs), [str(turns[i]) for i in ticks(xs)])
        axes.yaxis.set_major_locator(plt.MaxNLocator(5, integer=True))
        for side in ("top", "right"):
            axes.spines[side].set_visible(False)
        axes.grid(axis="y", color=hex_colour(MUTED), alpha=0.35, linewidth=1.5)
        axes.set_xlabel(turn_word.lower())
        axes.set_ylabel(label)
        figure.canvas.draw()
        ends = [axes.transData.transform((xs[-1], line.values[-1]))[1] for line in lines]
        if limit is not None:
            ends.append(axes.transData.transform((0, limit[0]))[1])
        right = axes.transData.transform((xs[-1], 0))[0]
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=DPI, facecolor=hex_colour(PAPER))
    finally:
        plt.close(figure)
    image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    names = [line.name for line in lines] + ([limit[1]] if limit is not None else [])
    colours = [line.colour for line in lines] + ([LIMIT_COLOUR] if limit is not None else [])
    _names(image, names, colours, [SIZE[1] - y for y in ends], right + 34)
    return to_png(image)


def ticks(xs: list[int]) -> list[int]:
    """At most seven of the numbers on a chart's axis (turns, games), the first and last included."""
    step = max(1, -(-len(xs) // 7))
    found = xs[::step]
    if found[-1] != xs[-1]:
        if xs[-1] - found[-1] < step / 2:
            found[-1] = xs[-1]
        else:
            found.append(xs[-1])
    return found


def _names(image: Image.Image, names: list[str], colours: list[RGB], ends: list[float], left: float) -> None:
    """Each name beside its line's end, spread apart where ends are close, with a stroke in its line's colour."""
    drawing = pen(image)
    placed = _spread(ends, NAME_GAP, TEXT, SIZE[1] - TEXT)
    width = SIZE[0] - left - 12
    for name, colour, end, y in zip(names, colours, ends, placed, strict=True):
        drawing.line([(left - 30, end), (left - 8, y)], fill=colour, width=4)
        shown = fit(name, TEXT, width)
        drawing.text((left, y), shown, fill=INK, font=font(TEXT), anchor="lm")


def _spread(ends: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label heights near `ends`, at least `gap` apart and within [low, high], keeping the ends' order: pushed down
    past their upper neighbours, then up from the bottom edge where that ran off it."""
    order = sorted(range(len(ends)), key=lambda i: (ends[i], i))
    placed = [0.0] * len(ends)
    previous = low - gap
    for i in order:
        placed[i] = previous = max(ends[i], previous + gap, low)
    below = high + gap
    for i in reversed(order):
        placed[i] = below = min(placed[i], below - gap)
    return placed
