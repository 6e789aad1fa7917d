"""A line of text as runs of one face each, in the order they are seen, measured as they are drawn.

A text is split into grapheme clusters (regex's \\X: a letter with its accents, an Indic syllable, an emoji with its
skin tone, a flag, a ZWJ family stay whole), each drawn in the first face of the stack (renderers.kit.faces) that has
all of it; an emoji asks the colour face first. Spaces and punctuation stay in the face of the run they follow when
it has them, so an Arabic or Chinese name is one run, shaped whole. Right-to-left runs (Arabic, Hebrew) are put in
the order the Unicode bidirectional algorithm gives a left-to-right line (the parts it needs without explicit
embeddings: rules W1-W7, N0 for the common brackets, N1-N2, I1, L2), and each is shaped by raqm in its direction.

Every run sits on one baseline; vertical anchors ("a", "m", "s", "d") are the primary face's, so a name in any script
lines up with the Latin text beside it. `Layout` is what the Pen draws and what the measuring helpers measure."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import regex
from PIL import Image, ImageDraw, ImageFont

from renderers.kit import faces
from renderers.kit.faces import Face

MISSING = "?"
"""Drawn for a character no face on the machine has (never a missing-glyph box)."""

EMOJI_SCALE = 0.85
"""An emoji's size against the text's: about the height from the descenders to just above the capitals, so it fits
wherever a line of text fits."""

_GRAPHEME = regex.compile(r"\X")
_EMOJI = regex.compile(r"\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\ufe0f\u20e3]")
# Characters a face may lack and still draw the cluster: joiners, direction marks and variation selectors steer
# shaping or choose a presentation, and HarfBuzz draws nothing for them when the face has no glyph.
_IGNORABLE = frozenset([0x200C, 0x200D, 0x200E, 0x200F, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
_STRONG_RTL = frozenset(["R", "AL"])
_NEUTRAL = frozenset(["B", "S", "WS", "ON", "BN", "ES", "ET", "CS"])


def graphemes(text: str) -> list[str]:
    return _GRAPHEME.findall(text)


@lru_cache(maxsize=65536)
def face_of(cluster: str) -> Face | None:
    """The face a grapheme cluster is drawn in: the first of the machine's faces that has every character of it."""
    stack = faces.available()
    if _EMOJI.search(cluster):
        stack = tuple(sorted(stack, key=lambda face: not face.colour))
    needed = [ord(c) for c in cluster if ord(c) not in _IGNORABLE]
    for face in stack:
        if all(code in faces.coverage(face) for code in needed):
            return face
    return None


def _shown(cluster: str) -> bool:
    return cluster.isspace() or face_of(cluster) is not None


@lru_cache(maxsize=8192)
def drawable(text: str) -> str:
    """The text as the machine's faces draw it: every cluster no face has becomes MISSING ('?'), nothing else
    changes. The Pen and the measuring helpers apply it, so what is measured is what is drawn."""
    return "".join(c if c == "\n" or _shown(c) else MISSING for c in graphemes(text))


# -- the bidirectional order of a line ------------------------------------------------------------------------------

def _classes(clusters: list[str]) -> list[str]:
    """Each cluster's bidirectional class after the weak-type rules W1-W7 (a cluster's marks take its base's class,
    which is W1)."""
    kinds = [unicodedata.bidirectional(c[0]) or "L" for c in clusters]
    strong = "L"  # the line's start is left to right
    for i, kind in enumerate(kinds):
        if kind == "NSM":
            kinds[i] = kind = kinds[i - 1] if i else "L"
        if kind in ("L", "R", "AL"):
            strong = kind
        elif kind == "EN" and strong == "AL":  # W2
            kinds[i] = "AN"
    kinds = ["R" if k == "AL" else k for k in kinds]  # W3
    for i in range(1, len(kinds) - 1):  # W4
        if kinds[i] in ("ES", "CS") and kinds[i - 1] == kinds[i + 1] == "EN" or \
                kinds[i] == "CS" and kinds[i - 1] == kinds[i + 1] == "AN":
            kinds[i] = kinds[i - 1]
    for i, kind in enumerate(kinds):  # W5: terminators next to a European number join it
        if kind == "ET":
            j = i
            while j < len(kinds) and kinds[j] == "ET":
                j += 1
            before = i > 0 and kinds[i - 1] == "EN"
            if before or (j < len(kinds) and kinds[j] == "EN"):
                for k in range(i, j):
                    kinds[k] = "EN"
    kinds = ["ON" if k in ("ES", "ET", "CS") else k for k in kinds]  # W6
    strong = "L"
    for i, kind in enumerate(kinds):  # W7
        if kind in ("L", "R"):
            strong = kind
        elif kind == "EN" and strong == "L":
            kinds[i] = "L"
    return kinds


