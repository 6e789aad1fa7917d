"""The list of games. Each entry is imported lazily so one broken game cannot stop the others from loading."""

from __future__ import annotations

from importlib import import_module

from engine.core.contract import Game

# name -> "module:attribute" of a Game instance
_ENTRIES: dict[str, str] = {
    "planes": "engine.planes.game:GAME",
    "planecrafters": "engine.planecrafters.game:GAME",
    "now-boarding": "engine.now_boarding.game:GAME",
    "flight-plan": "engine.flight_plan.game:GAME",
}
_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """Names of the games whose engine is present."""
    return [name for name in _ENTRIES if _available(name)]


def _available(name: str) -> bool:
    try:
        get(name)
    except ModuleNotFoundError:
        return False
    return True


def get(name: str) -> Game:
    if name not in _loaded:
        if name not in _ENTRIES:
            raise KeyError(f"unknown game '{name}'")
        module, attr = _ENTRIES[name].split(":")
        _loaded[name] = getattr(import_module(module), attr)
    return _loaded[name]
