"""Leagues' part of the Store interface, and its SQL, written once for both backends (as the queue's,
bot/store/queue_sql.py: `?` placeholders run by the backend's transaction).

Guarantees every backend keeps:
- a round is paired once: `league_pair` writes the round's games and byes in the transaction that moves the league
  from the round before, guarded by that round (False, nothing written, when another process got there first);
- a game's result is written once (`league_finish_game` only moves an open game);
- a member signs up once per league; status changes are guarded by the status they leave.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict
from typing import Any

from bot.leagues.rows import League, LeagueGame, LeagueMember
from bot.leagues.standings import SeatResult
from bot.store.queue_sql import Runner

LEAGUE_COLUMNS = ("id, guild_id, channel_id, game, name, format, table_size, rounds, deadline, fill, rated, ai_level, "
                  "status, round, created_by, created_at, message_id")
MEMBER_COLUMNS = "league_id, user_id, name, rating, joined_at, dropped"
GAME_COLUMNS = ("id, league_id, round, table_no, members_json, ai_seats, thread_id, session_id, status, "
                "result_json")


def _league(row: Sequence[Any]) -> League:
    return League.model_validate(dict(zip(LEAGUE_COLUMNS.split(", "), tuple(row), strict=True)))


def _member(row: Sequence[Any]) -> LeagueMember:
    return LeagueMember.model_validate(dict(zip(MEMBER_COLUMNS.split(", "), tuple(row), strict=True)))


def _game(row: Sequence[Any]) -> LeagueGame:
    values = dict(zip(GAME_COLUMNS.split(", "), tuple(row), strict=True))
    values["members"] = json.loads(values.pop("members_json"))
    values["result"] = [SeatResult(**s) for s in json.loads(values.pop("result_json"))]
    return LeagueGame.model_validate(values)


class LeagueStore(ABC):
    @abstractmethod
    async def league_create(self, league: League) -> League: ...

    @abstractmethod
    async def league_get(self, league_id: int) -> League | None: ...

    @abstractmethod
    async def leagues_of(self, guild_id: int) -> list[League]:
        """A server's leagues, oldest first."""

    @abstractmethod
    async def leagues_running(self) -> list[League]: ...

    @abstractmethod
    async def league_set_status(self, league_id: int, status: str, *, was: tuple[str, ...]) -> bool:
        """Change the status when it is one of `was`; whether it changed."""

    @abstractmethod
    async def league_set_message(self, league_id: int, message_id: int) -> None: ...

    @abstractmethod
    async def league_join(self, member: LeagueMember) -> bool:
        """Sign up, while the league is in sign-up; False when already signed up or no longer open."""

    @abstractmethod
    async def league_members(self, league_id: int) -> list[LeagueMember]:
        """In sign-up order."""

    @abstractmethod
    async def league_drop(self, league_id: int, user_id: int) -> bool:
        """The member plays no further rounds; False when not a member still playing."""

    @abstractmethod
    async def league_pair(self, league_id: int, round_no: int, games: list[LeagueGame], byes: list[int]) -> bool:
        """Round `round_no` with these games and byes, when the league is running at round `round_no` - 1."""

    @abstractmethod
    async def league_games(self, league_id: int) -> list[LeagueGame]:
        """Every game of the league, by round and table."""

    @abstractmethod
    async def league_byes(self, league_id: int) -> list[tuple[int, int]]:
        """(round, member) of every bye."""

    @abstractmethod
    async def league_game_of(self, session_id: int) -> LeagueGame | None: ...

    @abstractmethod
    async def league_place_game(self, game_id: int, *, thread_id: int, session_id: int | None) -> None: ...

    @abstractmethod
    async def league_finish_game(self, game_id: int, result: list[SeatResult]) -> bool: ...


