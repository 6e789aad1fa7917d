"""A log of what a renderer drew, so the picture rules are checked from its own layout rather than by eye.

While `recording()` is active, every `Pen` (renderers.kit.paint) logs each text it draws (the string, its font size
and its bounding box measured by Pillow's textbbox) and each filled or outlined shape (rectangle, rounded rectangle,
ellipse, polygon) with its bounding box. `check_layout` then reports, in sentences:

- a text whose capitals are under MIN_TEXT_PX tall at the shown size (renderers.kit.rules.shown_cap_px);
- a text or shape that leaves the canvas;
- a text that spills out of its box: the last shape drawn before it that holds the text's middle, start or end (a
  label on a card, a letter in a chip), measured with the text's own bounding box;
- a text that a shape drawn later covers (hidden under a badge or marker).

Outside `recording()` a Pen logs nothing and costs one context-variable lookup per call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from renderers.kit.rules import MIN_TEXT_PX, shown_cap_px, shown_scale

Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class TextMark:
    order: int
    text: str
    size: int  # font size in canvas pixels
    bbox: Rect


@dataclass(frozen=True)
class ShapeMark:
    order: int
    kind: str
    bbox: Rect
    filled: bool  # an outline alone hides only what its ring crosses
    ring: float = 0  # outline width
    fill: object = None  # the fill colour as the renderer gave it (an RGB tuple, a name), None when not filled

    def hides(self, rect: Rect) -> bool:
        if not _overlap(self.bbox, rect):
            return False
        if self.filled:
            return True
        inner = (self.bbox[0] + self.ring, self.bbox[1] + self.ring, self.bbox[2] - self.ring, self.bbox[3] - self.ring)
        return not _inside(rect, inner, slack=0)


@dataclass
class Recording:
    texts: list[TextMark] = field(default_factory=list)
    shapes: list[ShapeMark] = field(default_factory=list)
    _next: int = 0

    def _order(self) -> int:
        self._next += 1
        return self._next

    def text(self, text: str, size: int, bbox: Rect) -> None:
        self.texts.append(TextMark(self._order(), text, size, bbox))

    def shape(self, kind: str, bbox: Rect, fill: object, ring: float) -> None:
        colour = tuple(fill) if isinstance(fill, (tuple, list)) else fill
        self.shapes.append(ShapeMark(self._order(), kind, bbox, fill is not None, ring, colour))


_ACTIVE: ContextVar[Recording | None] = ContextVar("renderers_kit_recording", default=None)


def active() -> Recording | None:
    return _ACTIVE.get()


@contextmanager
def recording() -> Iterator[Recording]:
    """Log every Pen's drawing inside the block. Cached static layers are drawn afresh meanwhile (kit.layer), so the
    log holds the whole picture."""
    log = Recording()
    token = _ACTIVE.set(log)
    try:
        yield log
    finally:
        _ACTIVE.reset(token)


def _inside(inner: Rect, outer: Rect, slack: float = 0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def _contains_point(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]



def unlabelled_patches(log: Recording, colours: set[tuple[int, int, int]]) -> list[str]:
    """Shapes filled with one of `colours` that no text is drawn on: a patch whose meaning rides on colour alone."""
    problems = []
    for shape in log.shapes:
        if shape.fill in colours:
            labelled = any(t.order > shape.order and _inside(t.bbox, shape.bbox, slack=1) for t in log.texts)
            if not labelled:
                problems.append(f"{shape.kind} {tuple(round(v) for v in shape.bbox)} filled {shape.fill} carries no "
                                "letter or label")
    return problems


def check_layout(log: Recording, size: tuple[int, int]) -> list[str]:
    """Every breach of the phone, no-clipping and no-hiding rules in one picture, as sentences (empty: all good)."""
    width, height = size
    scale = shown_scale(size)
    canvas: Rect = (0, 0, width, height)
    problems: list[str] = []
    for mark in log.texts:
        where = f"text {mark.text!r} at {tuple(round(v) for v in mark.bbox)}"
        if shown_cap_px(mark.size, size) < MIN_TEXT_PX - 1e-9:
            problems.append(f"{where}: font {mark.size} px has capitals {shown_cap_px(mark.size, size):.1f} px tall "
                            f"where shown (the canvas {width}x{height} at {scale:.3f}); at least {MIN_TEXT_PX} px "
                            "needed")
        if not _inside(mark.bbox, canvas):
            problems.append(f"{where}: leaves the {width}x{height} canvas")
            continue
        # Its box: the last shape drawn under the text that holds its middle, or the start or end of its line (a
        # left-aligned label that runs too long still starts inside its box).
        cy = (mark.bbox[1] + mark.bbox[3]) / 2
        points = [((mark.bbox[0] + mark.bbox[2]) / 2, cy), (mark.bbox[0] + 2, cy), (mark.bbox[2] - 2, cy)]
        under = [s for s in log.shapes
                 if s.order < mark.order and any(_contains_point(s.bbox, x, y) for x, y in points)]
        if under:
            box = under[-1]  # the last drawn: a chip over its box, a badge over an arrowhead
            if not _inside(mark.bbox, box.bbox):
                problems.append(f"{where}: spills out of its {box.kind} {tuple(round(v) for v in box.bbox)}")
        covering = [s for s in log.shapes if s.order > mark.order and s.hides(mark.bbox)]
        # A shape drawn later over the text hides it, unless the text is then drawn again on top (a later text
        # mark with the same string at the same place).
        for shape in covering:
            redrawn = any(t.order > shape.order and t.text == mark.text and t.bbox == mark.bbox for t in log.texts)
            if not redrawn:
                problems.append(f"{where}: covered by a {shape.kind} {tuple(round(v) for v in shape.bbox)} "
                                "drawn after it")
                break
    for shape in log.shapes:
        if not _inside(shape.bbox, canvas, slack=1.0):
            problems.append(f"{shape.kind} {tuple(round(v) for v in shape.bbox)} leaves the {width}x{height} canvas")
    return problems
