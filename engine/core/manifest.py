"""One manifest per game: where its engine, renderer, sample pictures and rules pages are, read by one registry.

A game's package holds a `manifest.py` with `MANIFEST = GameManifest(...)`; `manifests()` finds every one of them
(no list to keep by hand), in the order menus show the games. The renderer and the samples are named by module path,
never imported here: they draw with Pillow, which the engine must not import (DESIGN.md's layering), so only the
renderers' side (renderers.for_game, renderers.catalogue) imports them. A test may `register` a game of its own.
engine/README.md's "Adding a game" walks through it.
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository root, where the rules files named in manifests are found."""


@dataclass(frozen=True)
class GameManifest:
    name: str
    """The game's id: the registry's key, the `game` of its states, the first word of its sample pictures' names."""
    engine: str
    """The Game instance, as "module:attribute" (imported only when the game is first asked for)."""
    order: int
    """Where lists of games (the lobby's, `python -m engine`'s) put it: lower first."""
    rules: str = ""
    """The rules pages (`/game rules`): a Markdown file, one page per '## ' heading, relative to the repository root
    (`engine.core.rules_pages.rules` reads it). Empty: no pages."""
    renderer: str = ""
    """The module whose `render_board(view)` and `render_hand(view)` draw its pictures. Empty: the bot posts text."""
    words: str = ""
    """The module whose `describe(view)` and `describe_hand(view)` put the board and a hand in words
    (renderers/words.py): the pictures' alt text and the text boards of members who ask for them. Empty: none."""
    samples: str = ""
    """The module listing its SAMPLES and PALETTES for the picture rules, `python -m renderers samples` and `bench`
    (renderers/catalogue.py). Empty: none."""
    ai: str = ""
    """The game's AI hooks (a subclass of `engine.core.ai.hooks.GameAI`), as "module:attribute": its playout
    policy, scores for the search, its own planners. Empty: the defaults (uniform playouts, the search at every
    level)."""
    commands: str = ""
    """Its typed moves (a subclass of `engine.core.typed.GameCommands`), as "module:attribute". Empty: no typed
    commands."""
    table: str = ""
    """Its table's flow (a subclass of `engine.core.table.TableFlow`), as "module:attribute": how turns are counted and
    named, clocks and what they stand for, why an idle seat waits. Empty: the defaults."""
    seats_called: str = "players"
    """What the players' manual calls the seats in the game's line ("2-6 airlines"), plural."""
    about: str = ""
    """How the game plays in a few sentences, for its paragraph in the players' manual (docs/playing.md, "How each
    game plays", which `python -m engine docs` writes from the manifests): what the players do, what is hidden, and
    the `/game rules` topics worth naming, in backticks. Empty for an example, which no manual names."""
    example: bool = False
    """An example to copy, not a game to play (engine/README.md, "Adding a game"): the registry, the generic tests
    and the tools take it up like any game, but the bot offers it to no one unless it is given the game by name
    (`registry.offered`)."""


_registered: dict[str, GameManifest] = {}
"""Games a test registered, on top of the packages' own."""


@cache
def _found() -> tuple[GameManifest, ...]:
    """The manifests of engine/'s game packages (core, the shared contract, is none; nor a package without one)."""
    import engine

    found: list[GameManifest] = []
    for package in pkgutil.iter_modules(engine.__path__):
        if not package.ispkg or package.name == "core":
            continue
        name = f"engine.{package.name}.manifest"
        try:
            module = import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            continue
        found.append(module.MANIFEST)
    return tuple(found)


def manifests() -> list[GameManifest]:
    """Every game's manifest, in menu order."""
    every = {m.name: m for m in _found()} | _registered
    return sorted(every.values(), key=lambda m: (m.order, m.name))


def manifest(name: str) -> GameManifest | None:
    return next((m for m in manifests() if m.name == name), None)


def register(entry: GameManifest) -> None:
    """Add a game that no package of engine/ holds (a test's own); `unregister` takes it away again."""
    _registered[entry.name] = entry


def unregister(name: str) -> None:
    _registered.pop(name, None)
