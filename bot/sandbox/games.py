"""The games as the sandbox offers them: the real engines, with defaults that suit one person playing every seat.

Now Boarding's round timer (15-30 seconds by the book) cannot be met by someone who switches "Viewing as" between
pilots for each move, so in the sandbox its lobby starts with no timer; the option's name in the lobby says so, and
its help says why. The host can still pick any timer. Nothing else changes: the state, the rules and the saved games
are the engine's own.
"""

from __future__ import annotations

from engine import registry
from engine.core import Game

NO_TIMER = ("In the sandbox one person plays every pilot, switching between them, so a round starts with no timer "
            "here; pick one to play against the clock.")

SANDBOX_DEFAULTS = {"now-boarding": {"timer": ("async", "Round timer (sandbox: none)", NO_TIMER)}}
"""Option defaults of the sandbox, by game: option key -> (value, its name in the lobby, why, added to its help)."""


def sandbox_games() -> dict[str, Game]:
    games = {name: registry.get(name) for name in registry.offered()}
    for name, defaults in SANDBOX_DEFAULTS.items():
        games[name] = _with_defaults(games[name], defaults)
    return games


def _with_defaults(game: Game, defaults: dict[str, tuple[str, str, str]]) -> Game:
    specs = [spec.model_copy(update={"default": defaults[spec.key][0], "label": defaults[spec.key][1],
                                     "help": f"{spec.help} {defaults[spec.key][2]}"})
             if spec.key in defaults else spec for spec in game.option_specs]
    assert all(any(c.value == s.default for c in s.choices) for s in specs), "a sandbox default is one of the choices"
    cls = type(f"Sandbox{type(game).__name__}", (type(game),), {"option_specs": specs, "__doc__": type(game).__doc__})
    return cls()
