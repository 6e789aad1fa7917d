"""Command line for the engines: `python -m engine selfplay GAME --games N --players P --seed S [--option k=v]`, and
`python -m engine arena GAME --a hard --b policy --players 2 --games 200 --seed 1` (AI levels against each other), and
`python -m engine replay FILE` (a game exported with /game export, replayed from its seed to its final state), and
`python -m engine manual` (the games' lines of docs/playing.md, written from their manifests).

Games follow each game's playout policy (random, shaped like people play); `--uniform` picks every choice uniformly
instead, to see how a policy-free random game behaves.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from engine import registry
from engine.core import IllegalAction
from engine.core.ai import levels
from engine.core.ai.arena import POLICY, arena
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import Budget
from engine.core.ai.selfplay import Tally, playout
from engine.core.ai.stopwatch import Stopwatch
from engine.core.record import RecordProblem, read, report


def selfplay(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if args.players is None:  # three, or as near as the game's seats allow
        args.players = min(max(3, game.info.min_players), game.info.max_players)
    ai = ai_for(game)
    options = dict(kv.split("=", 1) for kv in args.option)
    tally = Tally()
    total_actions = 0
    longest = (0, 0)  # (choices, seed) of the longest game
    most_turns = (0, 0)  # (turns, seed), for games whose summary counts turns
    watch = Stopwatch()
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
        summary = ai.summary(run.state)
        tally.add(summary)
        longest = max(longest, (len(run.actions), seed))
        if isinstance(summary.get("turns"), int):
            most_turns = max(most_turns, (summary["turns"], seed))
    speed = watch.rates(tally.games, "games")  # read before the printing, which is no part of the games
    policy = "uniform random" if args.uniform else "the game's playout policy"
    print(f"game: {game.name}, players: {args.players}, seed: {args.seed}, options: {options or 'defaults'}, "
          f"choices by {policy}")
    print(f"games played: {tally.games}")
    print(f"average length: {total_actions / max(tally.games, 1):.1f} choices")
    print(f"longest game: {longest[0]} choices (seed {longest[1]})")
    if most_turns[0]:
        # Rounds too: a round cap, where a game has one, is counted in rounds.
        print(f"most turns in a game: {most_turns[0]} ({most_turns[0] / args.players:g} rounds, seed {most_turns[1]})")
    for line in tally.lines(ai.summary_values):
        print(line)
    print(speed)
    return 0


def run_arena(args: argparse.Namespace) -> int:
    game = registry.get(args.game)
    if args.players is None:  # the fewest the game seats: one of side A against the fewest of side B
        args.players = game.info.min_players
    ai = ai_for(game)
    options = dict(kv.split("=", 1) for kv in args.option)
    budgets: dict[str, Budget | None] = {}
    for side in (args.a, args.b):
        budget = levels.LEVELS.get(side) if side != POLICY else None
        if budget is not None and (args.iterations or args.seconds is not None or args.horizon is not None):
            budget = Budget(iterations=args.iterations or budget.iterations,
                            seconds=None if args.seconds == 0 else args.seconds or budget.seconds,
                            horizon=budget.horizon if args.horizon is None else args.horizon or None,
                            widen=budget.widen, explore=budget.explore, follow=budget.follow)
        budgets[side] = budget
        if budget is not None and type(ai).level_plan is not GameAI.level_plan:
            print(f"{side}: {game.info.title}'s own planner for this level (GameAI.level_plan), not the search")
        elif budget is not None:
            print(f"{side}: up to {budget.iterations} iterations"
                  + (f" or {budget.seconds:g} s" if budget.seconds else "") + " a plan, rollouts "
                  + (f"scored after {budget.horizon} choices a seat" if budget.horizon else "played to the end"))
    progress = (lambda line: print(line, file=sys.stderr, flush=True)) if args.progress else None
    for line in arena(game, args.a, args.b, args.players, args.games, args.seed, budgets, options, args.jobs,
                      progress):
        print(line, flush=True)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """0: the record proves its game; 1: it does not (a refused choice, another end, an edit since export); 2: it
    cannot be replayed at all (not a record, a game we do not have), told in one sentence."""
    path = Path(args.file)
    try:
        record = read(path.read_bytes(), f"{path.name}")
        lines, same = report(record)
    except OSError as exc:
        print(f"Cannot read {path}: {exc.strerror or exc}.", file=sys.stderr)
        return 2
    except RecordProblem as problem:
        print(problem.sentence, file=sys.stderr)
        return 2
    except IllegalAction as refused:
        print(refused.sentence, file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0 if same else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("selfplay", help="play random legal games to the end and print figures")
    sp.add_argument("game", choices=registry.names())
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--players", type=int, default=None, help="default: 3, or the nearest count the game seats")
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sp.add_argument("--uniform", action="store_true", help="uniform random choices instead of the playout policy")
    sides = [POLICY, *levels.LEVELS]
    ap = sub.add_parser("arena", help="play one AI level against another and print win rates")
    ap.add_argument("game", choices=registry.names())
    ap.add_argument("--a", choices=sides, default=levels.HARD)
    ap.add_argument("--b", choices=sides, default=POLICY)
    ap.add_argument("--players", type=int, default=None, help="default: the fewest the game seats")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--iterations", type=int, default=0, help="iteration cap of searching sides (default: the level's)")
    ap.add_argument("--seconds", type=float, default=None,
                    help="time limit a plan of searching sides (default: the level's; 0: none, the cap alone)")
    ap.add_argument("--horizon", type=int, default=None,
                    help="choices a seat a rollout plays before score_now scores it (default: the level's; 0: all)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes playing games side by side (one a core)")
    ap.add_argument("--progress", action="store_true", help="print the running score after every game, to stderr")
    rp = sub.add_parser("replay", help="replay an exported game record and print a digest of its final state")
    rp.add_argument("file", help="the JSON file /game export gave")
    sub.add_parser("manual", help="write the games' lines of docs/playing.md from their manifests")
    args = parser.parse_args(argv)
    commands = {"selfplay": selfplay, "arena": run_arena, "replay": run_replay, "manual": write_manual}
    return commands[args.command](args)


def write_manual(_args: argparse.Namespace) -> int:
    from engine import manual

    changed = manual.write()
    print(f"{manual.MANUAL.relative_to(manual.ROOT)}: {'rewritten' if changed else 'already as the manifests say'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