def levels(clusters: list[str]) -> list[int]:
    """Each cluster's embedding level on a left-to-right line: 0 left to right, 1 right to left, 2 a number inside
    right-to-left text (rules N1-N2 and I1)."""
    kinds = _classes(clusters)

    def side(kind: str) -> str | None:
        return "R" if kind in ("R", "EN", "AN") else "L" if kind == "L" else None

    for opening, closing in _bracket_pairs(clusters):  # N0: a pair of brackets takes the direction of its inside
        inside = {side(k) for k in kinds[opening + 1:closing]}
        if "L" in inside:
            kinds[opening] = kinds[closing] = "L"
        elif "R" in inside:
            before = next((side(k) for k in reversed(kinds[:opening]) if side(k)), "L")
            kinds[opening] = kinds[closing] = "R" if before == "R" else "L"

    i = 0
    while i < len(kinds):
        if kinds[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(kinds) and kinds[j] in _NEUTRAL:
            j += 1
        before = side(kinds[i - 1]) if i else "L"
        after = side(kinds[j]) if j < len(kinds) else "L"
        resolved = before if before == after and before is not None else "L"
        for k in range(i, j):
            kinds[k] = resolved
        i = j
    return [1 if k == "R" else 2 if k in ("EN", "AN") else 0 for k in kinds]


_BRACKETS = {"(": ")", "[": "]", "{": "}", "«": "»", "‹": "›"}


def _bracket_pairs(clusters: list[str]) -> list[tuple[int, int]]:
    """The positions of each opening bracket and the closing one that matches it (rule BD16, for these brackets)."""
    pairs, open_ = [], []
    for i, cluster in enumerate(clusters):
        if cluster in _BRACKETS:
            open_.append(i)
        else:
            match = next((k for k in range(len(open_) - 1, -1, -1) if _BRACKETS[clusters[open_[k]]] == cluster), None)
            if match is not None:
                pairs.append((open_[match], i))
                del open_[match:]
    return sorted(pairs)


def _visual(items: list[tuple[int, Run]]) -> list[Run]:
    """Rule L2: from the highest level down to 1, reverse every stretch at that level or above."""
    order = list(items)
    for level in range(max((lv for lv, _run in order), default=0), 0, -1):
        i = 0
        while i < len(order):
            if order[i][0] < level:
                i += 1
                continue
            j = i
            while j < len(order) and order[j][0] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = j
    return [run for _level, run in order]


# -- runs and their layout ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    face: Face
    text: str
    rtl: bool


@dataclass(frozen=True)
class Placed:
    """A run at its place on the line: `x` from the line's origin, `advance` its width as typeset; `text` and
    `direction` are what Pillow is given to draw it."""

    run: Run
    text: str
    direction: str | None
    features: list[str] | None
    x: float
    advance: float
    bbox: tuple[float, float, float, float]  # its ink, from (x, baseline)


def runs(text: str) -> list[Run]:
    """The runs of one line of text (already `drawable`), in the order they are seen from left to right."""
    clusters = graphemes(text)
    if not clusters:
        return []
    lv = levels(clusters)
    items: list[tuple[int, Run]] = []
    face: Face | None = None
    for cluster, level in zip(clusters, lv, strict=True):
        own = face_of(cluster) or faces.PRIMARY  # a space the stack lacks: the primary face's
        neutral = unicodedata.bidirectional(cluster[0]) in _NEUTRAL
        invisible = all(ord(c) in _IGNORABLE for c in cluster)  # a direction mark: drawn as nothing, in any face
        if (neutral or invisible) and face is not None and not face.colour and all(
                ord(c) in faces.coverage(face) or ord(c) in _IGNORABLE for c in cluster):
            own = face
        if items and items[-1][1].face == own and items[-1][0] == level and not own.colour:
            last = items[-1][1]
            items[-1] = (level, Run(own, last.text + cluster, last.rtl))
        else:
            items.append((level, Run(own, cluster, level % 2 == 1)))
        face = own
    return _visual(items)


def features_of(face: Face) -> list[str] | None:
    """The face's own OpenType features, as Pillow takes them (raqm applies them; without it there are none)."""
    return list(face.features) or None if faces.layout_engine() is ImageFont.Layout.RAQM else None


def _direction(run: Run) -> str | None:
    return ("rtl" if run.rtl else "ltr") if faces.layout_engine() is ImageFont.Layout.RAQM else None


def _basic_order(run: Run) -> str:
    """Without raqm a right-to-left run is at least in its reading order, cluster by cluster."""
    return "".join(reversed(graphemes(run.text))) if run.rtl and _direction(run) is None else run.text


@dataclass(frozen=True, eq=False)  # one per cluster and size (emoji() keeps them): compared by identity
class Emoji:
    """A colour cluster scaled to the text: RGBA pixels and where they sit from (x, baseline)."""

    image: Image.Image
    offset: tuple[int, int]
    advance: float


@lru_cache(maxsize=2048)
def emoji(cluster: str, size: int) -> Emoji:
    """A colour cluster at `size`: drawn at the bitmaps' own size, then scaled (smoothly) to the text's."""
    strike = faces.loaded(faces.EMOJI, size)
    left, top, right, bottom = (round(v) for v in strike.getbbox(cluster, anchor="ls"))
    big = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(big).text((-left, -top), cluster, font=strike, anchor="ls", embedded_color=True)
    scale = size / faces.STRIKE * EMOJI_SCALE
    small = big.resize((max(1, round(big.width * scale)), max(1, round(big.height * scale))),
                       Image.Resampling.LANCZOS)
    return Emoji(small, (round(left * scale), round(top * scale)), strike.getlength(cluster) * scale)


@dataclass(frozen=True)
class Layout:
    """One line of text at one size, typeset: where each run goes and how wide the whole is."""

    text: str
    size: int
    placed: tuple[Placed, ...]
    advance: float
    simple: bool  # all in the primary face, left to right: Pillow draws it in one call, exactly as it always has

    def ink(self) -> tuple[float, float, float, float]:
        """The ink of the whole line, from (origin, baseline)."""
        boxes = [(p.x + b[0], b[1], p.x + b[2], b[3]) for p in self.placed for b in [p.bbox]]
        if not boxes:
            return (0, 0, 0, 0)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))

    def origin(self, xy: tuple[float, float], anchor: str | None) -> tuple[float, float]:
        """Where the line's origin and baseline go for text drawn at `xy` with Pillow's `anchor`."""
        anchor = anchor or "la"
        x, y = xy
        x -= {"l": 0.0, "m": self.advance / 2, "r": self.advance}[anchor[0]]
        if anchor[1] in "tb":
            _left, top, _right, bottom = self.ink()
            return x, y - (top if anchor[1] == "t" else bottom)
        return x, y + baseline_below(self.size, anchor[1])

    def bbox(self, xy: tuple[float, float], anchor: str | None) -> tuple[float, float, float, float]:
        x, y = self.origin(xy, anchor)
        left, top, right, bottom = self.ink()
        return (x + left, y + top, x + right, y + bottom)


