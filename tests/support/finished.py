"""Seeded finished games of every registered game, for the after-the-game tests (engine/analysis, renderers/after)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine import registry
from engine.core import Game, GameState
from engine.core.ai.selfplay import playout
from engine.core.turns import Turn, group, play


@dataclass
class Finished:
    game: Game
    start: GameState
    turns: list[Turn]
    seed: int

    @property
    def players(self) -> int:
        return self.start.players


@cache
def finished(name: str, players: int, seed: int) -> Finished:
    """One game played to its end by its playout policy, replayed into turns (cached: the states are only read)."""
    game = registry.get(name)
    run = playout(game, players, seed)
    start, steps = play(game, players, seed, run.state.options, [(a.seat, a.choice) for a in run.actions])
    return Finished(game, start, group(game, steps), seed)


def every_game() -> list[tuple[str, int]]:
    """Each registered game at its fewest and its most players."""
    cases = []
    for name in registry.names():
        game = registry.get(name)
        cases += [(name, players) for players in sorted({game.info.min_players, game.info.max_players})]
    return cases
