"""Database bytes per move: `python -m bench storage [--games 3]`.

Plays seeded Planes games by the engine's playout policy and records every move through the Store, as the
service does (action, events, new state); prints the database bytes added per move and per game (SQLite: the file
after a WAL checkpoint; PostgreSQL: pg_total_relation_size of our tables).
A command that prints figures; no test asserts on them. `--database-url postgresql://...` runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot.store import Seat, Store, open_store
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from engine.core import apply, dump_state, new_game
from engine.core.ai.selfplay import playout
from engine.core.play import is_over
from engine.registry import get as get_game

_TABLES = ("sessions", "actions", "session_state", "session_seats", "session_meta")


async def _size(store: Store, url: str) -> int:
    if isinstance(store, PostgresStore):
        pool = store.pool
        total = 0
        for table in _TABLES:
            if await pool.fetchval("SELECT to_regclass($1)", table) is not None:
                total += await pool.fetchval("SELECT pg_total_relation_size($1::regclass)", table)
        return int(total)
    assert isinstance(store, SqliteStore)
    db = store.db
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
                                        finished=is_over(game, new))
                state = new
                moves += 1
        grown = await _size(store, url) - start_size
        print(f"{games} seeded Planes games (3 players, seed {seed}), {moves} moves through the store ({url})")
        print(f"  database bytes per move: {grown / moves:,.0f}")
        print(f"  database bytes per game: {grown / games:,.0f}")
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench storage", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or str(Path(folder) / "storage.sqlite3")
        asyncio.run(storage(url, args.games, args.seed))
