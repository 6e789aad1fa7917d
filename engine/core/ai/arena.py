"""Matches between AI levels: `python -m engine arena GAME --a hard --b policy --players 2 --games 200 --seed 1`.

Side A takes one seat and side B every other one. Game i is seeded `seed + i`; A sits first in even games and last
in odd ones (seats swapped half the time, so the first player's edge cancels out). Win rates come with a 95%
Wilson score interval; a shared win counts as a share.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field

from engine.core.ai import levels
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import Budget, Stats
from engine.core.ai.selfplay import MAX_ACTIONS
from engine.core.contract import Decision, Game, GameState
from engine.core.play import apply, new_game
from engine.core.rng import Rng

POLICY = "policy"
"""The game's playout policy, the same player as the level 'easy'."""


def level_of(side: str) -> str:
    return levels.EASY if side == POLICY else side


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (wins may be fractional: shared wins)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    plans: dict[str, int] = field(default_factory=dict)
    thinking: dict[str, float] = field(default_factory=dict)
    longest: dict[str, float] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    """Every plan's seconds per side, from asking the AI to its answer: the time limit holds when the longest does."""
    searched: dict[str, Stats] = field(default_factory=dict)
    """Iterations per searching side: under a time limit they show how hard a level really thought here."""


def play_match(game: Game, players: int, seed: int, seats: dict[int, str], budgets: dict[str, Budget | None],
               options: dict[str, str] | None = None, tally: Tally | None = None,
               ai: GameAI | None = None) -> GameState:
    """One game where seat s plays at level `seats[s]` (a budget in `budgets` overrides that level's), with the
    game's AI hooks `ai` (default: its manifest's). Each seat's AI draws from its own RNG, seeded from the game's
    seed and the seat."""
    ai = ai_for(game) if ai is None else ai
    state = new_game(game, players, seed, options)
    rngs = {s: Rng.seeded(seed * 1_000_003 + 7919 * s) for s in range(players)}
    queued: list[str] = []  # the rest of the plan of queued_seat, followed while each step stays on offer
    queued_seat = -1
    run: list[GameState] = []  # the states at the earlier choices of the seat choosing now, in its current run
    for _ in range(MAX_ACTIONS):
        decisions = game.pending(state)
        if not decisions:
            return state
        decision = answer_first(game, decisions)
        seat = decision.seat
        if seat != queued_seat:
            run = []
        if seat != queued_seat or not queued or decision.option(queued[0]) is None:
            side = seats[seat]
            started = time.perf_counter()
            stats = tally.searched.setdefault(side, Stats()) if tally is not None else None
            queued = levels.plan(game, state, seat, level_of(side), rngs[seat], budgets.get(side), stats, run,
                                 ai=ai)
            queued_seat = seat
            if tally is not None:
                spent = time.perf_counter() - started
                tally.plans[side] = tally.plans.get(side, 0) + 1
                tally.thinking[side] = tally.thinking.get(side, 0.0) + spent
                tally.longest[side] = max(tally.longest.get(side, 0.0), spent)
                tally.times.setdefault(side, []).append(spent)
        run.append(state)
        state, _ = apply(game, state, seat, queued.pop(0))
    raise RuntimeError(f"{game.name}: seed {seed} did not finish within {MAX_ACTIONS} choices")


def answer_first(game: Game, decisions: list[Decision]) -> Decision:
    """The decision an arena plays next. In a game of turns, the others' open decisions are short answers to the
    player whose turn it is (an offer, a bid), listed after that player's: an AI seat answers at once, as it does on
    Discord, so the answer comes before the turn goes on (played strictly first, an offer would always lapse
    unanswered at the end of the turn)."""
    if game.info.simultaneous or len(decisions) < 2:
        return decisions[0]
    return decisions[-1]


@dataclass(frozen=True)
class Match:
    """Everything one game of a match needs, so that a worker process can play it on its own."""

    game: Game
    a: str
    b: str
    players: int
    seed: int
    budgets: dict[str, Budget | None]
    options: dict[str, str] | None
    ai: GameAI


