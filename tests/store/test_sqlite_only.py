"""What only the SQLite backend has: its file and pragmas, its raw tables, and the migration that carried games
stored before the compact log (one snapshot per move) over unchanged."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.store.backend import migrations
from bot.store.sqlite import _statements
from tests.store.conftest import new_active

_THEN = "2026-01-01T00:00:00+00:00"


async def test_the_file_is_made_in_wal_mode_with_every_migration(db_file: Path) -> None:
    s = SqliteStore(db_file)
    await s.open()
    recorded = await s.applied_migrations()
    await s.close()
    assert db_file.exists(), "open() creates the missing parent folders"
    assert [n for n, _ in recorded] == [n for n, _, _ in migrations()] and recorded[0] == (1, "001_initial.sql")
    with sqlite3.connect(db_file) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("SELECT count(*) FROM schema_migrations").fetchone()[0] == len(recorded)


async def test_the_action_log_is_append_only(sqlite_store: SqliteStore) -> None:
    sid = await new_active(sqlite_store)
    await sqlite_store.record_move(sid, expected_version=0, seat=0, choice="a", events=[], state_json="{}",
                                   new_version=1)
    with sqlite3.connect(sqlite_store.path) as raw:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("UPDATE actions SET choice = 'b'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("DELETE FROM actions")
        with pytest.raises(sqlite3.IntegrityError):  # a second action for the same version cannot exist
            raw.execute("INSERT INTO actions VALUES (?, 1, 0, 'dup', '[]', 'now', 0)", (sid,))


async def test_a_move_replaces_the_one_stored_state(sqlite_store: SqliteStore) -> None:
    sid = await new_active(sqlite_store)
    for version in range(3):
        await sqlite_store.record_move(sid, expected_version=version, seat=0, choice="a", events=[],
                                       state_json=f'{{"v": {version + 1}}}', new_version=version + 1)
    with sqlite3.connect(sqlite_store.path) as raw:
        assert raw.execute("SELECT version, codec FROM session_state WHERE session_id = ?", (sid,)).fetchall() == [
            (3, "zlib")]


def _apply(db_file: Path, numbers: range) -> None:
    with sqlite3.connect(db_file, isolation_level=None) as raw:
        for number, _name, sql in migrations():
            if number in numbers:
                for statement in _statements(sql):
                    raw.execute(statement)


async def test_games_stored_before_the_compact_log_carry_over_unchanged(db_file: Path) -> None:
    """A database at migration 002 (one snapshot per move) opened by today's store: same latest states, seats found
    by user, and the game goes on (migration 003 kept the first and last snapshots as checkpoints,
    which 004 then drops: nothing read them)."""
    db_file.parent.mkdir(parents=True)
    _apply(db_file, range(1, 3))
    with sqlite3.connect(db_file) as raw:
        raw.execute("CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                    "applied_at TEXT NOT NULL)")
        raw.executemany("INSERT INTO schema_migrations VALUES (?, ?, 'then')", [(1, "001_initial.sql"),
                                                                              (2, "002_session_meta.sql")])
        raw.execute("INSERT INTO sessions (id, guild_id, channel_id, game, host_id, status, seats_json, version, "
                    "created_at, updated_at) VALUES (1, 5, 10, 'toy', 7, 'active', ?, 2, ?, ?)",
                    ('[{"seat": 0, "user_id": 7, "name": "a", "is_ai": false}, '
                     '{"seat": 1, "user_id": 8, "name": "b", "is_ai": false}]', _THEN, _THEN))
        raw.executemany("INSERT INTO snapshots VALUES (1, ?, ?, '2026-01-01T00:00:00+00:00')",
                        [(0, '{"v": 0}'), (1, '{"v": 1}'), (2, '{"v": 2, "old": true}')])
        raw.executemany("INSERT INTO actions VALUES (1, ?, 0, ?, '[]', '2026-01-01T00:00:00+00:00')",
                        [(1, "a"), (2, "b")])
    store = SqliteStore(db_file)
    await store.open()
    try:
        assert await store.load_snapshot(1) == ('{"v": 2, "old": true}', 2)
        assert [s.id for s in await store.sessions_of_user(8)] == [1]
        await store.record_move(1, expected_version=2, seat=1, choice="c", events=[], state_json='{"v": 3}',
                                new_version=3)
        assert [a.choice for a in await store.actions(1)] == ["a", "b", "c"]
        assert await store.load_snapshot(1) == ('{"v": 3}', 3)
        assert not await store.db.execute_fetchall("SELECT 1 FROM sqlite_master WHERE name = 'checkpoints'")
        assert await store.get_member_settings(7) == {}  # migration 005: members' settings, none yet
    finally:
        await store.close()


async def test_memory_store_works() -> None:
    s = SqliteStore(":memory:")
    await s.open()
    try:
        sid = await new_active(s)
        assert await s.load_snapshot(sid) == ('{"v": 0}', 0)
    finally:
        await s.close()


async def test_two_stores_opening_a_fresh_file_together_never_see_it_locked(tmp_path: Path) -> None:
    # Switching a new file to WAL answers "database is locked" at once (no busy handler) when another connection is
    # switching it too; before the retry this failed about one time in twelve, so forty rounds catch it.
    for round_ in range(40):
        path = tmp_path / f"fresh-{round_}.sqlite3"
        one, two = SqliteStore(path), SqliteStore(path)
        try:
            await asyncio.gather(one.open(), two.open())
            assert await one.applied_migrations() == await two.applied_migrations()
        finally:
            await one.close()
            await two.close()
