"""SQLite behind the Store interface (aiosqlite, WAL mode, numbered migrations).

One connection per SqliteStore. aiosqlite runs it in its own thread, so a write waiting on another process's lock
(busy_timeout) blocks that thread, never the event loop. Every write is `BEGIN IMMEDIATE`: the write lock is taken
before the version is read, so two processes (or two stores on one file) recording a move for the same expected
version serialise, and the second sees the new version and raises StaleVersion. Within one store an asyncio.Lock
keeps tasks from interleaving statements of two transactions on the shared connection.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

import bot.store.codec as codec
import bot.store.sqlite_file as sqlite_file
from bot.store.backend import SESSION_COLUMNS, Backend, migrations, seats_json
from bot.store.base import (
    ChannelBusy,
    RatingRules,
    SessionClosed,
    SessionNotFound,
    StaleVersion,
    StoreUnavailable,
)
from bot.store.leagues import LeagueSql
from bot.store.models import (
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    RatingRow,
    RatingsAudit,
    RatingStep,
    ResultRow,
    ResultSeat,
    Seat,
    SessionRow,
)
from bot.store.queue_sql import QueueSql
from bot.store.results import RATING_ORDER, conservative


def _statements(sql: str) -> list[str]:
    """Split a script into statements. Not executescript(): that commits first, and a migration must run inside
    the transaction that also records it. complete_statement() knows about triggers' BEGIN ... END bodies."""
    out: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not all(ln.strip().startswith("--") or not ln.strip() for ln in buffer.splitlines()):
        raise RuntimeError(f"migration ends in an unfinished statement: {buffer.strip()[:80]!r}")
    return out


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _session(row: sqlite3.Row | tuple[Any, ...]) -> SessionRow:
    (sid, guild_id, channel_id, game, host_id, status, options_json, seed, seats_json, version,
     created_at, updated_at, board_id, panel_id) = row
    return SessionRow(
        id=sid, guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id, status=status,
        options=json.loads(options_json), seed=None if seed is None else int(seed),
        seats=[Seat.model_validate(s) for s in json.loads(seats_json)], version=version,
        created_at=datetime.fromisoformat(created_at), updated_at=datetime.fromisoformat(updated_at),
        board_message_id=board_id, panel_message_id=panel_id,
    )


async def _write_state(db: aiosqlite.Connection, session_id: int, version: int, state_json: str) -> None:
    """The state after a start or a move, in the caller's transaction: the latest-state row replaced in place."""
    codec_name, data = codec.encode(state_json)
    await db.execute_fetchall(
        "INSERT INTO session_state (session_id, version, codec, state) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (session_id) DO UPDATE SET version = excluded.version, codec = excluded.codec, "
        "state = excluded.state",
        (session_id, version, codec_name, data),
    )


async def _write_seats(db: aiosqlite.Connection, session_id: int, seats: list[Seat]) -> None:
    """Keep session_seats in step with seats_json (same transaction), for sessions_of_user's index lookup."""
    await db.execute_fetchall("DELETE FROM session_seats WHERE session_id = ?", (session_id,))
    users = sorted({s.user_id for s in seats if s.user_id is not None})
    if users:
        await db.execute_fetchall(
            "INSERT INTO session_seats (user_id, session_id) VALUES " + ", ".join("(?, ?)" for _ in users),
            tuple(v for u in users for v in (u, session_id)),
        )


