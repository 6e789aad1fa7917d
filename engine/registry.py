"""The games, as their manifests list them (engine/core/manifest.py). Each engine is imported when first asked for,
so one broken game cannot stop the others from loading."""

from __future__ import annotations

from importlib import import_module

from engine.core.contract import Game
from engine.core.manifest import manifest, manifests

_loaded: dict[str, Game] = {}
"""Engines by the "module:attribute" their manifest names."""


def names() -> list[str]:
    """Names of the games whose engine is present, in menu order, the examples among them (see `offered`)."""
    return [m.name for m in manifests() if _available(m.name)]


def offered() -> list[str]:
    """The games the bot offers its players by default: every one of `names` but the examples (a manifest's
    `example`: kept to be copied and tested like every game, it is no game anyone came to play)."""
    examples = {m.name for m in manifests() if m.example}
    return [name for name in names() if name not in examples]


def _available(name: str) -> bool:
    try:
        get(name)
    except ModuleNotFoundError:
        return False
    return True


def get(name: str) -> Game:
    entry = manifest(name)
    if entry is None:
        raise KeyError(f"unknown game '{name}'")
    found = _loaded.get(entry.engine)
    if found is None:
        module, attr = entry.engine.split(":")
        found = _loaded[entry.engine] = getattr(import_module(module), attr)
    if found.name != name:
        raise ValueError(f"the manifest of '{name}' names the engine of '{found.name}'")
    return found
