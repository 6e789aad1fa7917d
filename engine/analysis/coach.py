"""A hint for a learner: what the Normal AI would choose for a seat now, and what the search expected of it.

Made from the seat's own view alone: the search reads the state only through `Game.redeal_hidden(state, seat, rng)`
(engine.core.ai.search), and a game's own planner (`GameAI.level_plan`) promises the same, so a hint is identical on any
re-deal of what the seat cannot see (tests/engine/test_analysis.py checks it on every game). The budget is Normal's
iteration cap without its time limit, so the same state and seed always give the same hint, on a busy machine too.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.ai import levels
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import Budget, Search
from engine.core.contract import Game, GameState
from engine.core.rng import Rng

HINT = Budget(iterations=80,
              seconds=None, horizon=12)
"""Normal's search, capped by iterations alone."""


@dataclass
class Hint:
    """The option Normal would take (its id and label), the mean reward the search saw after it and after the
    best other option it tried (each in [0, 1]: half for winning, half for the margin), and how many tries each had."""

    seat: int
    choice: str
    label: str
    value: float | None
    other: str = ""
    """The label of the best other option the search tried (empty: none was tried)."""
    other_value: float | None = None
    tries: int = 0
    planner: bool = False
    """Normal is the game's own planner here (`GameAI.level_plan`), not the search."""

    @property
    def gain(self) -> float | None:
        if self.value is None or self.other_value is None:
            return None
        return self.value - self.other_value


def hint(game: Game, state: GameState, seat: int, seed: int, budget: Budget = HINT, ai: GameAI | None = None) -> Hint:
    """What Normal would choose for `seat` in `state` (which must offer it a decision), with the game's AI hooks
    (`ai`, default: its manifest's). ValueError: nothing to choose."""
    ai = ai_for(game) if ai is None else ai
    decision = next((d for d in game.pending(state) if d.seat == seat), None)
    if decision is None:
        raise ValueError(f"seat {seat} has nothing to choose")
    labels = {o.id: o.label for o in decision.options}
    if len(decision.options) == 1:
        only = decision.options[0]
        return Hint(seat=seat, choice=only.id, label=only.label, value=None)
    # Normal is the game's own planner where it has one, else the search; the search's tree says what it expected
    # either way (a planner's pick it never tried has no figure).
    own = ai.level_plan(state, seat, levels.NORMAL, Rng.seeded(seed), None)
    search = Search(game, seat, Rng.seeded(seed), budget, ai=ai)
    line = search.run(state)
    choice = own[0] if own else line[0]
    edges = {c: e for c, e in search.root.edges.items() if e.visits and not e.loops and c in labels}
    mine = edges.get(choice)
    others = sorted(((e.value / e.visits, c) for c, e in edges.items() if c != choice), key=lambda vc: (-vc[0], vc[1]))
    found = Hint(seat=seat, choice=choice, label=labels.get(choice, choice),
                 value=mine.value / mine.visits if mine is not None else None,
                 tries=mine.visits if mine is not None else 0, planner=own is not None)
    if others:
        found.other_value, found.other = others[0][0], labels[others[0][1]]
    return found
