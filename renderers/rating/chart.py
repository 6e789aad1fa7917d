"""A member's rating over their rated games, as a small PNG: the rating as shown (μ − 3σ on the 1,500 scale) after
each rated game, a point a game, inside a band that reaches up to μ on the same scale.

The band is the doubt the rating still carries: its top is what the rating would be were the system sure of the
member (μ), its height is 3σ, and it narrows as they play, so a newcomer's line climbs into a wide band and a settled
player's runs along the bottom of a thin one. Provisional games (fewer than a board needs) are hollow points, and the
key says so: nothing rests on colour alone (the band is hatched, its top edge dashed).

Drawn with matplotlib's Agg backend, as the after-the-game charts are (renderers/after/charts.py registers the
fonts), on a 16:9 canvas 1200 px wide: shown 400 px wide it is 225 px tall, small beside the stats' words, with the
same 37 px text the boards use. The title, which holds the member's name in any script, is set by the kit's Pen.
The figure is made without pyplot's global list of figures, so two charts drawn in two worker threads at once do not
share one.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from PIL import Image

from renderers.after.charts import hex_colour, pyplot, ticks
from renderers.kit import record
from renderers.kit.paint import INK, MUTED, PAPER, fit, font, pen, text_width, to_png
from renderers.kit.rules import min_font_px
from renderers.rating.history import RatingHistory

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.transforms import Bbox

SIZE = (1200, 675)
DPI = 100
TEXT = min_font_px(SIZE)
"""Every text of the chart: the smallest still legible where Discord shows it (37 px)."""
TITLE = 44
LINE = (0, 114, 178)
"""Okabe and Ito's blue: the rating's line and points."""
BAND = (214, 230, 242)
BAND_EDGE = (86, 140, 190)
"""The band's fill and its hatching and dashed top edge: a lighter and a middle tone of the line's blue."""
LEFT, RIGHT, BOTTOM, TOP = 150, 190, 140, 150
"""Canvas pixels around the axes: the ratings' ticks, the last rating's label, the games' ticks and label, and the
title and key."""
POINT = 13
"""A point's size in points (matplotlib's unit): 18 canvas px across."""


def rating_chart(history: RatingHistory) -> bytes:
    """The chart of a member with at least two rated games (fewer give no line: the words say so instead)."""
    if len(history.points) < 2:
        raise ValueError("a rating chart needs at least two rated games")
    pyplot()  # the fonts and the text size, registered once for every chart
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter
    from matplotlib.transforms import Bbox

    figure: Figure = Figure(figsize=(SIZE[0] / DPI, SIZE[1] / DPI), dpi=DPI, facecolor=hex_colour(PAPER))
    FigureCanvasAgg(figure)
    width, height = SIZE
    axes: Axes = figure.add_axes((LEFT / width, BOTTOM / height, 1 - (LEFT + RIGHT) / width,
                                  1 - (BOTTOM + TOP) / height))
    axes.set_facecolor(hex_colour(PAPER))
    points = history.points
    xs = [p.number for p in points]
    ratings = [p.rating for p in points]
    tops = [p.top for p in points]
    band = axes.fill_between(xs, ratings, tops, facecolor=hex_colour(BAND), edgecolor=hex_colour(BAND_EDGE),
                             hatch="//", linewidth=0, zorder=1)
    band.set_hatch_linewidth(2.0)  # the artist's own: rcParams are every thread's
    axes.plot(xs, tops, color=hex_colour(BAND_EDGE), linewidth=2.5, linestyle=(0, (5, 3)), zorder=2)
    axes.plot(xs, ratings, color=hex_colour(LINE), linewidth=4, zorder=3)
    settled = [p for p in points if not p.provisional]
    early = [p for p in points if p.provisional]
    axes.plot([p.number for p in settled], [p.rating for p in settled], linestyle="none", marker="o",
              markersize=POINT, markerfacecolor=hex_colour(LINE), markeredgecolor=hex_colour(INK),
              markeredgewidth=1.5, zorder=4, clip_on=False)
    axes.plot([p.number for p in early], [p.rating for p in early], linestyle="none", marker="o",
              markersize=POINT, markerfacecolor=hex_colour(PAPER), markeredgecolor=hex_colour(LINE),
              markeredgewidth=3.5, zorder=4, clip_on=False)
    last = points[-1]
    axes.annotate(f"{last.rating:,}" + ("?" if last.provisional else ""), (last.number, last.rating),
                  xytext=(18, 0), textcoords="offset pixels", ha="left", va="center", color=hex_colour(INK),
                  fontweight="bold", annotation_clip=False)
    low, high = min(ratings), max(tops)
    pad = max(15.0, 0.08 * (high - low))
    axes.set_ylim(low - pad, high + pad)
    margin = max(0.3, 0.025 * (xs[-1] - xs[0]))
    axes.set_xlim(xs[0] - margin, xs[-1] + margin)
    axes.set_xticks(ticks(xs))
    axes.yaxis.set_major_locator(pyplot().MaxNLocator(4, integer=True))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: f"{value:,.0f}"))
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.grid(axis="y", color=hex_colour(MUTED), alpha=0.35, linewidth=1.5)
    axes.set_xlabel("rated game")
    key = _key(provisional=bool(early))
    figure.legend(handles=key, loc="upper left", bbox_to_anchor=(24 / width, 1 - 66 / height), ncol=len(key),
                  frameon=False, handlelength=1.6, handletextpad=0.5, columnspacing=1.4, borderaxespad=0)
    figure.canvas.draw()
    log = record.active()
    if log is not None:
        # The band as drawn: clipped to the axes, as matplotlib clips it.
        _log(figure, axes, history, Bbox.intersection(band.get_window_extent(), axes.bbox) or axes.bbox, log)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, facecolor=hex_colour(PAPER))
    image = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    drawing = pen(image)
    # A long name is cut, never the game's title after it.
    after = f": {history.game} rating"
    name = fit(history.name, TITLE, max(TITLE * 4, width - 64 - text_width(after, TITLE)))
    drawing.text((32, 14), fit(name + after, TITLE, width - 64), fill=INK, font=font(TITLE))
    return to_png(image)


def _key(*, provisional: bool) -> list[Artist]:
    """The key above the axes: the line, the band and (when the chart has any) the provisional points, each by its
    own shape, so the key reads without colour."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    key: list[Artist] = [
        Line2D([], [], color=hex_colour(LINE), linewidth=4, marker="o", markersize=POINT,
               markerfacecolor=hex_colour(LINE), markeredgecolor=hex_colour(INK), label="rating"),
        Patch(facecolor=hex_colour(BAND), edgecolor=hex_colour(BAND_EDGE), hatch="//", hatch_linewidth=2.0,
              label="band: up to μ")]
    if provisional:
        key.append(Line2D([], [], linestyle="none", marker="o", markersize=POINT, markerfacecolor=hex_colour(PAPER),
                          markeredgecolor=hex_colour(LINE), markeredgewidth=3.5, label="provisional (?)"))
    return key


