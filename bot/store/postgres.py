"""PostgreSQL behind the Store interface (asyncpg), for several bot processes sharing one database.

Why asyncpg rather than psycopg 3: the bot is asyncio throughout, and asyncpg is asyncio-native with a pool built in
and the binary protocol; we need nothing psycopg adds (sync API, COPY helpers, server-side cursors).

Concurrency: every version check is one conditional `UPDATE ... WHERE id = $1 AND version = $expected AND status =
...`. PostgreSQL takes the row lock for it; a second process updating the same row waits, then re-checks the WHERE
against the committed row and matches nothing, so two processes can never both apply a move. The action's primary
key (session_id, version) would refuse the second one anyway.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import asyncpg

import bot.store.codec as codec
import bot.store.postgres_errors as postgres_errors
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

_ONE_OPEN = "sessions_one_open_per_channel"
_MIGRATION_LOCK = 7_340_414  # any fixed number: pg_advisory_xact_lock key that serialises migrations
_RATINGS_LOCK = 7_340_415
"""The advisory lock every process takes to update ratings: a row lock cannot cover a rating not stored yet (a
member's first game, rated by two processes at once), and results end rarely enough for one lock to be free."""


def _now() -> datetime:
    return datetime.now(UTC)


AI_COLUMN = {False: ") VALUES ($1, $2, $3, $4, $5, $6)", True: ", by_ai) VALUES ($1, $2, $3, $4, $5, $6, TRUE)"}
"""The end of an action's INSERT: a member's own move leaves `by_ai` at its default (false), as every build wrote
before the column existed, so a database of an older schema still takes the moves of its games."""


def _session(row: asyncpg.Record) -> SessionRow:
    return SessionRow(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
        host_id=row["host_id"], status=row["status"], options=json.loads(row["options_json"]),
        seed=None if row["seed"] is None else int(row["seed"]),
        seats=[Seat.model_validate(s) for s in json.loads(row["seats_json"])], version=row["version"],
        created_at=row["created_at"], updated_at=row["updated_at"],
        board_message_id=row["board_message_id"], panel_message_id=row["panel_message_id"],
    )


async def _write_seats(con: asyncpg.Connection, session_id: int, seats: list[Seat]) -> None:
    await con.execute("DELETE FROM session_seats WHERE session_id = $1", session_id)
    users = sorted({s.user_id for s in seats if s.user_id is not None})
    if users:
        await con.executemany("INSERT INTO session_seats (user_id, session_id) VALUES ($1, $2)",
                              [(u, session_id) for u in users])


async def _write_state(con: asyncpg.Connection, session_id: int, version: int, state_json: str) -> None:
    codec_name, data = codec.encode(state_json)
    await con.execute(
        "INSERT INTO session_state (session_id, version, codec, state) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (session_id) DO UPDATE SET version = excluded.version, codec = excluded.codec, "
        "state = excluded.state",
        session_id, version, codec_name, data,
    )


@functools.lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """The queue's `?` placeholders as PostgreSQL's $1, $2, …."""
    count = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _Runner:
    """The queue's SQL (bot/store/queue_sql.py) on one connection, inside its transaction."""

    def __init__(self, con: asyncpg.Connection) -> None:
        self.con = con

    async def rows(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        return list(await self.con.fetch(_numbered(sql), *args))


class PostgresStore(QueueSql, LeagueSql, Backend[asyncpg.Pool]):
    # Rows another process is claiming are skipped, not waited for: each entry is seated by whichever claim locked
    # it first, and the other forms its tables from the rest.
    _claim_lock = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, *, pool_size: int = 10, through: int | None = None) -> None:
        self.url = url
        self.pool_size = pool_size
        self.through = through
        """Apply the migrations up to this number only: a test builds an older database with it."""

    # ---------------------------------------------------------------- lifecycle
    async def _connect(self) -> asyncpg.Pool:
        try:
            return await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
        except Exception as error:
            explained = postgres_errors.unreachable(self.url, error)
            if explained is None:
                raise
            raise explained from None

    def _unusable(self, error: BaseException) -> StoreUnavailable | None:
        # A migration's error is a bug, but for a role that may not create tables: a deployment's choice.
        if isinstance(error, asyncpg.InsufficientPrivilegeError):
            return postgres_errors.unreachable(self.url, error)
        return None

    @property
    def pool(self) -> asyncpg.Pool:
        return self.handle

    async def _ready(self) -> None:
        async with self.pool.acquire() as con, con.transaction():
            # Two processes starting at once: the advisory lock makes the second wait and then find all applied.
            await con.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await con.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)"
            )
            done = {r["number"] for r in await con.fetch("SELECT number FROM schema_migrations")}
            for number, name, sql in migrations("migrations/postgres"):
                if self.through is not None and number > self.through:
                    break
                if number in done:
                    continue
                await con.execute(sql)
                await con.execute("INSERT INTO schema_migrations (number, name, applied_at) VALUES ($1, $2, $3)",
                                  number, name, _now())

    async def applied_migrations(self) -> list[tuple[int, str]]:
        rows = await self.pool.fetch("SELECT number, name FROM schema_migrations ORDER BY number")
        return [(r["number"], r["name"]) for r in rows]

    # ---------------------------------------------------------------- plumbing
    @asynccontextmanager
    async def _queue_tx(self) -> AsyncIterator[_Runner]:
        async with self.pool.acquire() as con, con.transaction():
            yield _Runner(con)

    async def _one(self, con: asyncpg.Connection, session_id: int) -> SessionRow:
        row = await con.fetchrow(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = $1", session_id)
        if row is None:
            raise SessionNotFound(f"no session {session_id}")
        return _session(row)

    async def _why_not(self, con: asyncpg.Connection, session_id: int, status: str, expected_version: int) -> None:
        """A conditional UPDATE matched nothing: raise the error that says why."""
        session = await self._one(con, session_id)
        if session.status != status:
            raise SessionClosed(f"session {session_id} is {session.status}, not {status}")
        raise StaleVersion(f"session {session_id} is at version {session.version}, not {expected_version}")

    async def _many(self, where: str, *params: Any) -> list[SessionRow]:
        rows = await self.pool.fetch(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE {where} ORDER BY id", *params)
        return [_session(r) for r in rows]

    # ---------------------------------------------------------------- sessions
    async def create_session(
        self, *, guild_id: int | None, channel_id: int, game: str, host_id: int,
        options: dict[str, str], seats: list[Seat],
    ) -> SessionRow:
        now = _now()
        try:
            async with self.pool.acquire() as con, con.transaction():
                row = await con.fetchrow(
                    "INSERT INTO sessions (guild_id, channel_id, game, host_id, status, options_json, seats_json, "
                    f"version, created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, 0, $7, $7) "
                    f"RETURNING {SESSION_COLUMNS}",
                    guild_id, channel_id, game, host_id, json.dumps(dict(options)), seats_json(seats), now,
                )
                await _write_seats(con, row["id"], seats)
                return _session(row)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name == _ONE_OPEN:
                raise ChannelBusy(f"channel {channel_id} already has a lobby or an active game") from None
            raise

    async def get_session(self, session_id: int) -> SessionRow | None:
        found = await self._many("id = $1", session_id)
        return found[0] if found else None

    async def session_in_channel(self, channel_id: int) -> SessionRow | None:
        found = await self._many("channel_id = $1 AND status IN ('lobby', 'active')", channel_id)
        return found[0] if found else None

    async def update_lobby(
        self, session_id: int, *, seats: list[Seat], options: dict[str, str], expected_version: int
    ) -> SessionRow:
        async with self.pool.acquire() as con, con.transaction():
            row = await con.fetchrow(
                "UPDATE sessions SET seats_json = $3, options_json = $4, version = version + 1, updated_at = $5 "
                f"WHERE id = $1 AND version = $2 AND status = 'lobby' RETURNING {SESSION_COLUMNS}",
                session_id, expected_version, seats_json(seats), json.dumps(dict(options)), _now(),
            )
            if row is None:
                await self._why_not(con, session_id, "lobby", expected_version)
            await _write_seats(con, session_id, seats)
            return _session(row)

    async def start_session(
        self, session_id: int, *, seed: int, seats: list[Seat], state_json: str, state_version: int,
        expected_version: int,
    ) -> SessionRow:
        now = _now()
        async with self.pool.acquire() as con, con.transaction():
            row = await con.fetchrow(
                "UPDATE sessions SET status = 'active', seed = $3, seats_json = $4, version = $5, updated_at = $6 "
                f"WHERE id = $1 AND version = $2 AND status = 'lobby' RETURNING {SESSION_COLUMNS}",
                session_id, expected_version, str(seed), seats_json(seats), state_version, now,
            )
            if row is None:
                await self._why_not(con, session_id, "lobby", expected_version)
            await _write_seats(con, session_id, seats)
            await _write_state(con, session_id, state_version, state_json)
            return _session(row)

    async def record_move(
        self, session_id: int, *, expected_version: int, seat: int, choice: str, events: list[dict[str, Any]],
        state_json: str, new_version: int, finished: bool = False, by_ai: bool = False,
    ) -> SessionRow:
        if new_version <= expected_version:
            raise ValueError(f"a move must raise the version (from {expected_version} to {new_version}?)")
        events_json = json.dumps(events)
        now = _now()
        async with self.pool.acquire() as con, con.transaction():
            # The one conditional UPDATE that decides who wins (see the module docstring).
            row = await con.fetchrow(
                "UPDATE sessions SET version = $3, status = $4, updated_at = $5 "
                f"WHERE id = $1 AND version = $2 AND status = 'active' RETURNING {SESSION_COLUMNS}",
                session_id, expected_version, new_version, "finished" if finished else "active", now,
            )
            if row is None:
                await self._why_not(con, session_id, "active", expected_version)
            await con.execute(
                "INSERT INTO actions (session_id, version, seat, choice, events_json, created_at" + AI_COLUMN[by_ai],
                session_id, new_version, seat, choice, events_json, now,
            )
            await _write_state(con, session_id, new_version, state_json)
            if finished:  # with the move, so no stop between the two can lose the final message
                await con.execute("INSERT INTO finals_due (session_id) VALUES ($1) ON CONFLICT DO NOTHING",
                                  session_id)
            return _session(row)

    async def load_snapshot(self, session_id: int) -> tuple[str, int]:
        row = await self.pool.fetchrow("SELECT codec, state, version FROM session_state WHERE session_id = $1",
                                       session_id)
        if row is None:
            raise SessionNotFound(f"session {session_id} has no snapshot (it never started)")
        return codec.decode(row["codec"], bytes(row["state"])), row["version"]

    async def actions(self, session_id: int, *, last: int | None = None) -> list[ActionRow]:
        query = ("SELECT session_id, version, seat, choice, events_json, created_at, by_ai FROM actions "
                 "WHERE session_id = $1")
        if last is not None:
            rows = list(await self.pool.fetch(query + " ORDER BY version DESC LIMIT $2", session_id, max(last, 0)))
            rows.reverse()
        else:
            rows = list(await self.pool.fetch(query + " ORDER BY version", session_id))
        return [
            ActionRow(session_id=r["session_id"], version=r["version"], seat=r["seat"], choice=r["choice"],
                      events=json.loads(r["events_json"]), created_at=r["created_at"], by_ai=r["by_ai"])
            for r in rows
        ]

    async def ai_moves(self, session_id: int) -> dict[int, tuple[int, int]]:
        rows = await self.pool.fetch(
            "SELECT seat, count(*) FILTER (WHERE by_ai) AS ai, count(*) AS moves FROM actions WHERE session_id = $1 "
            "GROUP BY seat", session_id)
        return {r["seat"]: (r["ai"], r["moves"]) for r in rows}

    async def set_status(self, session_id: int, status: str) -> SessionRow:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}; one of {', '.join(STATUSES)}")
        try:
            row = await self.pool.fetchrow(
                f"UPDATE sessions SET status = $2, updated_at = $3 WHERE id = $1 RETURNING {SESSION_COLUMNS}",
                session_id, status, _now(),
            )
        except asyncpg.UniqueViolationError as exc:
            if status in OPEN_STATUSES and exc.constraint_name == _ONE_OPEN:
                raise ChannelBusy(f"session {session_id}'s channel already has a lobby or an active game") from None
            raise
        if row is None:
            raise SessionNotFound(f"no session {session_id}")
        return _session(row)

    async def set_messages(
        self, session_id: int, *, board_message_id: int | None, panel_message_id: int | None
    ) -> None:
        done = await self.pool.execute(
            "UPDATE sessions SET board_message_id = $2, panel_message_id = $3, updated_at = $4 WHERE id = $1",
            session_id, board_message_id, panel_message_id, _now(),
        )
        if done == "UPDATE 0":
            raise SessionNotFound(f"no session {session_id}")

    async def latest_in_channel(self, channel_id: int, statuses: tuple[str, ...]) -> SessionRow | None:
        if not statuses:
            return None
        row = await self.pool.fetchrow(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE channel_id = $1 AND status = ANY($2::text[]) "
            "ORDER BY id DESC LIMIT 1",
            channel_id, list(statuses),
        )
        return _session(row) if row else None

    async def set_seats(self, session_id: int, seats: list[Seat]) -> SessionRow:
        async with self.pool.acquire() as con, con.transaction():
            row = await con.fetchrow(
                f"UPDATE sessions SET seats_json = $2, updated_at = $3 WHERE id = $1 AND status = 'active' "
                f"RETURNING {SESSION_COLUMNS}",
                session_id, seats_json(seats), _now(),
            )
            if row is None:
                session = await self._one(con, session_id)
                raise SessionClosed(f"session {session_id} is {session.status}, not active")
            await _write_seats(con, session_id, seats)
            return _session(row)

    async def get_meta(self, session_id: int) -> dict[str, Any]:
        row = await self.pool.fetchrow("SELECT meta_json FROM session_meta WHERE session_id = $1", session_id)
        return dict(json.loads(row["meta_json"])) if row else {}

    async def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        meta_json = json.dumps(meta)
        async with self.pool.acquire() as con, con.transaction():
            await self._one(con, session_id)
            await con.execute(
                "INSERT INTO session_meta (session_id, meta_json, updated_at) VALUES ($1, $2, $3) "
                "ON CONFLICT (session_id) DO UPDATE SET meta_json = excluded.meta_json, "
                "updated_at = excluded.updated_at",
                session_id, meta_json, _now(),
            )

    async def get_member_settings(self, user_id: int) -> dict[str, Any]:
        row = await self.pool.fetchrow("SELECT settings_json FROM member_settings WHERE user_id = $1", user_id)
        return dict(json.loads(row["settings_json"])) if row else {}

    async def set_member_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self.pool.execute(
            "INSERT INTO member_settings (user_id, settings_json, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (user_id) DO UPDATE SET settings_json = excluded.settings_json, "
            "updated_at = excluded.updated_at",
            user_id, json.dumps(settings), _now(),
        )

    async def get_server_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self.pool.fetchrow("SELECT settings_json FROM server_settings WHERE guild_id = $1", guild_id)
        return dict(json.loads(row["settings_json"])) if row else {}

    async def set_server_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self.pool.execute(
            "INSERT INTO server_settings (guild_id, settings_json, updated_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json, "
            "updated_at = excluded.updated_at",
            guild_id, json.dumps(settings), _now(),
        )

    async def session_counts(self) -> list[tuple[str, str, int]]:
        rows = await self.pool.fetch(
            "SELECT game, status, COUNT(*) AS n FROM sessions GROUP BY game, status ORDER BY game, status")
        return [(str(r["game"]), str(r["status"]), int(r["n"])) for r in rows]

    async def active_sessions(self) -> list[SessionRow]:
        return await self._many("status = 'active'")

    async def sessions_in_channel(self, channel_id: int) -> list[SessionRow]:
        return await self._many("channel_id = $1", channel_id)

    async def sessions_of_user(self, user_id: int) -> list[SessionRow]:
        return await self._many(
            "id IN (SELECT id FROM sessions WHERE host_id = $1 UNION SELECT session_id FROM session_seats "
            "WHERE user_id = $1)",
            user_id,
        )

    # ---------------------------------------------------------------- results and ratings
    async def add_result(self, result: ResultRow, ratings: list[RatingRow], steps: list[RatingStep]) -> bool:
        async with self.pool.acquire() as con, con.transaction():
            if not await _insert_result(con, result):
                return False
            await _write_ratings(con, ratings, steps)
        return True

    async def add_rated_result(self, result: ResultRow, rules: RatingRules) -> bool:
        async with self.pool.acquire() as con, con.transaction():
            # Taken before anything is read: another process's update of the same ratings either committed before
            # (and is read below: READ COMMITTED reads each statement afresh) or waits for this one to commit.
            await con.execute("SELECT pg_advisory_xact_lock($1)", _RATINGS_LOCK)
            if not await _insert_result(con, result):
                return False
            if not result.rated:
                return True
            later = await con.fetchval(
                "SELECT 1 FROM results WHERE rated AND session_id <> $1 AND (finished_at, session_id) > ($2, $1) "
                "LIMIT 1", result.session_id, result.finished_at)
            if later is not None:
                await _replace_ratings(con, *rules.recompute(await _results(con)))
                return True
            current = {(r.guild_id, r.game, r.season, r.player): r
                       for r in await _get_ratings(con, rules.keys(result))}
            await _write_ratings(con, *rules.update(result, current))
        return True

    async def rebuild_ratings(self, rules: RatingRules) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1)", _RATINGS_LOCK)
            await _replace_ratings(con, *rules.recompute(await _results(con)))
            await con.execute("INSERT INTO ratings_basis (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO UPDATE "
                              "SET fingerprint = excluded.fingerprint", rules.fingerprint)

    async def ratings_audit(self) -> RatingsAudit:
        async with self.pool.acquire() as con, con.transaction(isolation="repeatable_read", readonly=True):
            basis = await con.fetchval("SELECT fingerprint FROM ratings_basis")
            stored = await con.fetch("SELECT guild_id, game, player, games FROM ratings WHERE season = ''")
            expected = await con.fetch(
                "SELECT coalesce(r.guild_id, 0) AS guild_id, r.game, s.user_id, count(*) AS n FROM result_seats s "
                "JOIN results r ON r.session_id = s.session_id "
                "WHERE r.rated AND s.user_id IS NOT NULL AND NOT s.ai_kept "
                "GROUP BY 1, 2, 3")
            season_games = await con.fetchval("SELECT coalesce(sum(games), 0) FROM ratings WHERE season <> ''")
            steps = await con.fetchval("SELECT count(*) FROM rating_steps")
        return RatingsAudit(fingerprint=basis,
                            stored={(r["guild_id"], r["game"], r["player"]): r["games"] for r in stored},
                            expected={(r["guild_id"], r["game"], f"member:{r['user_id']}"): r["n"] for r in expected},
                            season_games=int(season_games), steps=int(steps))

    async def results(self, *, guild_id: int | None = None, user_id: int | None = None,
                      game: str | None = None) -> list[ResultRow]:
        async with self.pool.acquire() as con, con.transaction(isolation="repeatable_read", readonly=True):
            return await _results(con, guild_id=guild_id, user_id=user_id, game=game)

    async def get_ratings(self, keys: list[tuple[int, str, str, str]]) -> list[RatingRow]:
        async with self.pool.acquire() as con:
            return await _get_ratings(con, keys)

    async def leaderboard(self, guild_id: int, game: str, season: str, *, min_games: int,
                          limit: int) -> list[RatingRow]:
        rows = await self.pool.fetch(
            "SELECT guild_id, game, season, player, mu, sigma, games FROM ratings WHERE guild_id = $1 "
            f"AND game = $2 AND season = $3 AND games >= $4 ORDER BY {RATING_ORDER} LIMIT $5",
            guild_id, game, season, min_games, limit)
        return [_rating(r) for r in rows]

    async def rating_place(self, guild_id: int, game: str, season: str, player: str, *, min_games: int) -> int | None:
        place = await self.pool.fetchval(
            "SELECT 1 + (SELECT count(*) FROM ratings o WHERE o.guild_id = $1 AND o.game = r.game "
            "AND o.season = r.season AND o.games >= $5 AND o.conservative > r.conservative) "
            "FROM ratings r WHERE r.guild_id = $1 AND r.game = $2 AND r.season = $3 AND r.player = $4 "
            "AND r.games >= $5",
            guild_id, game, season, player, min_games)
        return None if place is None else int(place)

    async def member_names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        rows = await self.pool.fetch(
            "SELECT user_id, name FROM (SELECT s.user_id, s.name, row_number() OVER (PARTITION BY s.user_id "
            "ORDER BY r.finished_at DESC, r.session_id DESC) AS latest FROM result_seats s JOIN results r "
            "ON r.session_id = s.session_id WHERE r.guild_id = $1 AND NOT s.resigned "
            "AND s.user_id = ANY($2::bigint[])) named WHERE latest = 1", guild_id, user_ids)
        return {r["user_id"]: r["name"] for r in rows}

    async def rating_steps(self, guild_id: int, game: str, player: str, *, last: int) -> list[RatingStep]:
        rows = await self.pool.fetch(
            "SELECT t.session_id, t.guild_id, t.game, t.player, t.mu, t.sigma FROM rating_steps t "
            "JOIN results r ON r.session_id = t.session_id WHERE t.guild_id = $1 AND t.game = $2 AND t.player = $3 "
            "ORDER BY r.finished_at DESC, t.session_id DESC LIMIT $4", guild_id, game, player, max(last, 0))
        return [RatingStep(session_id=r["session_id"], guild_id=r["guild_id"], game=r["game"], player=r["player"],
                           mu=r["mu"], sigma=r["sigma"]) for r in reversed(rows)]

    async def replace_ratings(self, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
        async with self.pool.acquire() as con, con.transaction():
            await _replace_ratings(con, ratings, steps)

    async def finals_due(self) -> list[SessionRow]:
        return await self._many("status = 'finished' AND id IN (SELECT session_id FROM finals_due)")

    async def final_posted(self, session_id: int) -> None:
        await self.pool.execute("DELETE FROM finals_due WHERE session_id = $1", session_id)

    async def finished_without_result(self) -> list[SessionRow]:
        return await self._many("status = 'finished' AND id NOT IN (SELECT session_id FROM results)")


def _rating(row: asyncpg.Record) -> RatingRow:
    return RatingRow(guild_id=row["guild_id"], game=row["game"], season=row["season"], player=row["player"],
                     mu=row["mu"], sigma=row["sigma"], games=row["games"])


async def _write_ratings(con: asyncpg.Connection, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
    await con.executemany(
        "INSERT INTO ratings (guild_id, game, season, player, mu, sigma, games, conservative) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, game, season, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, conservative = excluded.conservative",
        [(r.guild_id, r.game, r.season, r.player, r.mu, r.sigma, r.games, conservative(r)) for r in ratings])
    await con.executemany(
        "INSERT INTO rating_steps (session_id, guild_id, game, player, mu, sigma) VALUES ($1, $2, $3, $4, $5, $6)",
        [(t.session_id, t.guild_id, t.game, t.player, t.mu, t.sigma) for t in steps])


async def _insert_result(con: asyncpg.Connection, result: ResultRow) -> bool:
    added = await con.fetchval(
        "INSERT INTO results (session_id, guild_id, channel_id, game, finished_at, rated, team) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id) DO NOTHING RETURNING session_id",
        result.session_id, result.guild_id, result.channel_id, result.game, result.finished_at,
        result.rated, result.team)
    if added is None:
        return False
    await con.executemany(
        "INSERT INTO result_seats (session_id, seat, user_id, ai_level, name, place, score, resigned, ai_kept) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        [(result.session_id, s.seat, s.user_id, s.ai_level, s.name, s.place, s.score, s.resigned, s.ai_kept)
         for s in result.seats])
    return True


async def _replace_ratings(con: asyncpg.Connection, ratings: list[RatingRow], steps: list[RatingStep]) -> None:
    await con.execute("DELETE FROM rating_steps")
    await con.execute("DELETE FROM ratings")
    await _write_ratings(con, ratings, steps)


async def _get_ratings(con: asyncpg.Connection, keys: list[tuple[int, str, str, str]]) -> list[RatingRow]:
    if not keys:
        return []
    rows = await con.fetch(
        "SELECT r.guild_id, r.game, r.season, r.player, r.mu, r.sigma, r.games FROM ratings r "
        "JOIN unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS k (guild_id, game, season, player) "
        "USING (guild_id, game, season, player)",
        [k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys], [k[3] for k in keys])
    return [_rating(r) for r in rows]


async def _results(con: asyncpg.Connection, *, guild_id: int | None = None, user_id: int | None = None,
                   game: str | None = None) -> list[ResultRow]:
    where, params = ["TRUE"], list[object]()
    if guild_id is not None:
        params.append(guild_id)
        where.append(f"r.guild_id = ${len(params)}")
    if game is not None:
        params.append(game)
        where.append(f"r.game = ${len(params)}")
    if user_id is not None:
        params.append(user_id)
        where.append(f"r.session_id IN (SELECT session_id FROM result_seats WHERE user_id = ${len(params)})")
    heads = await con.fetch(
        "SELECT r.session_id, r.guild_id, r.channel_id, r.game, r.finished_at, r.rated, r.team FROM results r "
        f"WHERE {' AND '.join(where)} ORDER BY r.finished_at, r.session_id", *params)
    seats = await con.fetch(
        "SELECT s.session_id, s.seat, s.user_id, s.ai_level, s.name, s.place, s.score, s.resigned, s.ai_kept "
        f"FROM result_seats s JOIN results r ON r.session_id = s.session_id WHERE {' AND '.join(where)} "
        "ORDER BY s.session_id, s.seat", *params)
    by_session: dict[int, list[ResultSeat]] = {}
    for s in seats:
        by_session.setdefault(s["session_id"], []).append(ResultSeat(
            seat=s["seat"], user_id=s["user_id"], ai_level=s["ai_level"], name=s["name"], place=s["place"],
            score=s["score"], resigned=s["resigned"], ai_kept=s["ai_kept"]))
    return [ResultRow(session_id=r["session_id"], guild_id=r["guild_id"], channel_id=r["channel_id"],
                      game=r["game"], finished_at=r["finished_at"], rated=r["rated"], team=r["team"],
                      seats=by_session.get(r["session_id"], []))
            for r in heads]
