"""AI levels a host picks per AI seat: easy plays the game's playout policy, normal and hard search (ISMCTS), or
plan with the game's own planner where it has one (`GameAI.level_plan`: Flight Plan, Now Boarding).

Each level's budget holds an iteration cap and a time limit per plan. With the cap alone (tests, arena figures with
`--seconds 0`) the answer depends on the seed only; the time limit keeps a plan short on a slow or busy machine: it
counts from the call of `plan` (or the caller's `asked`), and the search reads the clock before every choice it
plays, so a hard plan answers within its second whatever the load, with fewer iterations when the machine is busy.
A plan covers the seat's consecutive choices (a whole move), so a turn usually costs one search or a few.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from engine.core.ai import random_ai
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import Budget, Stats
from engine.core.ai.search import plan as search_plan
from engine.core.ai.watch import Clock
from engine.core.contract import Game, GameState
from engine.core.rng import Rng

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS: dict[str, Budget | None] = {
    EASY: None,
    NORMAL: Budget(iterations=80, seconds=0.3, horizon=12),
    HARD: Budget(iterations=400, seconds=1.0, horizon=16),
}
"""Level -> search budget (None: the playout policy). Horizons are choices per seat before a rollout is scored."""
LABELS = {EASY: "Easy", NORMAL: "Normal", HARD: "Hard"}
DEFAULT = NORMAL
"""The level of an AI seat a host adds without choosing, where a game's search has been shown to beat its policy
(`GameAI.search_beats_policy`): a real opponent that answers within a third of a second; Hard thinks up to a second a
plan, a wait a host should choose knowingly."""


def default_for(game: Game, ai: GameAI | None = None) -> str:
    """The level a new AI seat of `game` starts at, and the AI standing in for a member: Normal where the search
    plays better than the policy (its AI hooks', `ai`, default: its manifest's), else Easy."""
    return DEFAULT if (ai_for(game) if ai is None else ai).search_beats_policy else EASY


RUN_LIMIT = 100
"""Choices in a row by one seat after which a searching AI plays its game's policy until the run ends. No turn of
ours comes near it; it is there so that a turn can never go on for ever, whatever a search makes of a game whose
moves can be undone by other moves (the policy finishes every game: selfplay checks it)."""


def plan(game: Game, state: GameState, seat: int, level: str, rng: Rng, budget: Budget | None = None,
         stats: Stats | None = None, history: Sequence[GameState] = (), clock: Clock = time.perf_counter,
         asked: float | None = None, ai: GameAI | None = None) -> list[str]:
    """The choices an AI seat of `level` makes from `state`, first one first; the caller follows them while each
    stays on offer to that seat. `budget` overrides the level's (benchmarks); `stats` adds up a search's work.
    `history`: the states at the seat's earlier choices in this run of them (its turn so far), oldest first, so
    that a search never plans its way back to one of them (engine.core.ai.search.plan).
    `asked`: when the AI was asked, on `clock` (default: now, read before anything else here); a search's time
    limit counts from then, so whatever the caller and this call do first is spent from it.
    `ai`: the game's AI hooks (default: those its manifest names): its policy, its own planner, its scores."""
    asked = clock() if asked is None else asked
    ai = ai_for(game) if ai is None else ai
    budget = budget if budget is not None else LEVELS[level]
    with collection_paused():
        decision = next(d for d in game.pending(state) if d.seat == seat)
        if level == EASY or budget is None or len(history) >= RUN_LIMIT:
            return random_ai.plan(game, state, decision, rng, ai=ai)
        left = None if budget.seconds is None else max(0.0, budget.seconds - (clock() - asked))
        own = ai.level_plan(state, seat, level, rng, left)
        if own is not None:
            return own
        return search_plan(game, state, seat, rng, budget, stats, history, clock, asked, ai)


_pausing = 0
_pausing_lock = threading.Lock()


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cycle collector held off while a plan thinks. A full collection walks every object of the process
    (50 ms measured in a lone process, several times that on a loaded host) and may fall on the last choice of a
    plan, where no reading of the clock can see it coming: on a loaded host, Normal plans once ended 96 % over
    their 0.3 s that way. Plans in other threads (the bot runs one per game at once) share the pause: the collector
    comes back when the last of them ends, and only if it was on.

    Turning it back on is not enough: the plan's own allocations have made a collection due, and the first
    allocation after it (still inside the plan's return) ran it, an older generation's when one was due, which walks
    the whole heap (a gen-1 collection of 23 ms, a stall of 0.16 s, beside a busy core). So the heap the plan found
    is frozen while it thinks (gc.freeze, a moment: lists are spliced, not walked) and the plan ends by collecting
    only what it made itself (the youngest generation: its cycles are freed here, in a fraction of a millisecond);
    the heap is then thawed and the collector's counts start afresh, so the next collection falls outside the plan,
    between two AI answers. A freeze someone else made is left alone."""
    global _pausing
    with _pausing_lock:
        ours = _pausing > 0 or gc.isenabled()  # off already, and not by a plan: leave it to whoever turned it off
        if ours:
            if _pausing == 0 and gc.get_freeze_count() == 0:
                gc.freeze()
                _froze.set()
            _pausing += 1
            gc.disable()
    try:
        yield
    finally:
        if ours:
            with _pausing_lock:
                _pausing -= 1
                if _pausing == 0:
                    if _froze.is_set():
                        gc.collect(0)  # the plan's young objects alone: the frozen heap is not walked
                        gc.unfreeze()
                        _froze.clear()
                    gc.enable()


_froze = threading.Event()
"""Set while the heap is frozen by a plan (not by someone else), so the last plan to end thaws it."""