@cache
def primary(size: int) -> ImageFont.FreeTypeFont:
    """The primary face at `size`, marked as the kit's (the Pen sets the kit's fonts' text in runs)."""
    font = faces.loaded(faces.PRIMARY, size)
    font.tarmac_primary = True  # type: ignore[attr-defined]
    return font


@lru_cache(maxsize=256)
def baseline_below(size: int, vertical: str) -> float:
    """How far below y the baseline is for a vertical anchor ('a', 'm', 's', 'd'), as Pillow places the primary."""
    font = primary(size)
    ascent, descent = font.getmetrics()
    return {"a": float(ascent), "s": 0.0, "d": -float(descent), "m": (ascent - descent) / 2}[vertical]


@lru_cache(maxsize=8192)
def layout(text: str, size: int) -> Layout:
    """`text` (one line, already `drawable`) typeset at `size` px."""
    placed: list[Placed] = []
    x = 0.0
    for run in runs(text):
        if run.face.colour:
            piece = emoji(run.text, size)
            w, h = piece.image.size
            bbox = (float(piece.offset[0]), float(piece.offset[1]), float(piece.offset[0] + w),
                    float(piece.offset[1] + h))
            placed.append(Placed(run, run.text, None, None, x, piece.advance, bbox))
            x += piece.advance
            continue
        font = faces.loaded(run.face, size)
        shown = _basic_order(run)
        direction = _direction(run)
        features = features_of(run.face)
        advance = font.getlength(shown, direction=direction, features=features)
        left, top, right, bottom = font.getbbox(shown, direction=direction, features=features, anchor="ls")
        placed.append(Placed(run, shown, direction, features, x, advance,
                             (float(left), float(top), float(right), float(bottom))))
        x += advance
    simple = len(placed) <= 1 and all(p.run.face == faces.PRIMARY and not p.run.rtl for p in placed)
    return Layout(text, size, tuple(placed), x, simple)


def clear() -> None:
    """Forget every face choice and layout (after the machine's faces change, in tests)."""
    for cached in (face_of, drawable, emoji, layout, primary, baseline_below, faces.available, faces.loaded,
                   faces.coverage, faces.layout_engine):
        cached.cache_clear()
