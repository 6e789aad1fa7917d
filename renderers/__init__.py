"""Pure functions from a game view (engine `Game.view`) to PNG bytes. Nothing here imports discord.

Each game's module exposes `render_board(view) -> bytes` (the public view: the channel image) and
`render_hand(view) -> bytes` (one seat's private view: the DM image).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol


class GameRenderer(Protocol):
    def render_board(self, view: dict[str, Any]) -> bytes: ...

    def render_hand(self, view: dict[str, Any]) -> bytes: ...


_MODULES = {"planes": "renderers.planes", "planecrafters": "renderers.planecrafters",
            "flight-plan": "renderers.flight_plan", "now-boarding": "renderers.now_boarding"}


def for_game(name: str) -> GameRenderer | None:
    """The renderer of a game, or None if it has none yet (the bot then posts text only)."""
    module = _MODULES.get(name)
    if module is None:
        return None
    try:
        return import_module(module)  # type: ignore[return-value]
    except ModuleNotFoundError:
        return None
