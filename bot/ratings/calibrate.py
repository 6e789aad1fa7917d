"""Fit the reference ratings of bot/ratings/reference.py from the arena: `python -m bot.ratings.calibrate`.

The AI levels play each other on fixed seeds, with the iteration caps of their budgets and no time limit, so the
games (and so the fit) depend on the seeds only, whatever the machine's load:

- a game of seats against each other: three seats, one Easy, one Normal, one Hard, the order of the levels turning
  through all six orders table after table (the first player's edge cancels out; a game of two plays every order
  of two levels, `seat_orders`); each table ranks the three levels
  by the places the bot would give them (bot.ratings.outcome.places).
- a co-operative game (Now Boarding): for each number of pilots, every deal is played three times, by a team of
  Easy, of Normal and of Hard pilots, each team against the game itself ("game:N" for N pilots).

openskill's Plackett-Luce model (the one members are rated with) then runs over the tables in the order played,
every player starting from openskill's default, and the figures are shifted so that Easy sits at openskill's
default μ (25): a new member is taken to play like the game's playout policy until their games say otherwise. The
model reads only differences of μ (a team's μ is the sum of its seats'), so the shift changes no prediction; the
game's own rating for N pilots moves by N times the shift. It prints the table for docs/ratings.md and the literal
for reference.py.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.ratings.keys import ai, the_game
from bot.ratings.outcome import places
from engine import registry
from engine.core.ai import levels
from engine.core.ai.arena import play_match
from engine.core.ai.search import Budget

MODEL = PlackettLuce()
LEVELS = (levels.EASY, levels.NORMAL, levels.HARD)
ORDERS = list(itertools.permutations(LEVELS))
TABLES = {"planes": 8, "planecrafters": 8, "flight-plan": 36, "now-boarding": 4}
"""Tables per game by default (for Now Boarding: deals per number of pilots, each played by three teams), sized
so that the whole run takes minutes: a Hard seat of Planes or Planecrafters thinks about ten seconds a table."""
NEW_GAME_TABLES = 8
"""Tables of a game `TABLES` does not size yet (one just offered): a start, until its run's figures say better."""


@dataclass(frozen=True)
class Table:
    game: str
    seed: int
    seats: tuple[str, ...]
    """The level of each seat."""


@dataclass(frozen=True)
class Outcome:
    table: Table
    ranks: tuple[int, ...]
    """The place of each seat (a co-operative game: 1 for every seat when the team won, 2 when it lost)."""


def capped(budget: Budget | None) -> Budget | None:
    """A level's budget with its iteration cap alone: the same seed gives the same game on any machine."""
    if budget is None:
        return None
    return Budget(iterations=budget.iterations, seconds=None, horizon=budget.horizon, widen=budget.widen,
                  explore=budget.explore, follow=budget.follow)


def seat_orders(seats: int) -> list[tuple[str, ...]]:
    """For a game that cannot seat three: every order of two of the levels (a game of two), or the three levels'
    orders with Easy in every further seat (a game of more)."""
    if seats < len(LEVELS):
        return list(itertools.permutations(LEVELS, seats))
    return [order + (levels.EASY,) * (seats - len(LEVELS)) for order in ORDERS]


def tables(game: str, count: int, seed: int) -> list[Table]:
    engine = registry.get(game)
    if not engine.info.cooperative:
        info = engine.info
        orders = ORDERS if info.min_players <= 3 <= info.max_players else seat_orders(info.min_players)
        return [Table(game, seed + i, orders[i % len(orders)]) for i in range(count)]
    pilots = range(engine.info.min_players, engine.info.max_players + 1)
    return [Table(game, seed + 1000 * n + i, (level,) * n)
            for i in range(count) for n in pilots for level in (levels.EASY, levels.NORMAL, levels.HARD)]


