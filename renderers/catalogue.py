"""The pictures every rule is checked on: each game lists seeded sample views of its board and hands, and the
colours its players must tell apart. A game's manifest (engine/core/manifest.py) names its samples module, which puts
its pictures in the rule tests, `python -m renderers samples` and `python -m bench renders`.

A game's samples module exposes:

    SAMPLES: list[Sample]     # its board(s) and hand(s) from seeded games, plus stress cases (long names…)
    PALETTES: list[Palette]   # each set of colours that carry information (player colours, models…)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any, Literal

from PIL import Image

from engine.core.manifest import manifest, manifests
from renderers.kit.paint import RGB
from renderers.names import SAMPLE_NAMES, name_view

# The rules a picture can break, as the tests name them (renderers/README.md explains each one).
RULES = ("drawn", "phone", "clipping", "colour", "letters", "read", "shape")


@dataclass(frozen=True)
class Sample:
    name: str  # file stem in docs/images: the game's id first, e.g. "planes-zephyr"
    kind: Literal["board", "hand"]
    caption: str  # what the gallery (docs/pictures.md) says under it
    make_view: Callable[[], dict[str, Any]]  # a seeded view; called once and remembered
    draw: Callable[[dict[str, Any]], Image.Image]  # the renderer's image function (its render_* is to_png of it)
    # The views of the moves before this one in the same seeded game, oldest first, or None: `python -m bench
    # renders` draws them in order before the picture, as a game would, so a cache of what a move drew helps it
    # only as much as it would in play (kit.layer.remembers_moves).
    moves_before: Callable[[], list[dict[str, Any]]] | None = None
    docs: bool = True  # written to docs/images and benchmarked; False: a stress case for the tests only
    known: frozenset[str] = frozenset()  # RULES this picture still breaks: the tests expect (strictly) a failure
    # Swaps the colours of two players (models…) in the view, or None: with every palette colour painted the same,
    # the picture must still change, so no information rides on colour alone.
    swap_colours: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # What players read most on it (whose turn, the scores…), as strings the view gives, or None: each must be drawn
    # at least once, inside a text set at rules.READ_MOST_PX or more where a phone shows the picture (the "read" rule).
    read_most: Callable[[dict[str, Any]], list[str]] | None = None
    _views: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def game(self) -> str:
        # The longest game name the sample's name starts with: "flight-plan-board" is a Flight Plan sample.
        return max((g for g in games() if self.name == g or self.name.startswith(g + "-")), key=len)

    def view(self) -> dict[str, Any]:
        """The sample's view, its seats named as the bot names a table's (sample members' names where the engine
        says "Seat 1" or "Player 1"), so the docs show what a table sees."""
        if "view" not in self._views:
            self._views["view"] = name_view(self.make_view(), SAMPLE_NAMES)
        return self._views["view"]

    def before(self) -> list[dict[str, Any]]:
        """The views of the moves before this one (moves_before), named as `view` names them; none if not given."""
        return [name_view(v, SAMPLE_NAMES) for v in self.moves_before()] if self.moves_before else []


@dataclass(frozen=True)
class Palette:
    """Colours that carry information: each must stay apart from the others in every colour vision, and every patch
    of one of them in the game's pictures must carry a letter or label (the "colour" rule)."""

    name: str
    colours: dict[str, RGB]
    # The mutable dict the renderer paints from, so a test can paint every colour the same (see Sample.swap_colours).
    live: dict[str, RGB] | None = None
    known: bool = False  # this palette still fails the colour-difference rule (the test expects it to)
    # Colours that may also fill a plain background (a card's paper): the letter check skips them.
    backgrounds: frozenset[RGB] = frozenset()


def games() -> list[str]:
    """The games whose manifest names a samples module, in menu order."""
    return [m.name for m in manifests() if m.samples]


@cache
def _module(path: str) -> Any:
    return import_module(path)


def _samples_module(game: str) -> Any:
    entry = manifest(game)
    if entry is None or not entry.samples:
        raise KeyError(f"no sample pictures for '{game}'")
    return _module(entry.samples)


def samples(game: str | None = None) -> list[Sample]:
    return [s for g in ([game] if game else games()) for s in _samples_module(g).SAMPLES]


def palettes(game: str | None = None) -> list[Palette]:
    return [p for g in ([game] if game else games()) for p in _samples_module(g).PALETTES]


def sample(name: str) -> Sample:
    return next(s for s in samples() if s.name == name)
