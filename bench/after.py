"""What after the game costs: `python -m bench after [--games N] [--seed S] [--players P]` plays N seeded games of each
game by the playout policy, takes the one with the most turns, and prints, for it, the seconds to replay it and
work out its race, to draw the race chart, and to work out each seat's chances after every turn with the turning
points (engine.analysis.chances, the bot's worker) and draw that chart: wall and CPU time, with the load beside
them. First, what matplotlib itself costs: its import with the Agg backend and the fonts registered, and the
process's peak memory before and after the first chart. Players: each game's most, unless given."""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from typing import TypeVar

from bench.replays import longest
from engine import registry
from engine.analysis import Race, chances, race, turning_points
from engine.core import GameState
from engine.core.turns import Turn, group, play
from renderers.names import SAMPLE_NAMES


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float, float]:
    """What `work` gives, and the wall and CPU seconds it took."""
    started, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.perf_counter() - started, time.process_time() - cpu


def bench(games: int, seed: int, players: int | None) -> None:
    before = peak_mib()
    from renderers.after import charts

    _out, wall, cpu = timed(charts.ready)
    print(f"matplotlib import (Agg, Noto Sans registered): {wall:.2f} s wall, {cpu:.2f} s CPU; peak memory "
          f"{before:.0f} MiB before, {peak_mib():.0f} MiB after; load {os.getloadavg()[0]:.1f}")
    print(f"{'game':14} {'players':>7} {'seed':>5} {'turns':>5} {'race s':>7} {'chart s':>8} {'cpu':>5} "
          f"{'chances s':>9} {'cpu':>6} {'rollouts':>8} {'chart s':>8} {'MiB':>5} {'load':>5}")
    for name in registry.names():
        measure(name, players or registry.get(name).info.max_players, games, seed)


def measure(name: str, seats: int, games: int, seed: int) -> None:
    """One line of figures: the longest of `games` seeded games of `name`."""
    from renderers.after import charts

    engine = registry.get(name)
    found, choices, _turns = longest(name, seats, games, seed)
    names = {s: SAMPLE_NAMES[s % len(SAMPLE_NAMES)] for s in range(seats)}

    def replayed() -> tuple[GameState, list[Turn], Race | None]:
        start, steps = play(engine, seats, found, {}, choices)
        turns = group(engine, steps)
        return start, turns, race(engine, start, turns)

    (start, turns, run), race_s, _race_cpu = timed(replayed)
    assert run is not None
    _png, draw_s, draw_cpu = timed(lambda: charts.race_chart(run, names, engine.info.turn_word))
    odds, chances_s, chances_cpu = timed(lambda: chances(engine, start, turns, found))
    points = turning_points(odds)
    _png2, odds_draw_s, _c = timed(lambda: charts.chances_chart(odds, names, points, engine.info.turn_word))
    print(f"{name:14} {seats:>7} {found:>5} {len(turns):>5} {race_s:>7.2f} {draw_s:>8.2f} {draw_cpu:>5.2f} "
          f"{chances_s:>9.2f} {chances_cpu:>6.2f} {odds.rollouts:>8} {odds_draw_s:>8.2f} "
          f"{peak_mib():>5.0f} {os.getloadavg()[0]:>5.1f}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench after", description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    bench(args.games, args.seed, args.players)