class LeagueSql(LeagueStore):
    @abstractmethod
    def _queue_tx(self) -> AbstractAsyncContextManager[Runner]: ...

    async def _rows(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        async with self._queue_tx() as tx:
            return await tx.rows(sql, *args)

    async def league_create(self, league: League) -> League:
        names = LEAGUE_COLUMNS.split(", ")[1:]
        values = league.model_dump()
        rows = await self._rows(f"INSERT INTO leagues ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)}) "
                                f"RETURNING {LEAGUE_COLUMNS}", *(values[c] for c in names))
        return _league(rows[0])

    async def league_get(self, league_id: int) -> League | None:
        rows = await self._rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", league_id)
        return _league(rows[0]) if rows else None

    async def leagues_of(self, guild_id: int) -> list[League]:
        rows = await self._rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id", guild_id)
        return [_league(r) for r in rows]

    async def leagues_running(self) -> list[League]:
        rows = await self._rows(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'running' ORDER BY id")
        return [_league(r) for r in rows]

    async def league_set_status(self, league_id: int, status: str, *, was: tuple[str, ...]) -> bool:
        marks = ", ".join("?" for _ in was)
        rows = await self._rows(f"UPDATE leagues SET status = ? WHERE id = ? AND status IN ({marks}) RETURNING id",
                                status, league_id, *was)
        return bool(rows)

    async def league_set_message(self, league_id: int, message_id: int) -> None:
        await self._rows("UPDATE leagues SET message_id = ? WHERE id = ? RETURNING id", message_id, league_id)

    async def league_join(self, member: LeagueMember) -> bool:
        async with self._queue_tx() as tx:
            open_ = await tx.rows("SELECT 1 FROM leagues WHERE id = ? AND status = 'signup'", member.league_id)
            if not open_:
                return False
            rows = await tx.rows(
                f"INSERT INTO league_members ({MEMBER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (league_id, user_id) DO NOTHING RETURNING user_id",
                member.league_id, member.user_id, member.name, member.rating, member.joined_at, False)
        return bool(rows)

    async def league_members(self, league_id: int) -> list[LeagueMember]:
        rows = await self._rows(f"SELECT {MEMBER_COLUMNS} FROM league_members WHERE league_id = ? "
                                "ORDER BY joined_at, user_id", league_id)
        return [_member(r) for r in rows]

    async def league_drop(self, league_id: int, user_id: int) -> bool:
        rows = await self._rows("UPDATE league_members SET dropped = ? WHERE league_id = ? AND user_id = ? "
                                "AND dropped = ? RETURNING user_id", True, league_id, user_id, False)
        return bool(rows)

    async def league_pair(self, league_id: int, round_no: int, games: list[LeagueGame], byes: list[int]) -> bool:
        async with self._queue_tx() as tx:
            moved = await tx.rows("UPDATE leagues SET round = ? WHERE id = ? AND round = ? AND status = 'running' "
                                  "RETURNING id", round_no, league_id, round_no - 1)
            if not moved:
                return False
            for g in games:
                await tx.rows("INSERT INTO league_games (league_id, round, table_no, members_json, ai_seats, status, "
                              "result_json) VALUES (?, ?, ?, ?, ?, 'open', '[]') RETURNING id",
                              league_id, round_no, g.table_no, json.dumps(g.members), g.ai_seats)
            for member in byes:
                await tx.rows("INSERT INTO league_byes (league_id, round, user_id) VALUES (?, ?, ?) "
                              "RETURNING user_id", league_id, round_no, member)
        return True

    async def league_games(self, league_id: int) -> list[LeagueGame]:
        rows = await self._rows(f"SELECT {GAME_COLUMNS} FROM league_games WHERE league_id = ? "
                                "ORDER BY round, table_no", league_id)
        return [_game(r) for r in rows]

    async def league_byes(self, league_id: int) -> list[tuple[int, int]]:
        rows = await self._rows("SELECT round, user_id FROM league_byes WHERE league_id = ? ORDER BY round, user_id",
                                league_id)
        return [(r[0], r[1]) for r in rows]

    async def league_game_of(self, session_id: int) -> LeagueGame | None:
        rows = await self._rows(f"SELECT {GAME_COLUMNS} FROM league_games WHERE session_id = ?", session_id)
        return _game(rows[0]) if rows else None

    async def league_place_game(self, game_id: int, *, thread_id: int, session_id: int | None) -> None:
        await self._rows("UPDATE league_games SET thread_id = ?, session_id = ? WHERE id = ? RETURNING id",
                         thread_id, session_id, game_id)

    async def league_finish_game(self, game_id: int, result: list[SeatResult]) -> bool:
        rows = await self._rows("UPDATE league_games SET status = 'finished', result_json = ? WHERE id = ? "
                                "AND status = 'open' RETURNING id",
                                json.dumps([asdict(s) for s in result]), game_id)
        return bool(rows)
