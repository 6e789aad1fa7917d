"""Load benchmark on PostgreSQL: `python -m bench load --games 500 --moves 20 [--processes 2]`.

Several real bot processes (each holding its share of the shards, as a deployment would run them) share one
PostgreSQL. Each process runs on its own simulated Discord (SimCord), opens its share of the games, then plays them
in parallel: one move of every game in turn, M rounds, each move a member's click chosen by the game's seeded
playout policy. Prints moves per second, REST requests per move, and p50/p99 from a click to its interaction
callback and to the new board in the channel. Then it checks the database: every game has exactly the moves that
were clicked, versions 1..M with no gap and no repeat (nothing lost, nothing applied twice).

Without --database-url it starts a throwaway PostgreSQL (Debian's binaries, a Unix socket, fsync on). A command that
prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.clicks import TimedLog, Timer, click, percentile, policy_click


async def _worker(url: str, shard: int, processes: int, games: int, moves: int, game_name: str, seed: int,
                  out: Path) -> None:
    import simcord

    from bot.discord import create_bot
    from bot.store.postgres import PostgresStore
    from engine import registry
    from engine.core import Rng

    game = registry.get(game_name)
    bot = create_bot(PostgresStore(url, pool_size=4), games={game_name: game}, ai_delay=0.0,
                     shard_count=processes, shard_ids=[shard])
    rng = Rng.seeded(seed + shard)
    callbacks: list[float] = []
    boards: list[float] = []
    # Not above discord.py's 180 s view timeout: SimCord would wait that long for it to pass after every click.
    async with simcord.run(bot, settle_timeout=60.0) as env:
        guild = env.create_guild(f"load {shard}", shard_id=shard)
        members = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cleo")]
        tables: list[tuple[Any, int, list[Any], Timer]] = []
        for g in range(games):
            channel = guild.create_text_channel(f"game-{g}")
            opened = await members[0].slash(channel, "game new", game=game_name)
            assert opened.response is not None
            lobby = opened.response.message
            for member in members[1:]:
                await member.click(lobby, label="Join")
            await members[0].click(lobby, label="Start")
            session = await bot.store.session_in_channel(channel.id)
            assert session is not None
            tables.append((channel, session.id, [], Timer(TimedLog(), channel.id)))
        timed = TimedLog()
        env.backend.http_requests = timed
        for _channel, _sid, _plan, timer in tables:
            timer.log = timed
        began = time.perf_counter()
        clicks = 0
        for _round in range(moves):
            for channel, session_id, plan, timer in tables:
                found = await policy_click(env, bot, game, session_id, channel.id, plan, rng)
                if found is None:
                    continue  # that game is over
                panel, _state, index = found
                actor = next(m for m in members if panel.content.startswith(m.mention))
                to_callback, to_board = await click(actor, panel, index, timer, [])
                callbacks.append(to_callback)
                if to_board is not None:
                    boards.append(to_board)
                clicks += 1
        elapsed = time.perf_counter() - began
        requests = len(timed)
    await bot.store.close()
    out.write_text(json.dumps({"shard": shard, "clicks": clicks, "elapsed": elapsed, "requests": requests,
                               "callbacks": callbacks, "boards": boards,
                               "sessions": [sid for _c, sid, _p, _t in tables]}))


async def _check(url: str, sessions: list[int], clicks: int) -> tuple[int, list[str]]:
    from bot.store.postgres import PostgresStore

    store = PostgresStore(url)
    await store.open()
    problems: list[str] = []
    total = 0
    try:
        for sid in sessions:
            versions = [a.version for a in await store.actions(sid)]
            total += len(versions)
            _state, version = await store.load_snapshot(sid)
            if versions != list(range(1, len(versions) + 1)) or version != len(versions):
                problems.append(f"session {sid}: versions {versions[:5]}... state at {version}")
    finally:
        await store.close()
    if total != clicks:
        problems.append(f"{clicks} clicks applied but {total} moves stored")
    return total, problems


def _run(args: argparse.Namespace, url: str) -> None:
    per = [args.games // args.processes + (i < args.games % args.processes) for i in range(args.processes)]
    with tempfile.TemporaryDirectory() as folder:
        outs = [Path(folder) / f"worker-{i}.json" for i in range(args.processes)]
        started = time.perf_counter()
        workers = [subprocess.Popen([sys.executable, "-m", "bench", "load", "--worker", str(i), "--processes",
                                     str(args.processes), "--games", str(per[i]), "--moves", str(args.moves),
                                     "--game", args.game, "--seed", str(args.seed), "--database-url", url,
                                     "--out", str(outs[i])]) for i in range(args.processes)]
        for worker in workers:
            if worker.wait() != 0:
                raise SystemExit(f"a worker failed (exit {worker.returncode})")
        results = [json.loads(out.read_text()) for out in outs]
    clicks = sum(r["clicks"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    requests = sum(r["requests"] for r in results)
    callbacks = [v for r in results for v in r["callbacks"]]
    boards = [v for r in results for v in r["boards"]]
    stored, problems = asyncio.run(_check(url, [s for r in results for s in r["sessions"]], clicks))
    print(f"{args.games} {args.game} games in parallel, {args.moves} moves each, {args.processes} bot processes "
          f"(shards) on one PostgreSQL; {time.perf_counter() - started:.0f} s in all with set-up")
    print(f"  moves applied: {clicks}, moves stored: {stored}: "
          + ("nothing lost, nothing applied twice" if not problems else "PROBLEMS: " + "; ".join(problems[:5])))
    print(f"  moves/s: {clicks / elapsed:.1f}   REST requests per move: {requests / clicks:.2f}")
    for name, values in (("click -> interaction callback", callbacks), ("click -> new board in channel", boards)):
        if values:
            print(f"  {name:30s} p50={statistics.median(values):7.1f} ms  p99={percentile(values, 0.99):7.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--game", default="planecrafters")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--out", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        asyncio.run(_worker(args.database_url, args.worker, args.processes, args.games, args.moves, args.game,
                            args.seed, Path(args.out)))
        return
    if args.database_url:
        _run(args, args.database_url)
        return
    from bot.store.throwaway_pg import PostgresServer, server_bin_dir

    bin_dir = server_bin_dir()
    if bin_dir is None:
        raise SystemExit("PostgreSQL's server binaries are not installed (apt-get install postgresql), "
                         "or pass --database-url")
    server = PostgresServer(bin_dir, durable=True)
    server.start()
    try:
        _run(args, server.url())
    finally:
        server.stop()

