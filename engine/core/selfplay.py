"""Random legal playouts: the backbone of the conformance test and of `python -m engine selfplay`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.contract import Game, GameState
from engine.core.play import LoggedAction, apply, new_game
from engine.core.random_ai import pick
from engine.core.rng import Rng

MAX_ACTIONS = 20_000
"""A game longer than this is a bug (a loop that never ends), not a long game."""


@dataclass
class Playout:
    state: GameState
    actions: list[LoggedAction] = field(default_factory=list)


def playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, str] | None = None,
    on_step: Callable[[GameState, LoggedAction, GameState], None] | None = None,
) -> Playout:
    """Play one game to the end with uniform random choices. The chooser's RNG is separate from the game's."""
    state = new_game(game, players, seed, options)
    chooser = Rng.seeded(seed ^ 0x5EED)
    result = Playout(state)
    while True:
        decisions = game.pending(state)
        if not decisions:
            break
        if len(result.actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{game.name}: seed {seed} did not finish within {MAX_ACTIONS} choices")
        decision = chooser.choice(decisions)
        action = LoggedAction(seat=decision.seat, choice=pick(decision, chooser))
        before = state
        state, _ = apply(game, state, action.seat, action.choice)
        result.actions.append(action)
        if on_step:
            on_step(before, action, state)
    result.state = state
    return result


@dataclass
class Tally:
    """Aggregates `Game.summary` dicts: numbers averaged, strings as shares, lists of strings as frequencies."""

    games: int = 0
    sums: dict[str, float] = field(default_factory=dict)
    shares: dict[str, Counter[str]] = field(default_factory=dict)
    freqs: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, summary: dict[str, Any]) -> None:
        self.games += 1
        for key, value in summary.items():
            if isinstance(value, bool | str):
                self.shares.setdefault(key, Counter())[str(value)] += 1
            elif isinstance(value, int | float):
                self.sums[key] = self.sums.get(key, 0.0) + value
            elif isinstance(value, list):
                self.freqs.setdefault(key, Counter()).update(str(v) for v in value)

    def lines(self) -> list[str]:
        out: list[str] = []
        n = max(self.games, 1)
        for key, total in self.sums.items():
            out.append(f"average {key}: {total / n:.2f}")
        for key, counter in self.shares.items():
            parts = ", ".join(f"{v} {c / n:.1%}" for v, c in counter.most_common())
            out.append(f"{key}: {parts}")
        for key, counter in self.freqs.items():
            parts = ", ".join(f"{v} {c}" for v, c in counter.most_common())
            out.append(f"{key} (count over all games): {parts}")
        return out