def play_one(match: Match, i: int) -> tuple[float, float, Tally]:
    """Game i of the match: A's and B's shares of the win, and what the sides spent thinking."""
    game = match.game
    players = match.players
    a_seat = 0 if i % 2 == 0 else players - 1
    seats = {s: (match.a if s == a_seat else match.b) for s in range(players)}
    tally = Tally()
    final = play_match(game, players, match.seed + i, seats, match.budgets, match.options, tally, match.ai)
    result = game.result(final)
    assert result is not None
    a_share = sum(1 / len(result.winners) for w in result.winners if w == a_seat)
    b_share = sum(1 / len(result.winners) for w in result.winners if w != a_seat)
    return a_share, b_share, tally


def play_team(match: Match, i: int) -> tuple[dict[str, dict[str, float]], Tally]:
    """Game i of a co-operative match, played twice on the same deal: once with side A in every seat, once with B.
    For each side: 'won' (1 or 0) and the game's numeric summary figures (complaints, rounds, ...)."""
    game = match.game
    tally = Tally()
    out: dict[str, dict[str, float]] = {}
    for side in dict.fromkeys((match.a, match.b)):
        seats = dict.fromkeys(range(match.players), side)
        final = play_match(game, match.players, match.seed + i, seats, match.budgets, match.options, tally, match.ai)
        result = game.result(final)
        assert result is not None
        figures = {k: float(v) for k, v in match.ai.summary(final).items() if isinstance(v, int | float)}
        out[side] = {"won": float(bool(result.winners)), **figures}
    return out, tally


def team_arena(game: Game, a: str, b: str, players: int, games: int, seed: int,
               budgets: dict[str, Budget | None], options: dict[str, str] | None = None, jobs: int = 1,
               progress: Callable[[str], None] | None = None, ai: GameAI | None = None) -> list[str]:
    """`arena` for a co-operative game, where seats do not play against each other: each deal is played by a team
    of A in every seat and by a team of B in every seat, and the lines compare the teams' win rates (95% Wilson
    intervals) and the game's figures averaged over the deals."""
    tally = Tally()
    totals: dict[str, dict[str, float]] = {a: {}, b: {}}
    started = time.perf_counter()
    match = Match(game, a, b, players, seed, budgets, options, ai_for(game) if ai is None else ai)
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        results = (pool.map(play_team, [match] * games, range(games)) if pool is not None
                   else (play_team(match, i) for i in range(games)))
        for i, (sides, part) in enumerate(results, 1):
            for side, figures in sides.items():
                for key, value in figures.items():
                    totals[side][key] = totals[side].get(key, 0.0) + value
            _merge(tally, part)
            tally.games -= 1
            if progress is not None:
                progress(f"{i}/{games} deals: team A won {totals[a].get('won', 0):g}, team B "
                         f"{totals[b].get('won', 0):g} ({time.perf_counter() - started:.0f} s)")
    lines = [f"game: {game.name} (co-operative), players: {players}, deals: {games}, seed: {seed}; each deal played "
             f"twice: team A = {a} in every seat, team B = {b} in every seat"]
    for side, name in (("A", a), ("B", b)):
        won = totals[name].get("won", 0.0)
        low, high = wilson(won, games)
        rest = ", ".join(f"{key} {value / games:.2f}" for key, value in totals[name].items() if key != "won")
        lines.append(f"team {side} {name}: won {won:g} of {games} = {won / games:.1%} (95% CI {low:.1%} to "
                     f"{high:.1%}); a game on average: {rest}")
    lines += _thinking(tally, a, b, budgets)
    lines.append(f"time: {time.perf_counter() - started:.1f} s")
    return lines


