"""Command line for the engines: `python -m engine selfplay GAME --games N --players P --seed S [--option k=v]`.

Games follow each game's playout policy (random, shaped like people play); `--uniform` picks every choice uniformly
instead, to see how a policy-free random game behaves.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback

from engine import registry
from engine.core.selfplay import Tally, playout


def selfplay(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    options = dict(kv.split("=", 1) for kv in args.option)
    tally = Tally()
    total_actions = 0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            run = playout(game, args.players, seed, options, uniform=args.uniform)
        except Exception:
            traceback.print_exc()
            print(f"error in game {i + 1} (seed {seed})", file=sys.stderr)
            return 1
        result = game.result(run.state)
        if result is None:
            print(f"game {i + 1} (seed {seed}) stopped without a result", file=sys.stderr)
            return 1
        total_actions += len(run.actions)
        tally.add(game.summary(run.state))
    elapsed = time.perf_counter() - started
    policy = "uniform random" if args.uniform else "the game's playout policy"
    print(f"game: {game.name}, players: {args.players}, seed: {args.seed}, options: {options or 'defaults'}, "
          f"choices by {policy}")
    print(f"games played: {tally.games}")
    print(f"average length: {total_actions / max(tally.games, 1):.1f} choices")
    for line in tally.lines(game.summary_values):
        print(line)
    print(f"games per second: {tally.games / elapsed:.1f} ({elapsed:.2f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="play random legal games to the end and print figures")
    sp.add_argument("game", choices=registry.names())
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--players", type=int, default=3)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--uniform", action="store_true", help="uniform random choices instead of the playout policy")
    args = parser.parse_args(argv)
    return selfplay(args)


if __name__ == "__main__":
    sys.exit(main())
