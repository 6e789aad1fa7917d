"""What a whole game's replay GIF costs: `python -m bench replays [--games N] [--seed S] [--players P]` plays N
seeded games of each kind by the playout policy, takes the one with the most turns, and prints the seconds it takes
to replay its log and draw its GIF (as the bot does for a final message, in one worker thread) and the GIF's size
against the limit (renderers.replay.LIMIT). Players: each game's most, unless given (more seats, more turns)."""

from __future__ import annotations

import argparse
import io
import time

from PIL import Image

from engine import registry
from engine.core.ai.selfplay import playout
from engine.core.turns import group, play
from renderers import for_game
from renderers.replay import LIMIT, frames, gif


def longest(name: str, players: int, games: int, seed: int) -> tuple[int, list[tuple[int, str]], int]:
    """(seed, choices, turns) of the game with the most turns of a seeded batch."""
    engine = registry.get(name)
    best: tuple[int, list[tuple[int, str]], int] = (seed, [], -1)
    for s in range(seed, seed + games):
        run = playout(engine, players, s)
        choices = [(a.seat, a.choice) for a in run.actions]
        _start, steps = play(engine, players, s, {}, choices)
        count = len(group(engine, steps))
        if count > best[2]:
            best = (s, choices, count)
    return best


def bench(games: int, seed: int, players: int | None) -> None:
    print(f"{'game':14} {'players':>7} {'seed':>5} {'turns':>5} {'frames':>6} {'size':>9} {'seconds':>8} "
          f"{'cpu s':>6} {'MiB':>6}  limit {LIMIT / 2**20:g} MiB")
    for name in registry.names():
        engine = registry.get(name)
        renderer = for_game(name)
        if renderer is None:
            continue
        seats = players or engine.info.max_players
        found, choices, _turns = longest(name, seats, games, seed)
        started, cpu = time.perf_counter(), time.process_time()
        start, steps = play(engine, seats, found, {}, choices)
        turns = group(engine, steps)
        data = gif(frames(engine, start, turns, total=len(turns)), renderer.render_board)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        image = Image.open(io.BytesIO(data))
        frames_in = getattr(image, "n_frames", 1)  # a GIF's; Pillow's type for an opened file does not name it
        size = f"{image.width}x{image.height}"
        verdict = "ok" if len(data) <= LIMIT else "OVER"
        print(f"{name:14} {seats:7} {found:5} {len(turns):5} {frames_in:6} {size:>9} {seconds:8.2f} "
              f"{cpu:6.2f} {len(data) / 2**20:6.2f}  {verdict}")
    print(f"[the longest of {games} seeded games each (seeds {seed}-{seed + games - 1}); seconds = replaying the log, "
          "drawing every board and encoding the GIF, on one core; cpu s: the CPU time of that, which a busy machine "
          "does not inflate]")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench replays", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per kind to pick the longest from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="seats (default: each game's most)")
    args = parser.parse_args(argv)
    bench(args.games, args.seed, args.players)
