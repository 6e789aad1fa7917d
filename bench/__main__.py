"""`python -m bench NAME [options]`: Tarmac's benchmarks, one entry point. `python -m bench` lists them and
`python -m bench NAME --help` gives a benchmark's options. Each prints figures; no test asserts on them."""

from __future__ import annotations

import importlib
import sys
from typing import NamedTuple


class Benchmark(NamedTuple):
    module: str
    about: str


BENCHMARKS: dict[str, Benchmark] = {
    "latency": Benchmark("bench.latency", "click to first response and to new board, three members on SimCord"),
    "ai": Benchmark("bench.ai_turns", "click to an AI's whole turn shown, and each plan the AI makes"),
    "load": Benchmark("bench.load", "moves per second of several bot processes on one PostgreSQL"),
    "storage": Benchmark("bench.storage", "database bytes per move of seeded Planes games"),
    "lookups": Benchmark("bench.lookups", "a channel's and a user's games, with 10 and 10,000 sessions stored"),
    "leagues": Benchmark("bench.leagues", "queue join and claim with 10,000 waits, standings with 1,000 leagues"),
    "ratings": Benchmark("bench.ratings", "rating update and leaderboard time with 10,000 finished games stored"),
    "undo": Benchmark("bench.undo", "what an undo costs on the longest seeded game of each game"),
    "replays": Benchmark("bench.replays", "seconds and MiB of a whole game's replay GIF, the longest of each kind"),
    "after": Benchmark("bench.after", "race chart, chances and turning points of the longest seeded game of each"),
    "renders": Benchmark("bench.renders", "milliseconds per render of each sample picture, against its PNG encoding"),
    "metrics": Benchmark("bench.metrics", "what keeping the metrics costs a move, and one /metrics page"),
    "planes-floor": Benchmark("bench.planes_floor", "the interpreter floor: bare Planes moves per CPU second"),
    "flight-plan-policy": Benchmark("bench.flight_plan_policy", "Flight Plan's playout policy against random clicks"),
    "flight-plan-standing": Benchmark("bench.flight_plan_standing",
                                      "how well Flight Plan's standing figure foresees the winner"),
}


def usage() -> str:
    width = max(map(len, BENCHMARKS))
    lines = [f"  {name:{width}}  {b.about}" for name, b in BENCHMARKS.items()]
    return "usage: python -m bench NAME [options]   (python -m bench NAME --help: its options)\n\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(usage())
        return 0
    found = BENCHMARKS.get(args[0])
    if found is None:
        print(f"python -m bench: no benchmark named {args[0]!r}\n\n{usage()}", file=sys.stderr)
        return 2
    if "-h" in args[1:] or "--help" in args[1:] or "--worker" in args[1:]:  # a worker's parent says it all
        importlib.import_module(found.module).main(args[1:])
        return 0
    from bench.machine import Run

    run = Run()
    # Imported only when chosen: the SimCord ones pull in discord.py, which a render benchmark has no need of.
    importlib.import_module(found.module).main(args[1:])
    print(run.footer())
    return 0


if __name__ == "__main__":
    sys.exit(main())
