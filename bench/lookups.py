"""Lookup cost against the number of stored sessions: `python -m bench lookups [--sizes 10,10000]`.

Fills a database with N sessions and times a channel's newest finished game and a user's sessions, for N = 10 and
10,000 by default; the user and the channel are in the same number of games whatever N is, so a lookup that scans
shows as a growing figure. A command that prints figures; no test asserts on them. `--database-url
postgresql://...` runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

from bot.store import Seat, Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore


async def _fill(store: Store, count: int, rng: random.Random) -> tuple[int, int]:
    """`count` sessions over count // 10 + 1 channels; channel 1 and user 1 are in exactly 10 finished games."""
    channels = max(count // 10, 1)
    for i in range(count):
        special = i % max(count // 10, 1) == 0
        channel = 1 if special else 2 + rng.randrange(channels)
        players = [1 if special else 10 + rng.randrange(5000), 10 + rng.randrange(5000)]
        seats = [Seat(seat=n, user_id=u, name=f"u{u}") for n, u in enumerate(players)]
        row = await store.create_session(guild_id=1, channel_id=channel, game="toy", host_id=players[0],
                                         options={}, seats=seats)
        await store.set_status(row.id, "finished")
    return 1, 1


async def _time(call: Callable[[], Awaitable[object]], repeats: int) -> float:
    """Milliseconds per call, after one warm-up call."""
    await call()
    began = time.perf_counter()
    for _ in range(repeats):
        await call()
    return (time.perf_counter() - began) / repeats * 1000


async def lookups(url_for: str | None, sizes: list[int], repeats: int) -> None:
    print(f"{'sessions':>9}  {'latest finished in a channel':>29}  {'sessions of a user':>19}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            url = url_for or str(Path(folder) / "lookups.sqlite3")
            store = open_store(url)
            await store.open()
            try:
                if isinstance(store, SqliteStore):
                    await store.db.execute_fetchall("PRAGMA synchronous = OFF")
                else:
                    assert isinstance(store, PostgresStore)
                    await store.pool.execute(
                        "TRUNCATE sessions, actions, session_state, session_seats, session_meta")
                channel, user = await _fill(store, size, random.Random(size))
                timings = {
                    "channel": await _time(partial(store.latest_in_channel, channel, ("finished",)), repeats),
                    "user": await _time(partial(store.sessions_of_user, user), repeats),
                }
                print(f"{size:>9,}  {timings['channel']:>26.3f} ms  {timings['user']:>16.3f} ms")
            finally:
                await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench lookups", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10,10000")
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args(argv)
    asyncio.run(lookups(args.database_url or None, [int(x) for x in args.sizes.split(",")], args.repeats))
