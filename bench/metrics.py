"""What keeping the metrics costs: `python -m bench metrics [--moves N]`.

Times what every move adds (a counter and a histogram observed, bot/metrics.py) and one /metrics page with every
game's labels filled in (generate_latest, as the endpoint answers a scrape), in CPU time beside wall time and the
machine's load. A command that prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import os
import time

from prometheus_client import generate_latest

from bot import metrics
from engine import registry

STATES = ("lobby", "active", "finished", "cancelled", "abandoned")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench metrics", description=__doc__)
    parser.add_argument("--moves", type=int, default=100_000, help="moves counted (default 100,000)")
    parser.add_argument("--scrapes", type=int, default=200, help="/metrics pages written (default 200)")
    args = parser.parse_args(argv)
    games = list(registry.names())
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(args.moves):
        game = games[i % len(games)]
        metrics.MOVES.labels(game=game).inc()
        metrics.CLICK_TO_BOARD.labels(game=game).observe(0.03)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"per move (a counter and a histogram): {wall / args.moves * 1e6:.1f} us wall, "
          f"{cpu / args.moves * 1e6:.1f} us CPU")
    for game in games:
        for picture in ("board", "hand"):
            metrics.RENDER.labels(game=game, picture=picture).observe(0.05)
        for level in ("easy", "normal", "hard"):
            metrics.AI_PLAN.labels(game=game, level=level).observe(0.2)
    metrics.set_games([(game, state, 3) for game in games for state in STATES])
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(args.scrapes):
        page = generate_latest(metrics.REGISTRY)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"one /metrics page, every game's labels ({len(games)} games): {len(page):,} bytes, "
          f"{wall / args.scrapes * 1e3:.2f} ms wall, {cpu / args.scrapes * 1e3:.2f} ms CPU")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
