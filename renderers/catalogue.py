"""The pictures every rule is checked on: each game lists seeded sample views of its board and hands, and the
colours its players must tell apart. Adding a game's pictures to the rule tests, `python -m renderers samples` and
`python -m bench renders` is adding its module to GAMES.

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

from renderers.kit.paint import RGB

# One module per game with pictures.
GAMES = {"planes": "renderers.planes.samples", "planecrafters": "renderers.planecrafters.samples",
         "flight-plan": "renderers.flight_plan.samples", "now-boarding": "renderers.now_boarding.samples"}

# The rules a picture can break, as the tests name them (renderers/README.md explains each one).
RULES = ("drawn", "phone", "clipping", "colour", "letters")


@dataclass(frozen=True)
class Sample:
    name: str  # file stem in docs/images: the game's id first, e.g. "planes-zephyr"
    kind: Literal["board", "hand"]
    caption: str  # what the README says under it
    make_view: Callable[[], dict[str, Any]]  # a seeded view; called once and remembered
    draw: Callable[[dict[str, Any]], Image.Image]  # the renderer's image function (its render_* is to_png of it)
    docs: bool = True  # written to docs/images and benchmarked; False: a stress case for the tests only
    known: frozenset[str] = frozenset()  # RULES this picture still breaks: the tests expect (strictly) a failure
    # Swaps the colours of two players (models…) in the view, or None: with every palette colour painted the same,
    # the picture must still change, so no information rides on colour alone.
    swap_colours: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    _views: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def game(self) -> str:
        # The longest game name the sample's name starts with: "flight-plan-board" is a Flight Plan sample.
        return max((g for g in GAMES if self.name == g or self.name.startswith(g + "-")), key=len)

    def view(self) -> dict[str, Any]:
        if "view" not in self._views:
            self._views["view"] = self.make_view()
        return self._views["view"]


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


@cache
def _module(game: str) -> Any:
    return import_module(GAMES[game])


def samples(game: str | None = None) -> list[Sample]:
    games = [game] if game else list(GAMES)
    return [s for g in games for s in _module(g).SAMPLES]


def palettes(game: str | None = None) -> list[Palette]:
    games = [game] if game else list(GAMES)
    return [p for g in games for p in _module(g).PALETTES]


def sample(name: str) -> Sample:
    return next(s for s in samples() if s.name == name)