def _thinking(tally: Tally, a: str, b: str, budgets: dict[str, Budget | None]) -> list[str]:
    lines = []
    for name in dict.fromkeys((a, b)):
        if tally.plans.get(name):
            lines.append(f"{name}: {tally.plans[name]} plans, {tally.thinking[name] / tally.plans[name]:.3f} s "
                         f"a plan on average, longest {tally.longest[name]:.3f} s"
                         + (f", {tally.searched[name].iterations / tally.plans[name]:.0f} iterations a plan on average"
                            if tally.searched.get(name) and tally.searched[name].iterations else ""))
    for name in dict.fromkeys((a, b)):
        budget = budgets.get(name) if name != POLICY else None
        if budget is None:
            budget = levels.LEVELS.get(level_of(name))
        if tally.times.get(name) and budget is not None and budget.seconds is not None:
            lines.append(plan_times(name, tally.times[name], budget.seconds))
    return lines


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def plan_times(name: str, times: list[float], limit: float) -> str:
    """How long `name`'s plans took against its time limit: the percentiles, the longest, and how many ran over."""
    over = [t for t in times if t > limit]
    worst = f" (the longest {max(over) / limit - 1:.1%} over)" if over else ""
    return (f"plan time {name}: p50 {percentile(times, 0.5):.3f} s, p99 {percentile(times, 0.99):.3f} s, max "
            f"{max(times):.3f} s against a limit of {limit:g} s; {len(over)} of {len(times)} plans over it{worst}")


def _merge(into: Tally, part: Tally) -> None:
    into.games += 1
    for side, n in part.plans.items():
        into.plans[side] = into.plans.get(side, 0) + n
        into.thinking[side] = into.thinking.get(side, 0.0) + part.thinking[side]
        into.longest[side] = max(into.longest.get(side, 0.0), part.longest[side])
        into.times.setdefault(side, []).extend(part.times.get(side, []))
    for side, stats in part.searched.items():
        total = into.searched.setdefault(side, Stats())
        total.iterations += stats.iterations
        total.seconds += stats.seconds


def arena(game: Game, a: str, b: str, players: int, games: int, seed: int, budgets: dict[str, Budget | None],
          options: dict[str, str] | None = None, jobs: int = 1,
          progress: Callable[[str], None] | None = None, ai: GameAI | None = None) -> list[str]:
    """Play the match, with the game's AI hooks `ai` (default: its manifest's), and return the lines to print. With
    `jobs` > 1 the games are spread over that many worker processes; each game depends on its own seed only, so the
    wins are the same as with one job wherever the searches are bound by their iteration cap (`--seconds 0`).
    `progress` hears a line after every game. A
    co-operative game is played team against team instead (`team_arena`)."""
    if game.info.cooperative:
        return team_arena(game, a, b, players, games, seed, budgets, options, jobs, progress, ai)
    tally = Tally()
    wins = {"A": 0.0, "B": 0.0}
    started = time.perf_counter()
    match = Match(game, a, b, players, seed, budgets, options, ai_for(game) if ai is None else ai)
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        results = (pool.map(play_one, [match] * games, range(games)) if pool is not None
                   else (play_one(match, i) for i in range(games)))
        for i, (a_share, b_share, part) in enumerate(results, 1):
            wins["A"] += a_share
            wins["B"] += b_share
            _merge(tally, part)
            if progress is not None:
                progress(f"{i}/{games} games: A {wins['A']:g}, B {wins['B']:g} "
                         f"({time.perf_counter() - started:.0f} s)")
    elapsed = time.perf_counter() - started
    lines = [f"game: {game.name}, players: {players}, games: {games}, seed: {seed}, "
             f"A = {a} (one seat, first in even games, last in odd ones), B = {b} (every other seat)"]
    for side, name in (("A", a), ("B", b)):
        low, high = wilson(wins[side], games)
        lines.append(f"{side} {name}: won {wins[side]:g} of {games} = {wins[side] / games:.1%} "
                     f"(95% CI {low:.1%} to {high:.1%})")
    lines += _thinking(tally, a, b, budgets)
    if players > 2:
        lines.append(f"(an even share for one seat of {players} is {1 / players:.1%})")
    lines.append(f"time: {elapsed:.1f} s")
    return lines
