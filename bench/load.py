"""Load benchmark: `python -m bench load --games 500 --moves 20 [--processes 2] [--sqlite]`.

Several real bot processes (each holding its share of the shards, as a deployment would run them) share one
database. Each process runs on its own simulated Discord (SimCord), opens its share of the games, then plays them
in parallel: one move of every game in turn, M rounds, each move a member's click chosen by the game's seeded
playout policy. Prints moves per second, REST requests per move, p50/p99 from a click to its interaction
callback and to the new board in the channel, and the bot's own CPU per move by part, apart from SimCord's and the
harness's (bench/cpu_parts.py). Then it checks the database: every game has exactly the moves that
were clicked, versions 1..M with no gap and no repeat (nothing lost, nothing applied twice).

Without --database-url it starts a throwaway PostgreSQL (Debian's binaries, a Unix socket, fsync on); with --sqlite
it uses a throwaway SQLite file instead (a deployment runs one process on SQLite, so --processes 1 is the real case;
more processes share the file through SQLite's own locks). A busy machine can keep the bot from settling within
SimCord's settle timeout after a click: that click is counted and reported as a figure, and its game plays no
further moves (its state may be mid-change), instead of the worker crashing. Every worker is waited for, and what
the finished ones measured is printed even when another failed. A command that prints figures; no test asserts on
them.
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
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bench import cpu_parts
from bench.clicks import TimedLog, Timer, called, click, percentile, policy_click

SET_UP_SETTLE = 60.0
"""Seconds SimCord waits for the bot to settle while the games are opened. Not above discord.py's 180 s view
timeout: SimCord would wait that long for it to pass after every click."""


def _store(url: str) -> Any:
    from bot.store import open_store
    from bot.store.postgres import PostgresStore

    return PostgresStore(url, pool_size=4) if url.startswith(("postgresql://", "postgres://")) else open_store(url)


async def _worker(url: str, shard: int, processes: int, games: int, moves: int, game_name: str, seed: int,
                  out: Path, settle_timeout: float = SET_UP_SETTLE) -> None:
    import simcord

    from bot.discord import create_bot
    from engine import registry
    from engine.core import Rng

    game = registry.get(game_name)
    bot = create_bot(_store(url), games={game_name: game}, ai_delay=0.0, shard_count=processes, shard_ids=[shard])
    rng = Rng.seeded(seed + shard)
    callbacks: list[float] = []
    boards: list[float] = []
    clicked: dict[int, int] = {}  # session -> clicks sent to it
    unsettled: list[int] = []  # sessions whose last click SimCord gave up waiting on: they play no more moves
    async with simcord.run(bot, settle_timeout=SET_UP_SETTLE) as env:
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
            clicked[session.id] = 0
        env.settle_timeout = settle_timeout
        timed = TimedLog()
        env.backend.http_requests = timed
        for _channel, _sid, _plan, timer in tables:
            timer.log = timed
        ledger = cpu_parts.Ledger()
        patches = cpu_parts.install(ledger, [game_name])
        per_move = cpu_parts.PerMove(ledger)
        began, began_cpu = time.perf_counter(), time.process_time()
        clicks = 0
        for _round in range(moves):
            for channel, session_id, plan, timer in tables:
                if session_id in unsettled:
                    continue
                found = await policy_click(env, bot, game, session_id, channel.id, plan, rng)
                if found is None:
                    continue  # that game is over
                panel, _state, index = found
                actor = called(members, panel)
                clicks += 1
                clicked[session_id] += 1
                before = per_move.start()
                try:
                    to_callback, to_board = await click(actor, panel, index, timer, [])
                except TimeoutError:  # SimCord's "bot did not settle": a figure of the load, not a failure
                    unsettled.append(session_id)
                    continue
                per_move.done(before)
                callbacks.append(to_callback)
                if to_board is not None:
                    boards.append(to_board)
        elapsed, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        requests = len(timed)
        # An interaction's answer is a request too, but one Discord's request budget does not count.
        answers = sum(1 for entry in timed if entry.path.endswith("/callback"))
        try:  # what the unsettled clicks left running finishes before the database is checked
            await env.settle(timeout=SET_UP_SETTLE)
        except TimeoutError:
            unsettled.append(-1)
        patches.undo()
    await bot.store.close()
    out.write_text(json.dumps({"shard": shard, "clicks": clicks, "elapsed": elapsed, "cpu": cpu,
                               "bot_cpu": per_move.bot_ms, "parts": per_move.parts, "requests": requests,
                               "answers": answers,
                               "callbacks": callbacks, "boards": boards, "clicked": clicked,
                               "unsettled": unsettled}))


async def _check(url: str, clicked: dict[int, int], unsettled: set[int]) -> tuple[int, list[str]]:
    """Moves stored, and what is wrong: a gap or repeat in a game's versions, or a game whose stored moves are not
    its clicks (a game whose last click did not settle may lack that one move: SimCord stopped waiting, not the
    bot)."""
    store = _store(url)
    await store.open()
    problems: list[str] = []
    total = 0
    try:
        for sid, clicks in clicked.items():
            versions = [a.version for a in await store.actions(sid)]
            total += len(versions)
            _state, version = await store.load_snapshot(sid)
            if versions != list(range(1, len(versions) + 1)) or version != len(versions):
                problems.append(f"session {sid}: versions {versions[:5]}... state at {version}")
            elif len(versions) != clicks and not (sid in unsettled and len(versions) == clicks - 1):
                problems.append(f"session {sid}: {clicks} clicks but {len(versions)} moves stored")
    finally:
        await store.close()
    return total, problems


def gather(workers: list[subprocess.Popen[bytes]], outs: list[Path]) -> tuple[list[dict[str, Any]], list[str]]:
    """Wait for every worker (a failed one must not leave the others running unseen), then read what each that
    finished wrote. Returns the results and a line for each worker that failed."""
    failures = []
    for i, worker in enumerate(workers):
        code = worker.wait()
        if code != 0 or not outs[i].exists():
            failures.append(f"worker {i} failed (exit {code})")
    results = [json.loads(out.read_text()) for out in outs if out.exists()]
    return results, failures


def _run(args: argparse.Namespace, url: str) -> None:
    per = [args.games // args.processes + (i < args.games % args.processes) for i in range(args.processes)]
    with tempfile.TemporaryDirectory() as folder:
        outs = [Path(folder) / f"worker-{i}.json" for i in range(args.processes)]
        started = time.perf_counter()
        workers = [subprocess.Popen([sys.executable, "-m", "bench", "load", "--worker", str(i), "--processes",
                                     str(args.processes), "--games", str(per[i]), "--moves", str(args.moves),
                                     "--game", args.game, "--seed", str(args.seed), "--database-url", url,
                                     "--settle-timeout", str(args.settle_timeout), "--out", str(outs[i])])
                   for i in range(args.processes)]
        results, failures = gather(workers, outs)
    database = "PostgreSQL" if url.startswith(("postgresql://", "postgres://")) else "SQLite"
    print(f"{args.games} {args.game} games in parallel, {args.moves} moves each, {args.processes} bot processes "
          f"(shards) on one {database} database; {time.perf_counter() - started:.0f} s in all with set-up")
    for line in report(results, failures, asyncio.run(_check(url, *_clicked(results))) if results else (0, []),
                       args.settle_timeout):
        print(line)
    if failures:
        raise SystemExit(1)


def _clicked(results: list[dict[str, Any]]) -> tuple[dict[int, int], set[int]]:
    clicked = {int(sid): n for r in results for sid, n in r["clicked"].items()}
    return clicked, {sid for r in results for sid in r["unsettled"]}


def report(results: list[dict[str, Any]], failures: list[str], checked: tuple[int, list[str]],
           settle_timeout: float) -> list[str]:
    """The figures of the workers that finished, and a line for each that did not."""
    lines = [f"  {failure}; the figures below are the other workers' alone" for failure in failures]
    if not results:
        return [*lines, "  no worker finished"]
    stored, problems = checked
    clicks = sum(r["clicks"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    requests = sum(r["requests"] for r in results)
    answers = sum(r["answers"] for r in results)
    callbacks = [v for r in results for v in r["callbacks"]]
    boards = [v for r in results for v in r["boards"]]
    timeouts = sum(1 for r in results for sid in r["unsettled"] if sid >= 0)
    lines.append(f"  moves clicked: {clicks}, moves stored: {stored}: "
                 + ("nothing lost, nothing applied twice" if not problems else "PROBLEMS: " + "; ".join(problems[:5])))
    lines.append(f"  moves/s: {clicks / max(elapsed, 1e-9):.1f}   REST requests per move: "
                 f"{requests / max(clicks, 1):.2f}, of them interaction answers (outside the request budget): "
                 f"{answers / max(clicks, 1):.2f}")
    lines.append(f"  clicks the bot did not settle after within {settle_timeout:g} s: {timeouts} of {clicks}"
                 + (" (their games played no further moves)" if timeouts else ""))
    if any(-1 in r["unsettled"] for r in results):
        lines.append(f"  a worker's bot had still not settled {SET_UP_SETTLE:g} s after its last click")
    for name, values in (("click -> interaction callback", callbacks), ("click -> new board in channel", boards)):
        if values:
            lines.append(f"  {name:30s} p50={statistics.median(values):7.1f} ms  "
                         f"p99={percentile(values, 0.99):7.1f} ms")
    lines += cpu_parts.cpu_lines([v for r in results for v in r.get("bot_cpu", [])],
                       _summed(r.get("parts", {}) for r in results), sum(r.get("cpu", 0.0) for r in results), clicks)
    return lines


def _summed(dicts: Iterable[dict[str, float]]) -> dict[str, float]:
    total: dict[str, float] = {}
    for parts in dicts:
        for part, seconds in parts.items():
            total[part] = total.get(part, 0.0) + seconds
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench load", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--game", default="planecrafters")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="", help="postgresql://... or a SQLite path")
    parser.add_argument("--sqlite", action="store_true", help="a throwaway SQLite file instead of PostgreSQL")
    parser.add_argument("--settle-timeout", type=float, default=SET_UP_SETTLE,
                        help="seconds SimCord waits for the bot after each measured click")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--out", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker is not None:
        asyncio.run(_worker(args.database_url, args.worker, args.processes, args.games, args.moves, args.game,
                            args.seed, Path(args.out), args.settle_timeout))
        return
    if args.database_url:
        _run(args, args.database_url)
        return
    if args.sqlite:
        with tempfile.TemporaryDirectory() as folder:
            _run(args, str(Path(folder) / "load.sqlite3"))
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

