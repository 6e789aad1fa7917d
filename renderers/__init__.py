"""Pure functions from a game view (engine `Game.view`) to PNG bytes. Nothing here imports discord.

Each game's module exposes `render_board(view) -> bytes` (the public view: the channel image) and
`render_hand(view) -> bytes` (one seat's private view: the DM image).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from engine.core.manifest import manifest


class GameRenderer(Protocol):
    def render_board(self, view: dict[str, Any]) -> bytes: ...

    def render_hand(self, view: dict[str, Any]) -> bytes: ...


def manifest_module(name: str, field: str) -> Any:
    """The module that game `name`'s manifest names in `field` ("renderer", "words"), or None if it names none."""
    entry = manifest(name)
    if entry is None or not getattr(entry, field):
        return None
    try:
        return import_module(getattr(entry, field))
    except ModuleNotFoundError:
        return None


def for_game(name: str) -> GameRenderer | None:
    """The renderer its manifest names, or None if it has none (the bot then posts text only)."""
    renderer: GameRenderer | None = manifest_module(name, "renderer")  # a module with render_board and render_hand
    return renderer
