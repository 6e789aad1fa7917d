"""The matchmaking queue's part of the Store interface (bot/store/base.py's Store includes it).

Guarantees every backend keeps:
- one entry per (server, member, game); joining again replaces a waiting entry's wishes and keeps its place;
- `lfg_claim` is one transaction that locks the waiting entries it reads (SQLite: BEGIN IMMEDIATE; PostgreSQL:
  SELECT … FOR UPDATE SKIP LOCKED), runs the pure rule (bot/lfg/matching.py) on them and writes its tables: an
  entry is seated at one table at most, however many processes claim at once;
- `lfg_start_table` and `lfg_drop_table` each succeed once per table (a conditional update on its status), so a
  table's lobby is opened, or its members sent back, exactly once;
- a started table keeps its entries until `lfg_table_session` records its game, so a process stopped between the
  two loses neither: `lfg_unopened` hands the table, once its opening time has passed, to one process at a time.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from bot.lfg.entries import QueueEntry, QueueRules, QueueTable

Seated = tuple[QueueTable, list[QueueEntry]]

ENTRY_COLUMNS = (
    "id, guild_id, channel_id, user_id, name, game, min_seats, max_seats, pace, rated, ai_allowed, rating, "
    "joined_at, queued_at, expires_at, misses, table_id, confirmed"
)
TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, seats, ai_seats, pace, rated, ai_level, status, created_at, confirm_by, "
    "thread_id, message_id, session_id, opening_until"
)


def entry_of(row: Sequence[Any]) -> QueueEntry:
    values = dict(zip(ENTRY_COLUMNS.split(", "), tuple(row), strict=True))
    return QueueEntry.model_validate(values)


def table_of(row: Sequence[Any]) -> QueueTable:
    values = dict(zip(TABLE_COLUMNS.split(", "), tuple(row), strict=True))
    return QueueTable.model_validate(values)


def new_table(entries: list[QueueEntry], seats: int, ai_seats: int, now: float, rules: QueueRules) -> QueueTable:
    """The table a plan makes, before the store gives it an id: in the channel of its longest-waiting member."""
    first = entries[0]
    return QueueTable(guild_id=first.guild_id, channel_id=first.channel_id, game=first.game, seats=seats,
                      ai_seats=ai_seats, pace=first.pace, rated=first.rated,
                      ai_level=rules.ai_level if ai_seats else "", created_at=now, confirm_by=now + rules.confirm)


class QueueStore(ABC):
    @abstractmethod
    async def lfg_join(self, entry: QueueEntry) -> QueueEntry:
        """Add the entry, or replace the wishes of that member's waiting entry for that game (its place and misses
        kept, its expiry renewed). A member seated at a table for that game keeps that entry: it is returned as is."""

    @abstractmethod
    async def lfg_leave(self, guild_id: int, user_id: int, game: str | None = None) -> list[QueueEntry]:
        """Take the member's waiting entries (for one game, or all) out of the queue; the ones removed."""

    @abstractmethod
    async def lfg_entries(self, guild_id: int) -> list[QueueEntry]:
        """Every entry of a server, seated or waiting, in queue order."""

    @abstractmethod
    async def lfg_renew(self, guild_id: int, user_id: int, expires_at: float) -> int:
        """Move the expiry of the member's waiting entries; how many there were."""

    @abstractmethod
    async def lfg_expire(self, now: float) -> list[QueueEntry]:
        """Remove every waiting entry whose expiry has passed; the ones removed."""

    @abstractmethod
    async def lfg_claim(self, guild_id: int, now: float, rules: QueueRules) -> list[Seated]:
        """One transaction: the tables the rule forms from the server's waiting entries, each with its entries
        (oldest first), written and their entries claimed."""

    @abstractmethod
    async def lfg_table(self, table_id: int) -> Seated | None: ...

    @abstractmethod
    async def lfg_confirming(self, guild_id: int | None = None) -> list[QueueTable]:
        """Tables still waiting for confirmations (of one server, or all), oldest first."""

    @abstractmethod
    async def lfg_place_table(self, table_id: int, *, thread_id: int, message_id: int | None) -> None:
        """Where the table's lobby is shown."""

    @abstractmethod
    async def lfg_confirm(self, table_id: int, user_id: int) -> Seated | None:
        """The member confirms their seat; the table after it (None: they are not seated there, or it is over)."""

    @abstractmethod
    async def lfg_start_table(self, table_id: int, opening_until: float) -> bool:
        """Confirming -> started, to be made a game by this process until `opening_until` (its entries stay until
        then); False (nothing written) when it was not confirming."""

    @abstractmethod
    async def lfg_table_session(self, table_id: int, session_id: int) -> None:
        """The game a started table became: its entries are done, and nobody opens it any more."""

    @abstractmethod
    async def lfg_unopened(self, now: float, opening_until: float) -> list[Seated]:
        """Started tables whose game is still not made when their opening time has passed by `now` (the process
        making it stopped): each handed to the caller with its entries, its opening time moved to `opening_until`
        (a conditional update: one caller each)."""

    @abstractmethod
    async def lfg_opening(self) -> list[QueueTable]:
        """Started tables whose game is not made yet, soonest opening time first."""

    @abstractmethod
    async def lfg_waiting_guilds(self) -> list[int]:
        """The servers with someone waiting in their queue."""

    @abstractmethod
    async def lfg_drop_table(self, table_id: int, now: float, rules: QueueRules, *,
                             unopened: bool = False) -> list[QueueEntry] | None:
        """Confirming -> dropped: a member who confirmed waits again at their place; one who did not goes to the back
        (queued now, a miss more), or out of the queue at `rules.max_misses`. The entries as they are now (a removed
        one with its misses counted and no table); None, with nothing written, when it was not confirming.
        With `unopened`: a started table whose game could not be made instead (its members all confirmed, so all
        wait again at their place)."""

    @abstractmethod
    async def lfg_panel(self, guild_id: int) -> tuple[int, int | None] | None:
        """The (channel, message) of the server's queue panel."""

    @abstractmethod
    async def lfg_set_panel(self, guild_id: int, channel_id: int, message_id: int | None) -> None: ...
