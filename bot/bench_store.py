"""Storage benchmarks: `python -m bot.bench_store storage` and `python -m bot.bench_store lookups`.

storage: plays seeded Planes games by the engine's playout policy and records every move through the Store, as the
service does (action, events, new state); prints the database bytes added per move and per game (SQLite: the file
after a WAL checkpoint; PostgreSQL: pg_total_relation_size of our tables).
lookups: fills a database with N sessions and times a channel's newest finished game and a user's sessions, for
N = 10 and 10,000 by default; the user and the channel are in the same number of games whatever N is, so a lookup
that scans shows as a growing figure.
Commands that print figures; no test asserts on them. `--database-url postgresql://...` runs them on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.store import Seat, Store, open_store
from engine.core import apply, dump_state, new_game
from engine.core.selfplay import playout
from engine.registry import get as get_game

_TABLES = ("sessions", "actions", "session_state", "checkpoints", "session_seats", "session_meta", "snapshots")


async def _size(store: Store, url: str) -> int:
    if url.startswith("postgres"):
        pool = store.pool  # type: ignore[attr-defined]
        total = 0
        for table in _TABLES:
            if await pool.fetchval("SELECT to_regclass($1)", table) is not None:
                total += await pool.fetchval("SELECT pg_total_relation_size($1::regclass)", table)
        return int(total)
    db = store.db  # type: ignore[attr-defined]
    await db.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
    return Path(url).stat().st_size


async def storage(url: str, games: int, seed: int) -> None:
    game = get_game("planes")
    store = open_store(url)
    await store.open()
    try:
        seats = [Seat(seat=i, user_id=100 + i, name=f"player{i}") for i in range(3)]
        start_size = await _size(store, url)
        moves = 0
        for g in range(games):
            run = playout(game, 3, seed + g)
            row = await store.create_session(guild_id=1, channel_id=1000 + g, game="planes", host_id=100,
                                             options={}, seats=seats)
            state = new_game(game, 3, seed + g, {})
            await store.start_session(row.id, seed=seed + g, seats=seats, state_json=dump_state(state),
                                      state_version=state.version, expected_version=row.version)
            for action in run.actions:
                new, events = apply(game, state, action.seat, action.choice)
                await store.record_move(row.id, expected_version=state.version, seat=action.seat,
                                        choice=action.choice, events=[e.model_dump() for e in events],
                                        state_json=dump_state(new), new_version=new.version,
                                        finished=game.is_over(new))
                state = new
                moves += 1
        grown = await _size(store, url) - start_size
        print(f"{games} seeded Planes games (3 players, seed {seed}), {moves} moves through the store ({url})")
        print(f"  database bytes per move: {grown / moves:,.0f}")
        print(f"  database bytes per game: {grown / games:,.0f}")
    finally:
        await store.close()


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
                if not url.startswith("postgres"):
                    await store.db.execute_fetchall("PRAGMA synchronous = OFF")  # type: ignore[attr-defined]
                else:
                    await store.pool.execute(  # type: ignore[attr-defined]
                        "TRUNCATE sessions, actions, session_state, checkpoints, session_seats, session_meta")
                channel, user = await _fill(store, size, random.Random(size))
                timings = {
                    "channel": await _time(lambda s=store, c=channel: s.latest_in_channel(c, ("finished",)), repeats),
                    "user": await _time(lambda s=store, u=user: s.sessions_of_user(u), repeats),
                }
                print(f"{size:>9,}  {timings['channel']:>26.3f} ms  {timings['user']:>16.3f} ms")
            finally:
                await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.bench_store", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("storage", help="database bytes per move of seeded Planes games")
    s.add_argument("--games", type=int, default=3)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--database-url", default="")
    lk = sub.add_parser("lookups", help="lookup cost with 10 and 10,000 sessions")
    lk.add_argument("--sizes", default="10,10000")
    lk.add_argument("--repeats", type=int, default=200)
    lk.add_argument("--database-url", default="")
    args = parser.parse_args()
    if args.what == "storage":
        with tempfile.TemporaryDirectory() as folder:
            url = args.database_url or str(Path(folder) / "storage.sqlite3")
            asyncio.run(storage(url, args.games, args.seed))
    else:
        asyncio.run(lookups(args.database_url or None, [int(x) for x in args.sizes.split(",")], args.repeats))


if __name__ == "__main__":
    main()
