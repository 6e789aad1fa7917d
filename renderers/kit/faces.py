"""The typefaces every picture is drawn in: Noto Sans first, then a face for each script it lacks, then colour emoji.

Members write their names in every script, so one face is not enough. Each character is drawn in the first face of
`STACK` that has it (renderers.kit.runs splits a text into runs by face). Most faces come from PyPI as ordinary
dependencies (the fontpkg packages, so their versions are pinned like any other); the ones PyPI does not carry come
from Debian packages, which `python -m renderers faces --install` (and .ci/run) installs. A face that is missing is
named once, with its package, in a warning at start (`report_missing`), and only the characters no face on the
machine has are drawn as "?".

Why Noto Sans (renderers/README.md shows the comparison): of the three faces compared at the boards' smallest text
(Noto Sans, Inter and Atkinson Hyperlegible at 37 px on 1200 px, shown 373 px wide), Atkinson Hyperlegible tells its
letters apart best but has only Latin (no Greek, no Cyrillic); Inter covers those but draws capital I and small l
as the same bar; Noto Sans covers Latin, Greek, Cyrillic and Devanagari in one face, gives its capital I serifs, and
is the same design as every fallback below, so a table of names in several scripts reads as one typeface.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont, features

log = logging.getLogger("tarmac.renderers")

DEBIAN_FONTS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))


@dataclass(frozen=True)
class Face:
    name: str  # as its foundry names it
    scripts: str  # what it is in the stack for, in a warning's words
    package: str  # where it comes from: "pypi:NAME" or "debian:NAME"
    file: str  # the font file: a fontpkg family's slug (PyPI) or the file's name under DEBIAN_FONTS
    index: int = 0  # the face within a collection (.ttc)
    colour: bool = False  # colour bitmaps (emoji): drawn at STRIKE px and scaled, never in one ink
    features: tuple[str, ...] = ()  # OpenType features it is always set with

    @property
    def install(self) -> str:
        kind, name = self.package.split(":")
        return f"pip install {name}" if kind == "pypi" else f"apt-get install {name}"

    def path(self) -> Path | None:
        kind, _name = self.package.split(":")
        return _pypi_path(self.file) if kind == "pypi" else _debian_path(self.file)


STRIKE = 109
"""The only size Noto Color Emoji's bitmaps come in (FreeType refuses any other): scaled to the text's size."""

# Its ss04 sets J on the baseline, as most sans faces do: a J's tail under the line ran out of a code's tag ("JFK").
PRIMARY = Face("Noto Sans", "Latin, Greek, Cyrillic and Devanagari", "pypi:fontpkg-noto-sans", "noto-sans",
               features=("ss04",))
EMOJI = Face("Noto Color Emoji", "emoji", "debian:fonts-noto-color-emoji", "NotoColorEmoji.ttf", colour=True)
STACK: tuple[Face, ...] = (
    PRIMARY,
    Face("Noto Sans Arabic", "Arabic", "pypi:fontpkg-noto-sans-arabic", "noto-sans-arabic"),
    Face("Noto Sans Hebrew", "Hebrew", "debian:fonts-noto-core", "NotoSansHebrew-Regular.ttf"),
    Face("Noto Sans Thai", "Thai", "pypi:fontpkg-noto-sans-thai", "noto-sans-thai"),
    # Han characters take their Simplified Chinese forms (most names in Han characters are Chinese); kana and
    # Hangul are the same in every face of the collection.
    Face("Noto Sans CJK SC", "Chinese, Japanese and Korean", "debian:fonts-noto-cjk", "NotoSansCJK-Regular.ttc",
         index=2),
    EMOJI,
)


def _pypi_path(slug: str) -> Path | None:
    try:
        import fontpkg
    except ImportError:
        return None
    try:
        return fontpkg.path(slug)
    except fontpkg.FontpkgError:
        return None


@cache
def _debian_path(file: str) -> Path | None:
    for root in DEBIAN_FONTS:
        found = sorted(root.rglob(file)) if root.is_dir() else []
        if found:
            return found[0]
    return None


@cache
def available() -> tuple[Face, ...]:
    """The faces of the stack this machine has, in the stack's order."""
    return tuple(face for face in STACK if face.path() is not None)


def missing() -> tuple[Face, ...]:
    return tuple(face for face in STACK if face not in available())


@cache
def layout_engine() -> ImageFont.Layout:
    """Raqm (HarfBuzz shaping, FriBiDi) joins Arabic letters and orders Devanagari and Thai marks; without it text
    is still drawn, letter by letter."""
    return ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC


def problems() -> list[str]:
    """One sentence per thing this machine lacks for drawing every member's name, naming what to install."""
    lines = [f"No {face.name} on this machine, so {face.scripts} characters in names are drawn as '?': "
             f"{face.install} (or run `python -m renderers faces --install`)." for face in missing()]
    if layout_engine() is ImageFont.Layout.BASIC:
        lines.append("Pillow's raqm text layout is unavailable (it needs FriBiDi: apt-get install libfribidi0), so "
                     "Arabic and Hebrew names are drawn unjoined and Devanagari and Thai marks may sit wrong.")
    return lines


def report_missing(say: Callable[[str], None] | None = None) -> list[str]:
    """Name every missing face once, as the bot starts (a warning in its log by default)."""
    lines = problems()
    for line in lines:
        (say or log.warning)(line)
    return lines


@cache
def loaded(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """The face at `size` px (a colour face at its bitmaps' STRIKE size). Only faces of `available()`."""
    path = face.path()
    assert path is not None, f"{face.name} is not on this machine"
    return ImageFont.truetype(str(path), STRIKE if face.colour else size, index=face.index,
                              layout_engine=layout_engine())


@cache
def coverage(face: Face) -> frozenset[int]:
    """The characters the face has a glyph for (its character map): read once, when a character first needs it."""
    from fontTools.ttLib import TTFont

    path = face.path()
    assert path is not None, f"{face.name} is not on this machine"
    with TTFont(str(path), fontNumber=face.index, lazy=True) as font:
        return frozenset(font.getBestCmap())