async def _enter_wal(db: aiosqlite.Connection, attempts: int = sqlite_file.BUSY_SECONDS * 20) -> None:
    """Switch the file to WAL, waiting out another process that is opening the same new file.

    Switching the journal mode needs the file to itself, and SQLite answers "database is locked" at once instead of
    calling the busy handler when another connection is doing the same (two processes starting together on a fresh
    file), so the wait is ours: up to ~10 s, like busy_timeout."""
    for attempt in range(attempts):
        try:
            await db.execute_fetchall("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            await asyncio.sleep(0.05)


async def _check_intact(db: aiosqlite.Connection, path: str) -> None:
    found = [str(row[0]) for row in await db.execute_fetchall("PRAGMA quick_check(1)")]
    if found != ["ok"]:
        raise sqlite_file.damaged(path, found[0] if found else "the integrity check returned nothing")


class _Runner:
    """The queue's SQL (bot/store/queue_sql.py) on this connection, inside a BEGIN IMMEDIATE transaction."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in await self.db.execute_fetchall(sql, args)]


class SqliteStore(QueueSql, LeagueSql, Backend[aiosqlite.Connection]):
    def __init__(self, path: str | Path, *, through: int | None = None) -> None:
        self.path = str(path)
        self.through = through
        """Apply the migrations up to this number only: a test builds an older database with it."""
        self._lock = asyncio.Lock()

    # ---------------------------------------------------------------- lifecycle
    async def open(self) -> None:
        """Connect and migrate. A file Tarmac cannot use raises StoreUnavailable (one sentence) and is left as it was:
        the checks only look, and the integrity check runs before the first write (the switch to WAL)."""
        if self._handle is not None:
            return
        existed = self.path != ":memory:" and not sqlite_file.prepare(Path(self.path))
        await super().open()
        if existed:  # after the open, so the -wal and -shm files it made are named too
            sqlite_file.warn_if_shared(Path(self.path))

    async def _connect(self) -> aiosqlite.Connection:
        try:
            # isolation_level=None: no implicit transactions; every write below says BEGIN IMMEDIATE itself.
            return await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as error:
            explained = self._unusable(error)
            if explained is None:
                raise
            raise explained from None

    def _unusable(self, error: BaseException) -> StoreUnavailable | None:
        return sqlite_file.unavailable(self.path, error) if isinstance(error, sqlite3.Error) else None

    async def _ready(self) -> None:
        db = self.db
        await db.execute_fetchall(f"PRAGMA busy_timeout = {sqlite_file.BUSY_SECONDS * 1000}")
        # Before anything writes: a damaged file (random bytes, a truncated copy) must stay exactly as it was, and be
        # found now rather than in the middle of somebody's game. quick_check reads every page once (about a quarter
        # of a second for 240 MB here), at start only.
        await _check_intact(db, self.path)
        await _enter_wal(db)
        # WAL + NORMAL already survives a killed process (the WAL is in the OS cache); only a power cut or an OS
        # crash could lose the last commits. FULL fsyncs the WAL on every commit, which closes that gap too, and
        # costs one fsync per move: nothing at board-game speed. A player's confirmed move must stay.
        await db.execute_fetchall("PRAGMA synchronous = FULL")
        await db.execute_fetchall("PRAGMA foreign_keys = ON")
        await self._migrate()

    @property
    def db(self) -> aiosqlite.Connection:
        return self.handle

    async def _migrate(self) -> None:
        await self.db.execute_fetchall(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        for number, name, sql in migrations():
            if self.through is not None and number > self.through:
                break
            # Checked inside the write lock: two processes starting at once apply each migration once.
            async with self._write() as db:
                # execute_fetchall everywhere: a half-read cursor keeps its statement open and COMMIT then fails.
                if await db.execute_fetchall("SELECT 1 FROM schema_migrations WHERE number = ?", (number,)):
                    continue
                for statement in _statements(sql):
                    await db.execute_fetchall(statement)
                await db.execute_fetchall(
                    "INSERT INTO schema_migrations (number, name, applied_at) VALUES (?, ?, ?)", (number, name, _now())
                )

    async def applied_migrations(self) -> list[tuple[int, str]]:
        async with self._lock:
            rows = await self.db.execute_fetchall("SELECT number, name FROM schema_migrations ORDER BY number")
        return [(n, name) for n, name in rows]

    # ---------------------------------------------------------------- plumbing
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self.db
            await db.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute_fetchall("ROLLBACK")
                raise
            await db.execute_fetchall("COMMIT")

    @asynccontextmanager
    async def _queue_tx(self) -> AsyncIterator[_Runner]:
        async with self._write() as db:
            yield _Runner(db)

    async def _one(self, db: aiosqlite.Connection, session_id: int) -> SessionRow:
        rows = list(await db.execute_fetchall(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,)))
        if not rows:
            raise SessionNotFound(f"no session {session_id}")
        return _session(tuple(rows[0]))

    async def _many(self, where: str, params: tuple[Any, ...]) -> list[SessionRow]:
        async with self._lock:
            rows = await self.db.execute_fetchall(
                f"SELECT {SESSION_COLUMNS} FROM sessions WHERE {where} ORDER BY id", params
            )
        return [_session(tuple(r)) for r in rows]

    # ---------------------------------------------------------------- sessions
    async def create_session(
        self, *, guild_id: int | None, channel_id: int, game: str, host_id: int,
        options: dict[str, str], seats: list[Seat],
    ) -> SessionRow:
        now = _now()
        try:
            async with self._write() as db:
                rows = await db.execute_fetchall(
                    "INSERT INTO sessions (guild_id, channel_id, game, host_id, status, options_json, seats_json, "
                    "version, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?) RETURNING id",
                    (guild_id, channel_id, game, host_id, json.dumps(dict(options)), seats_json(seats), now, now),
                )
                session_id = next(iter(rows))[0]
                await _write_seats(db, session_id, seats)
                return await self._one(db, session_id)
        except sqlite3.IntegrityError as exc:
            if "sessions.channel_id" in str(exc):
                raise ChannelBusy(f"channel {channel_id} already has a lobby or an active game") from None
            raise

    async def get_session(self, session_id: int) -> SessionRow | None:
        found = await self._many("id = ?", (session_id,))
        return found[0] if found else None

    async def session_in_channel(self, channel_id: int) -> SessionRow | None:
        found = await self._many("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        return found[0] if found else None

    async def update_lobby(
        self, session_id: int, *, seats: list[Seat], options: dict[str, str], expected_version: int
    ) -> SessionRow:
        async with self._write() as db:
            session = await self._one(db, session_id)
            self._check(session, "lobby", expected_version)
            await db.execute_fetchall(
                "UPDATE sessions SET seats_json = ?, options_json = ?, version = version + 1, updated_at = ? "
                "WHERE id = ?",
                (seats_json(seats), json.dumps(dict(options)), _now(), session_id),
            )
            await _write_seats(db, session_id, seats)
            return await self._one(db, session_id)

    async def start_session(
        self, session_id: int, *, seed: int, seats: list[Seat], state_json: str, state_version: int,
        expected_version: int,
    ) -> SessionRow:
        async with self._write() as db:
            session = await self._one(db, session_id)
            self._check(session, "lobby", expected_version)
            now = _now()
            await db.execute_fetchall(
                "UPDATE sessions SET status = 'active', seed = ?, seats_json = ?, version = ?, updated_at = ? "
                "WHERE id = ?",
                (str(seed), seats_json(seats), state_version, now, session_id),
            )
            await _write_seats(db, session_id, seats)
            await _write_state(db, session_id, state_version, state_json)
            return await self._one(db, session_id)

    async def record_move(
        self, session_id: int, *, expected_version: int, seat: int, choice: str, events: list[dict[str, Any]],
        state_json: str, new_version: int, finished: bool = False, by_ai: bool = False,
    ) -> SessionRow:
        if new_version <= expected_version:
            raise ValueError(f"a move must raise the version (from {expected_version} to {new_version}?)")
        events_json = json.dumps(events)  # before the transaction: unserialisable events fail with nothing begun
        async with self._write() as db:
            session = await self._one(db, session_id)
            self._check(session, "active", expected_version)
            now = _now()
            await db.execute_fetchall(
                "INSERT INTO actions (session_id, version, seat, choice, events_json, created_at" + AI_COLUMN[by_ai],
                (session_id, new_version, seat, choice, events_json, now),
            )
            await _write_state(db, session_id, new_version, state_json)
            await db.execute_fetchall(
                "UPDATE sessions SET version = ?, status = ?, updated_at = ? WHERE id = ?",
                (new_version, "finished" if finished else "active", now, session_id),
            )
            if finished:  # with the move, so no stop between the two can lose the final message
                await db.execute_fetchall(
                    "INSERT INTO finals_due (session_id) VALUES (?) ON CONFLICT DO NOTHING", (session_id,))
            return await self._one(db, session_id)

    @staticmethod
    def _check(session: SessionRow, status: str, expected_version: int) -> None:
        if session.status != status:
            raise SessionClosed(f"session {session.id} is {session.status}, not {status}")
        if session.version != expected_version:
            raise StaleVersion(f"session {session.id} is at version {session.version}, not {expected_version}")

    async def load_snapshot(self, session_id: int) -> tuple[str, int]:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT codec, state, version FROM session_state WHERE session_id = ?", (session_id,)
            ))
        if not rows:
            raise SessionNotFound(f"session {session_id} has no snapshot (it never started)")
        return codec.decode(rows[0][0], rows[0][1]), rows[0][2]

    async def actions(self, session_id: int, *, last: int | None = None) -> list[ActionRow]:
        query = ("SELECT session_id, version, seat, choice, events_json, created_at, by_ai FROM actions "
                 "WHERE session_id = ?")
        params: tuple[Any, ...] = (session_id,)
        if last is not None:
            query += " ORDER BY version DESC LIMIT ?"
            params += (max(last, 0),)
        else:
            query += " ORDER BY version"
        async with self._lock:
            rows = list(await self.db.execute_fetchall(query, params))
        if last is not None:
            rows.reverse()
        return [
            ActionRow(session_id=sid, version=v, seat=seat, choice=choice, events=json.loads(events),
                      created_at=datetime.fromisoformat(at), by_ai=bool(by_ai))
            for sid, v, seat, choice, events, at, by_ai in rows
        ]

    async def ai_moves(self, session_id: int) -> dict[int, tuple[int, int]]:
        async with self._lock:
            rows = await self.db.execute_fetchall(
                "SELECT seat, sum(by_ai), count(*) FROM actions WHERE session_id = ? GROUP BY seat", (session_id,))
        return {seat: (int(ai), int(moves)) for seat, ai, moves in rows}

    async def set_status(self, session_id: int, status: str) -> SessionRow:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}; one of {', '.join(STATUSES)}")
        try:
            async with self._write() as db:
                session = await self._one(db, session_id)
                await db.execute_fetchall("UPDATE sessions SET status = ?, updated_at = ? WHERE id = ?",
                                 (status, _now(), session_id))
                return await self._one(db, session_id)
        except sqlite3.IntegrityError as exc:
            if status in OPEN_STATUSES and "sessions.channel_id" in str(exc):
                raise ChannelBusy(f"channel {session.channel_id} already has a lobby or an active game") from None
            raise

    async def set_messages(
        self, session_id: int, *, board_message_id: int | None, panel_message_id: int | None
    ) -> None:
        async with self._write() as db:
            await self._one(db, session_id)
            await db.execute_fetchall(
                "UPDATE sessions SET board_message_id = ?, panel_message_id = ?, updated_at = ? WHERE id = ?",
                (board_message_id, panel_message_id, _now(), session_id),
            )

    async def latest_in_channel(self, channel_id: int, statuses: tuple[str, ...]) -> SessionRow | None:
        if not statuses:
            return None
        marks = ", ".join("?" for _ in statuses)
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                f"SELECT {SESSION_COLUMNS} FROM sessions WHERE channel_id = ? AND status IN ({marks}) "
                "ORDER BY id DESC LIMIT 1",
                (channel_id, *statuses),
            ))
        return _session(tuple(rows[0])) if rows else None

    async def set_seats(self, session_id: int, seats: list[Seat]) -> SessionRow:
        async with self._write() as db:
            session = await self._one(db, session_id)
            if session.status != "active":
                raise SessionClosed(f"session {session_id} is {session.status}, not active")
            await db.execute_fetchall("UPDATE sessions SET seats_json = ?, updated_at = ? WHERE id = ?",
                                      (seats_json(seats), _now(), session_id))
            await _write_seats(db, session_id, seats)
            return await self._one(db, session_id)

    async def get_meta(self, session_id: int) -> dict[str, Any]:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT meta_json FROM session_meta WHERE session_id = ?", (session_id,)))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        meta_json = json.dumps(meta)
        async with self._write() as db:
            await self._one(db, session_id)
            await db.execute_fetchall(
                "INSERT INTO session_meta (session_id, meta_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (session_id) DO UPDATE SET meta_json = excluded.meta_json, "
                "updated_at = excluded.updated_at",
                (session_id, meta_json, _now()),
            )

    async def get_member_settings(self, user_id: int) -> dict[str, Any]:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT settings_json FROM member_settings WHERE user_id = ?", (user_id,)))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def set_member_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        settings_json = json.dumps(settings)
        async with self._write() as db:
            await db.execute_fetchall(
                "INSERT INTO member_settings (user_id, settings_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET settings_json = excluded.settings_json, "
                "updated_at = excluded.updated_at",
                (user_id, settings_json, _now()),
            )

    async def get_server_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT settings_json FROM server_settings WHERE guild_id = ?", (guild_id,)))
        return dict(json.loads(rows[0][0])) if rows else {}

    async def set_server_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        settings_json = json.dumps(settings)
        async with self._write() as db:
            await db.execute_fetchall(
                "INSERT INTO server_settings (guild_id, settings_json, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
                "updated_at = excluded.updated_at",
                (guild_id, settings_json, _now()),
            )

    async def session_counts(self) -> list[tuple[str, str, int]]:
        async with self._lock:
            rows = await self.db.execute_fetchall(
                "SELECT game, status, COUNT(*) FROM sessions GROUP BY game, status ORDER BY game, status")
        return [(str(game), str(status), int(count)) for game, status, count in rows]

    async def active_sessions(self) -> list[SessionRow]:
        return await self._many("status = 'active'", ())

    async def sessions_in_channel(self, channel_id: int) -> list[SessionRow]:
        return await self._many("channel_id = ?", (channel_id,))

    async def sessions_of_user(self, user_id: int) -> list[SessionRow]:
        # Two index lookups (sessions_by_host, session_seats' key): the cost follows the user's games, not the table.
        return await self._many(
            "id IN (SELECT id FROM sessions WHERE host_id = ? UNION SELECT session_id FROM session_seats "
            "WHERE user_id = ?)",
            (user_id, user_id),
        )

    # ---------------------------------------------------------------- results and ratings
    async def add_result(self, result: ResultRow, ratings: list[RatingRow], steps: list[RatingStep]) -> bool:
        async with self._write() as db:
            if not await _insert_result(db, result):
                return False
            await _write_ratings(db, ratings, steps)
        return True

    async def results(self, *, guild_id: int | None = None, user_id: int | None = None,
                      game: str | None = None) -> list[ResultRow]:
        async with self._lock:
            return await _results(self.db, guild_id=guild_id, user_id=user_id, game=game)

    async def get_ratings(self, keys: list[tuple[int, str, str, str]]) -> list[RatingRow]:
        async with self._lock:
            return await _get_ratings(self.db, keys)

    async def add_rated_result(self, result: ResultRow, rules: RatingRules) -> bool:
        # BEGIN IMMEDIATE holds the file's write lock from the first read: the ratings read here are the newest,
        # whichever process or store wrote them, until this commits.
        async with self._write() as db:
            if not await _insert_result(db, result):
                return False
            if not result.rated:
                return True
            at = _at(result.finished_at)
            later = await db.execute_fetchall(
                "SELECT 1 FROM results WHERE rated = 1 AND session_id <> ? AND (finished_at > ? OR "
                "(finished_at = ? AND session_id > ?)) LIMIT 1", (result.session_id, at, at, result.session_id))
            if later:
                await _replace_ratings(db, *rules.recompute(await _results(db)))
                return True
            current = {(r.guild_id, r.game, r.season, r.player): r
                       for r in await _get_ratings(db, rules.keys(result))}
            await _write_ratings(db, *rules.update(result, current))
        return True

    async def rebuild_ratings(self, rules: RatingRules) -> None:
        async with self._write() as db:
            await _replace_ratings(db, *rules.recompute(await _results(db)))
            await db.execute_fetchall(
                "INSERT INTO ratings_basis (id, fingerprint) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET "
                "fingerprint = excluded.fingerprint", (rules.fingerprint,))

    async def ratings_audit(self) -> RatingsAudit:
        async with self._write() as db:  # one snapshot of the four reads
            basis = list(await db.execute_fetchall("SELECT fingerprint FROM ratings_basis"))
            stored = await db.execute_fetchall("SELECT guild_id, game, player, games FROM ratings WHERE season = ''")
            expected = await db.execute_fetchall(
                "SELECT coalesce(r.guild_id, 0), r.game, s.user_id, count(*) FROM result_seats s JOIN results r "
                "ON r.session_id = s.session_id WHERE r.rated = 1 AND s.user_id IS NOT NULL AND s.ai_kept = 0 "
                "GROUP BY coalesce(r.guild_id, 0), r.game, s.user_id")
            [(season_games,)] = list(await db.execute_fetchall(
                "SELECT coalesce(sum(games), 0) FROM ratings WHERE season <> ''"))
            [(steps,)] = list(await db.execute_fetchall("SELECT count(*) FROM rating_steps"))
        return RatingsAudit(fingerprint=basis[0][0] if basis else None,
                            stored={(g, gm, p): n for g, gm, p, n in stored},
                            expected={(g, gm, f"member:{u}"): n for g, gm, u, n in expected},
                            season_games=season_games, steps=steps)

    async def leaderboard(self, guild_id: int, game: str, season: str, *, min_games: int,
                          limit: int) -> list[RatingRow]:
        async with self._lock:
            rows = await self.db.execute_fetchall(
                "SELECT guild_id, game, season, player, mu, sigma, games FROM ratings WHERE guild_id = ? "
                f"AND game = ? AND season = ? AND games >= ? ORDER BY {RATING_ORDER} LIMIT ?",
                (guild_id, game, season, min_games, limit))
        return [_rating(tuple(r)) for r in rows]

    async def rating_place(self, guild_id: int, game: str, season: str, player: str, *, min_games: int) -> int | None:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT 1 + (SELECT count(*) FROM ratings o WHERE o.guild_id = ? AND o.game = r.game "
                "AND o.season = r.season AND o.games >= ? AND o.conservative > r.conservative) "
                "FROM ratings r WHERE r.guild_id = ? AND r.game = ? AND r.season = ? AND r.player = ? "
                "AND r.games >= ?",
                (guild_id, min_games, guild_id, game, season, player, min_games)))
        return int(rows[0][0]) if rows else None

    async def member_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self._lock:
            rows = await self.db.execute_fetchall(
                "SELECT user_id, name FROM (SELECT s.user_id, s.name, row_number() OVER (PARTITION BY s.user_id "
                "ORDER BY r.finished_at DESC, r.session_id DESC) AS latest FROM result_seats s JOIN results r "
                "ON r.session_id = s.session_id WHERE r.guild_id = ? AND s.resigned = 0 "
                f"AND s.user_id IN ({marks})) WHERE latest = 1", (guild_id, *user_ids))
        return {user: name for user, name in rows}

    async def rating_steps(self, guild_id: int, game: str, player: str, *, last: int) -> list[RatingStep]:
        async with self._lock:
            rows = list(await self.db.execute_fetchall(
                "SELECT t.session_id, t.guild_id, t.game, t.player, t.mu, t.sigma FROM rating_steps t "
                "JOIN results r ON r.session_id = t.session_id WHERE t.guild_id = ? AND t.game = ? AND t.player = ? "
                "ORDER BY r.finished_at DESC, t.session_id DESC LIMIT ?", (guild_id, game, player, max(last, 0))))
        return [RatingStep(session_id=sid, guild_id=g, game=gm, player=p, mu=mu, sigma=sigma)
                for sid, g, gm, p, mu, sigma in reversed(rows)]

    async def replace_ratings(self, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
        async with self._write() as db:
            await _replace_ratings(db, ratings, steps)

    async def finals_due(self) -> list[SessionRow]:
        return await self._many("status = 'finished' AND id IN (SELECT session_id FROM finals_due)", ())

    async def final_posted(self, session_id: int) -> None:
        async with self._write() as db:
            await db.execute_fetchall("DELETE FROM finals_due WHERE session_id = ?", (session_id,))

    async def finished_without_result(self) -> list[SessionRow]:
        return await self._many("status = 'finished' AND id NOT IN (SELECT session_id FROM results)", ())


AI_COLUMN = {False: ") VALUES (?, ?, ?, ?, ?, ?)", True: ", by_ai) VALUES (?, ?, ?, ?, ?, ?, 1)"}
"""The end of an action's INSERT: a member's own move leaves `by_ai` at its default (0), as every build wrote before
the column existed, so a database of an older schema still takes the moves of its games."""


def _rating(row: tuple[Any, ...]) -> RatingRow:
    guild_id, game, season, player, mu, sigma, games = row
    return RatingRow(guild_id=guild_id, game=game, season=season, player=player, mu=mu, sigma=sigma, games=games)


async def _write_ratings(db: aiosqlite.Connection, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, season, player, mu, sigma, games, conservative) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, season, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, conservative = excluded.conservative",
        [(r.guild_id, r.game, r.season, r.player, r.mu, r.sigma, r.games, conservative(r)) for r in ratings],
    )
    await db.executemany(
        "INSERT INTO rating_steps (session_id, guild_id, game, player, mu, sigma) VALUES (?, ?, ?, ?, ?, ?)",
        [(t.session_id, t.guild_id, t.game, t.player, t.mu, t.sigma) for t in steps],
    )


def _at(moment: datetime) -> str:
    """A finish time as stored: UTC, ISO, to the microsecond, so that text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


async def _insert_result(db: aiosqlite.Connection, result: ResultRow) -> bool:
    if await db.execute_fetchall("SELECT 1 FROM results WHERE session_id = ?", (result.session_id,)):
        return False
    await db.execute_fetchall(
        "INSERT INTO results (session_id, guild_id, channel_id, game, finished_at, rated, team) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (result.session_id, result.guild_id, result.channel_id, result.game, _at(result.finished_at),
         int(result.rated), int(result.team)),
    )
    await db.executemany(
        "INSERT INTO result_seats (session_id, seat, user_id, ai_level, name, place, score, resigned, ai_kept) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(result.session_id, s.seat, s.user_id, s.ai_level, s.name, s.place, s.score, int(s.resigned),
          int(s.ai_kept)) for s in result.seats],
    )
    return True


