"""Where a game's parts beside its rules are found: the classes its manifest names (the AI's hooks, typed moves,
the table's flow), each imported when first asked for and made once per game, with the game they serve.

A game's manifest names each as "module:attribute" (`GameManifest.ai`, `.commands`, `.table`). A game no manifest
names (a test's own, or a test's variant of a shipped game under another name) finds them beside its class instead:
the manifest of the nearest class it derives from that a manifest's engine is defined in, else an attribute of the
given name (`AI`, `COMMANDS`, `TABLE`) in the module of that class. None found: the caller's default class.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from sys import modules
from typing import TypeVar

from engine.core.contract import Game
from engine.core.manifest import GameManifest, manifests

Hooks = TypeVar("Hooks")

_made: dict[tuple[int, type], tuple[Game, object]] = {}
"""The hook objects made so far, by game (kept alive with it, so its id is never reused) and class."""


def hooks_for(game: Game, field: str, attribute: str, base: type[Hooks], default: type[Hooks]) -> Hooks:
    """The object of the class `beside` finds for `game` (a subclass of `base`, else `default`), made for it once."""
    kind = beside(game, field, attribute)
    made = kind if isinstance(kind, type) and issubclass(kind, base) else default
    key = (id(game), made)
    found = _made.get(key)
    if found is None:
        found = _made[key] = (game, made(game))  # type: ignore[call-arg]
    hooks = found[1]
    assert isinstance(hooks, base)
    return hooks


def load(path: str) -> object:
    """The object a "module:attribute" names."""
    module, attribute = path.split(":")
    return getattr(import_module(module), attribute)


def beside(game: Game, field: str, attribute: str) -> object | None:
    """The object the manifest field `field` names for `game`, or that its class's module holds as `attribute`."""
    return _beside(type(game), game.name, field, attribute, tuple(manifests()))


@cache
def _beside(kind: type[Game], name: str, field: str, attribute: str, every: tuple[GameManifest, ...]) -> object | None:
    for cls in kind.__mro__:
        if cls is Game:
            break
        named = _named(every, name, cls.__module__, field)
        if named:
            return load(named)
        found: object | None = getattr(modules.get(cls.__module__), attribute, None)
        if found is not None:
            return found
    return None


def _named(every: tuple[GameManifest, ...], name: str, module: str, field: str) -> str:
    """The `field` of the manifest of game `name`, or of one whose engine is defined in `module` ("" if none)."""
    for entry in every:
        if entry.name == name or entry.engine.split(":")[0] == module:
            named = getattr(entry, field)
            if named:
                return str(named)
    return ""
