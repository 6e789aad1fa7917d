"""Random legal playouts: the backbone of the conformance test and of `python -m engine selfplay`.

Choices follow each game's playout policy (`GameAI.playout_plan`): random, but shaped the way people play, so that
games reach their real endings instead of wandering until a safety limit stops them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.random_ai import plan_offer
from engine.core.contract import Game, GameState, Offer
from engine.core.play import LoggedAction, apply, apply_in_place, legal, logged, new_game
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
    uniform: bool = False,
    ai: GameAI | None = None,
) -> Playout:
    """Play one game to the end by the game's playout policy (`GameAI.playout_plan`), or with uniformly random
    choices if `uniform`. The chooser's RNG is separate from the game's, so the game's own dice are untouched.
    `ai`: the game's AI hooks (default: those its manifest names)."""
    ai = ai_for(game) if ai is None else ai
    state = new_game(game, players, seed, options)
    chooser = Rng.seeded(seed ^ 0x5EED)
    result = Playout(state)
    queued: list[str] = []  # the rest of the current plan
    queued_seat = -1
    offers = legal(game, state)  # the open decisions without their labels, which no playout reads
    while offers:
        if len(result.actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{game.name}: seed {seed} did not finish within {MAX_ACTIONS} choices")
        # Follow the plan while its next step is still on offer to the same seat; otherwise make a new one.
        ahead = None
        if queued:
            for o in offers:  # a plain loop, cheaper than next() on a generator: it runs at every choice
                if o.seat == queued_seat:
                    ahead = o
                    break
        if ahead is not None and queued[0] in ahead.ids:
            action = logged(seat=queued_seat, choice=queued.pop(0))
        else:
            offer = chooser.choice(offers)
            steps = [chooser.choice(offer.ids)] if uniform else plan_offer(game, state, offer, chooser, True, ai)
            action = logged(seat=offer.seat, choice=steps[0])
            queued, queued_seat = steps[1:], offer.seat
        result.actions.append(action)
        if on_step:
            before = state
            state, _ = apply(game, state, action.seat, action.choice, offers)
            on_step(before, action, state)
            offers = legal(game, state)
        else:
            # Nobody looks at the states in between: play on one private state rather than copying it every time.
            after: list[Offer] = []
            apply_in_place(game, state, action.seat, action.choice, offers, after)
            offers = after or legal(game, state)
    result.state = state
    return result


@dataclass
class Tally:
    """Aggregates `GameAI.summary` dicts: numbers averaged, strings as shares, lists of strings as frequencies."""

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

    def lines(self, known: dict[str, list[str]] | None = None) -> list[str]:
        """Printable figures; `known` lists every value a share key can take, so unseen ones show as 0.0%."""
        out: list[str] = []
        n = max(self.games, 1)
        for key, total in self.sums.items():
            out.append(f"average {key}: {total / n:.2f}")
        for key, values in (known or {}).items():
            counter = self.shares.setdefault(key, Counter())
            for value in values:
                counter[value] += 0
        for key, counter in self.shares.items():
            ranked = sorted(counter.items(), key=lambda vc: -vc[1])
            parts = ", ".join(f"{v} {c / n:.1%} ({c})" for v, c in ranked)
            out.append(f"{key}: {parts}")
        for key, counter in self.freqs.items():
            parts = ", ".join(f"{v} {c}" for v, c in counter.most_common())
            out.append(f"{key} (count over all games): {parts}")
        return out