async def _replace_ratings(db: aiosqlite.Connection, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
    await db.execute_fetchall("DELETE FROM rating_steps")
    await db.execute_fetchall("DELETE FROM ratings")
    await _write_ratings(db, ratings, steps)


async def _get_ratings(db: aiosqlite.Connection, keys: list[tuple[int, str, str, str]]) -> list[RatingRow]:
    if not keys:
        return []
    marks = ", ".join("(?, ?, ?, ?)" for _ in keys)
    rows = await db.execute_fetchall(
        "SELECT guild_id, game, season, player, mu, sigma, games FROM ratings "
        f"WHERE (guild_id, game, season, player) IN (VALUES {marks})", tuple(v for k in keys for v in k))
    return [_rating(tuple(r)) for r in rows]


async def _results(db: aiosqlite.Connection, *, guild_id: int | None = None, user_id: int | None = None,
                   game: str | None = None) -> list[ResultRow]:
    where, params = ["1 = 1"], list[object]()
    if guild_id is not None:
        where.append("r.guild_id = ?")
        params.append(guild_id)
    if game is not None:
        where.append("r.game = ?")
        params.append(game)
    if user_id is not None:
        where.append("r.session_id IN (SELECT session_id FROM result_seats WHERE user_id = ?)")
        params.append(user_id)
    heads = list(await db.execute_fetchall(
        "SELECT r.session_id, r.guild_id, r.channel_id, r.game, r.finished_at, r.rated, r.team FROM results r "
        f"WHERE {' AND '.join(where)} ORDER BY r.finished_at, r.session_id", tuple(params)))
    seats = list(await db.execute_fetchall(
        "SELECT s.session_id, s.seat, s.user_id, s.ai_level, s.name, s.place, s.score, s.resigned, s.ai_kept "
        f"FROM result_seats s JOIN results r ON r.session_id = s.session_id WHERE {' AND '.join(where)} "
        "ORDER BY s.session_id, s.seat", tuple(params)))
    by_session: dict[int, list[ResultSeat]] = {}
    for sid, seat, user, level, name, place, score, resigned, kept in seats:
        by_session.setdefault(sid, []).append(ResultSeat(seat=seat, user_id=user, ai_level=level, name=name,
                                                         place=place, score=score, resigned=bool(resigned),
                                                         ai_kept=bool(kept)))
    return [ResultRow(session_id=sid, guild_id=g, channel_id=c, game=gm, finished_at=datetime.fromisoformat(at),
                      rated=bool(rated), team=bool(team), seats=by_session.get(sid, []))
            for sid, g, c, gm, at, rated, team in heads]