def _hidden_tick(axes: Axes, text: object) -> bool:
    """A tick label the locator made beyond the axes' limits: matplotlib keeps it but does not draw it."""
    for axis in (axes.xaxis, axes.yaxis):
        low, high = sorted(axis.get_view_interval())
        for tick in axis.get_major_ticks():
            if tick.label1 is text:
                return not low - 1e-9 <= tick.get_loc() <= high + 1e-9
    return False


def _log(figure: Figure, axes: Axes, history: RatingHistory, band: Bbox, log: record.Recording) -> None:
    """What matplotlib drew, in the kit's recording, so the picture rules are checked on it as on every board: the
    band and each point as shapes, every text (ticks, key, label, the last rating) with its size."""
    from matplotlib.text import Text

    height = SIZE[1]
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg's canvas has one

    def flipped(x0: float, y0: float, x1: float, y1: float) -> record.Rect:
        return (x0, height - y1, x1, height - y0)

    log.shape("band", flipped(band.x0, band.y0, band.x1, band.y1), BAND, 0)
    radius = POINT * DPI / 72 / 2
    for point in history.points:
        x, y = axes.transData.transform((point.number, point.rating))
        log.shape("point", flipped(x - radius, y - radius, x + radius, y + radius),
                  PAPER if point.provisional else LINE, 0)
    for text in figure.findobj(Text):
        if not text.get_visible() or not text.get_text().strip() or _hidden_tick(axes, text):
            continue
        box = text.get_window_extent(renderer)
        points = float(text.get_fontsize())
        log.text(text.get_text(), round(points * DPI / 72), flipped(box.x0, box.y0, box.x1, box.y1))
