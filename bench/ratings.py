"""Ratings against the number of finished games stored: `python -m bench ratings [--games 10000]`.

Fills a database with N finished games of one server (3 or 4 seats from 300 members, now and then an AI seat,
rated, spread over two years), rebuilds every rating from their results once, then times what a player waits for:
one more game's rating update (reading its players' ratings, openskill, writing the result with the moved ratings in
one transaction), a leaderboard (the top 10 and the asker's own place) of all time and of a season, and a member's
stats. Runs on SQLite and on a throwaway PostgreSQL (Debian's binaries, a Unix socket, fsync on), or on
`--database-url postgresql://...`. A command that prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.ratings import Ratings
from bot.ratings.keys import season_of
from bot.store import ResultRow, ResultSeat, Seat, Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from engine import registry

GUILD = 1
GAME = "planes"
START = datetime(2025, 1, 1, tzinfo=UTC)
FILLERS = 8


async def _game(store: Store, rng: random.Random, at: datetime, channel: int) -> ResultRow:
    """A finished session and its result (not stored yet)."""
    count = rng.choice((3, 4))
    users: list[int | None] = rng.sample(range(1, 301), count)
    if rng.random() < 0.2:
        users[-1] = None
    seats = [Seat(seat=i, user_id=u, name=f"u{u}" if u else "AI 1", is_ai=u is None, level="" if u else "easy")
             for i, u in enumerate(users)]
    row = await store.create_session(guild_id=GUILD, channel_id=channel, game=GAME, host_id=users[0] or 1,
                                     options={}, seats=seats)
    await store.set_status(row.id, "finished")
    order = rng.sample(range(count), count)
    return ResultRow(session_id=row.id, guild_id=GUILD, channel_id=channel, game=GAME, finished_at=at, rated=True,
                     seats=[ResultSeat(seat=i, user_id=u, ai_level="" if u else "easy", name=seats[i].name,
                                       place=order.index(i) + 1, score=rng.randrange(20, 90))
                            for i, u in enumerate(users)])


async def _synchronous_commit(store: Store, value: str) -> None:
    """Every connection of the pool, as the server's default (ALTER SYSTEM: the throwaway server is ours)."""
    assert isinstance(store, PostgresStore)
    await store.pool.execute(f"ALTER SYSTEM SET synchronous_commit = {value}")
    await store.pool.execute("SELECT pg_reload_conf()")
    await asyncio.sleep(0.5)  # the backends take the reloaded setting between statements


async def _timed(call: Callable[[], Awaitable[object]], repeats: int) -> list[float]:
    await call()  # warm-up
    found = []
    for _ in range(repeats):
        began = time.perf_counter()
        await call()
        found.append((time.perf_counter() - began) * 1000)
    return found


def _line(name: str, timings: list[float]) -> str:
    return f"  {name:<38} median {statistics.median(timings):8.3f} ms   max {max(timings):8.3f} ms"


async def run(url: str, label: str, games: int, repeats: int, *, own_server: bool = True) -> None:
    store = open_store(url)
    await store.open()
    try:
        # The fill only: no fsync per commit. The figures below are taken with it on again.
        if isinstance(store, SqliteStore):
            await store.db.execute_fetchall("PRAGMA synchronous = OFF")
        elif own_server:
            await _synchronous_commit(store, "off")
        rng = random.Random(games)
        ratings = Ratings(store, {GAME: registry.get(GAME)})
        began = time.perf_counter()
        step = timedelta(days=730) / games

        async def fill(worker: int) -> None:  # a few at once: PostgreSQL commits them together
            for n in range(worker, games, FILLERS):
                # One channel per filler: a channel has one open game at a time.
                await store.add_result(await _game(store, rng, START + step * n, 1000 + worker), [], [])

        await asyncio.gather(*(fill(w) for w in range(FILLERS)))
        filled = time.perf_counter() - began
        if isinstance(store, SqliteStore):
            await store.db.execute_fetchall("PRAGMA synchronous = FULL")
        elif own_server:
            await _synchronous_commit(store, "on")
        began = time.perf_counter()
        await ratings.rebuild()
        rebuilt = time.perf_counter() - began
        stored = len(await store.results())
        print(f"{label}: {stored:,} finished games stored (filled in {filled:.1f} s); "
              f"every rating rebuilt from them in {rebuilt:.2f} s")

        clock = START + timedelta(days=731)
        waiting = [await _game(store, rng, clock + timedelta(minutes=n), 99) for n in range(repeats + 1)]

        async def one_more() -> None:
            await ratings.add(waiting.pop(0))

        print(_line("rating update (result + ratings)", await _timed(one_more, repeats)))
        season = season_of(clock)
        print(_line("leaderboard, all time (top 10 + own)", await _timed(
            lambda: ratings.board(GUILD, 7, GAME, ""), repeats)))
        print(_line(f"leaderboard, season {season}", await _timed(
            lambda: ratings.board(GUILD, 7, GAME, season), repeats)))
        print(_line("stats of a member (all their games)", await _timed(
            lambda: ratings.stats(GUILD, 7, GAME), repeats)))
        print(_line("start-up check (aggregates only)", await _timed(ratings.verify, repeats)))
    finally:
        await store.close()


async def main_async(games: int, repeats: int, database_url: str, backends: list[str]) -> None:
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as folder:
            await run(str(Path(folder) / "ratings.sqlite3"), "SQLite", games, repeats)
    if "postgres" in backends:
        if database_url:
            await run(database_url, "PostgreSQL", games, repeats, own_server=False)
            return
        from bot.store.throwaway_pg import PostgresServer, server_bin_dir

        bin_dir = server_bin_dir()
        if bin_dir is None:
            print("PostgreSQL: server binaries not installed; skipped")
            return
        server = PostgresServer(bin_dir, durable=True)
        server.start()
        try:
            await run(server.url(), "PostgreSQL 15 (throwaway, fsync on)", games, repeats)
        finally:
            server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ratings", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--backends", default="sqlite,postgres")
    args = parser.parse_args(argv)
    asyncio.run(main_async(args.games, args.repeats, args.database_url, args.backends.split(",")))