def play(table: Table) -> Outcome:
    engine = registry.get(table.game)
    budgets = {level: capped(levels.LEVELS[level]) for level in set(table.seats)}
    final = play_match(engine, len(table.seats), table.seed, dict(enumerate(table.seats)), budgets)
    result = engine.result(final)
    assert result is not None
    if engine.info.cooperative:
        return Outcome(table, (1 if result.winners else 2,) * len(table.seats))
    found = places({s.seat: s.score for s in result.standings}, result.winners, set())
    return Outcome(table, tuple(found[s] for s in range(len(table.seats))))


def fit(outcomes: Sequence[Outcome], cooperative: bool) -> dict[str, tuple[float, float]]:
    """Every reference player's (μ, σ) after openskill has run over the outcomes in order, Easy shifted to 25."""
    found: dict[str, tuple[float, float]] = {}

    def rating(player: str) -> PlackettLuceRating:
        mu, sigma = found.get(player, (MODEL.mu, MODEL.sigma))
        return MODEL.rating(mu=mu, sigma=sigma)

    for outcome in outcomes:
        seats = outcome.table.seats
        if cooperative:
            itself, level = the_game(len(seats)), ai(seats[0])
            # The team is N pilots of one level: one player N times, moved by the mean of its seats' updates.
            team, against = MODEL.rate([[rating(level)] * len(seats), [rating(itself)]],
                                       ranks=[float(outcome.ranks[0]), 3.0 - outcome.ranks[0]])
            found[level] = (sum(r.mu for r in team) / len(team), sum(r.sigma for r in team) / len(team))
            found[itself] = (against[0].mu, against[0].sigma)
        else:
            rated = MODEL.rate([[rating(ai(level))] for level in seats], ranks=[float(r) for r in outcome.ranks])
            for level, [new] in zip(seats, rated, strict=True):
                found[ai(level)] = (new.mu, new.sigma)
    shift = MODEL.mu - found[ai(levels.EASY)][0]
    return {player: (mu + shift * (int(player.partition(":")[2]) if player.startswith("game:") else 1), sigma)
            for player, (mu, sigma) in sorted(found.items())}


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers (each game's pool has ended when this is read)."""
    own, done = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + done.ru_utime + done.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings.calibrate", description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=registry.offered(), help="which games (default: every one)")
    parser.add_argument("--tables", type=int, default=0, help="tables per game (default: the game's own count)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes playing tables side by side")
    args = parser.parse_args(argv)
    fitted: dict[str, dict[str, tuple[float, float]]] = {}
    for game in args.games:
        started, cpu = time.perf_counter(), _cpu()
        planned = tables(game, args.tables or TABLES.get(game, NEW_GAME_TABLES), args.seed)
        with ProcessPoolExecutor(args.jobs) as pool:
            outcomes = list(pool.map(play, planned))
        fitted[game] = fit(outcomes, registry.get(game).info.cooperative)
        firsts = {level: sum(1 for o in outcomes for seat, at in enumerate(o.table.seats)
                             if at == level and o.ranks[seat] == 1)
                  for level in (levels.EASY, levels.NORMAL, levels.HARD)}
        print(f"{game}: {len(outcomes)} tables (seed {args.seed}), firsts (a co-operative game: days won) {firsts}, "
              f"{time.perf_counter() - started:.0f} s wall, {_cpu() - cpu:.0f} s CPU (workers included), "
              f"load {os.getloadavg()[0]:.1f}",
              file=sys.stderr, flush=True)
        print(f"{game}: {fitted[game]}", file=sys.stderr, flush=True)
    print("| game | player | μ | σ |\n|---|---|---|---|")
    for game, found in fitted.items():
        for player, (mu, sigma) in found.items():
            print(f"| {game} | {player} | {mu:.2f} | {sigma:.2f} |")
    print("REFERENCES = {")
    for game, found in fitted.items():
        inner = ", ".join(f'"{p}": ({mu:.2f}, {sigma:.2f})' for p, (mu, sigma) in found.items())
        print(f'    "{game}": {{{inner}}},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
