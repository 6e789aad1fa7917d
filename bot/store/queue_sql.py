"""The queue's storage (bot/store/queue.py), written once for both backends: each gives a transaction (`_queue_tx`)
that runs SQL with `?` placeholders, and says how the claim locks the rows it reads (`_claim_lock`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.lfg.entries import QueueEntry, QueueRules, QueueTable
from bot.lfg.matching import plan_tables
from bot.store.queue import ENTRY_COLUMNS, TABLE_COLUMNS, QueueStore, Seated, entry_of, new_table, table_of


class Runner(Protocol):
    async def rows(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]: ...


_WISHES = ("channel_id", "name", "min_seats", "max_seats", "pace", "rated", "ai_allowed", "rating", "expires_at")


class QueueSql(QueueStore):
    _claim_lock = ""
    """What the claim's SELECT ends with to lock what it reads (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite's
    BEGIN IMMEDIATE already holds the whole file)."""

    @abstractmethod
    def _queue_tx(self) -> AbstractAsyncContextManager[Runner]:
        """One write transaction."""

    async def lfg_join(self, entry: QueueEntry) -> QueueEntry:
        names = ENTRY_COLUMNS.split(", ")[1:]
        values = entry.model_dump()
        updates = ", ".join(f"{c} = excluded.{c}" for c in _WISHES)
        async with self._queue_tx() as tx:
            await tx.rows(
                f"INSERT INTO lfg_entries ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)}) "
                f"ON CONFLICT (guild_id, user_id, game) DO UPDATE SET {updates} "
                "WHERE lfg_entries.table_id IS NULL",
                *(values[c] for c in names),
            )
            found = await tx.rows(f"SELECT {ENTRY_COLUMNS} FROM lfg_entries WHERE guild_id = ? AND user_id = ? "
                                  "AND game = ?", entry.guild_id, entry.user_id, entry.game)
        return entry_of(found[0])

    async def lfg_leave(self, guild_id: int, user_id: int, game: str | None = None) -> list[QueueEntry]:
        which = "" if game is None else " AND game = ?"
        args = (guild_id, user_id) if game is None else (guild_id, user_id, game)
        async with self._queue_tx() as tx:
            gone = await tx.rows(f"DELETE FROM lfg_entries WHERE guild_id = ? AND user_id = ? AND table_id IS NULL"
                                 f"{which} RETURNING {ENTRY_COLUMNS}", *args)
        return sorted((entry_of(r) for r in gone), key=lambda e: (e.queued_at, e.id))

    async def lfg_entries(self, guild_id: int) -> list[QueueEntry]:
        async with self._queue_tx() as tx:
            found = await tx.rows(f"SELECT {ENTRY_COLUMNS} FROM lfg_entries WHERE guild_id = ? "
                                  "ORDER BY queued_at, id", guild_id)
        return [entry_of(r) for r in found]

    async def lfg_renew(self, guild_id: int, user_id: int, expires_at: float) -> int:
        async with self._queue_tx() as tx:
            moved = await tx.rows("UPDATE lfg_entries SET expires_at = ? WHERE guild_id = ? AND user_id = ? "
                                  "AND table_id IS NULL RETURNING id", expires_at, guild_id, user_id)
        return len(moved)

    async def lfg_expire(self, now: float) -> list[QueueEntry]:
        async with self._queue_tx() as tx:
            gone = await tx.rows(f"DELETE FROM lfg_entries WHERE table_id IS NULL AND expires_at <= ? "
                                 f"RETURNING {ENTRY_COLUMNS}", now)
        return sorted((entry_of(r) for r in gone), key=lambda e: (e.queued_at, e.id))

    async def lfg_claim(self, guild_id: int, now: float, rules: QueueRules) -> list[Seated]:
        made: list[Seated] = []
        async with self._queue_tx() as tx:
            rows = await tx.rows(f"SELECT {ENTRY_COLUMNS} FROM lfg_entries WHERE guild_id = ? AND table_id IS NULL "
                                 f"AND expires_at > ? ORDER BY queued_at, id{self._claim_lock}", guild_id, now)
            entries = {e.id: e for e in map(entry_of, rows)}
            for plan in plan_tables(entries.values(), now, rules):
                seated = [entries[i] for i in plan.entry_ids]
                table = new_table(seated, plan.seats, plan.ai_seats, now, rules)
                names = TABLE_COLUMNS.split(", ")[1:]
                values = table.model_dump()
                ids = await tx.rows(
                    f"INSERT INTO lfg_tables ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)}) "
                    "RETURNING id", *(values[c] for c in names))
                table = table.model_copy(update={"id": ids[0][0]})
                for e in seated:
                    claimed = await tx.rows("UPDATE lfg_entries SET table_id = ?, confirmed = ? WHERE id = ? "
                                            "AND table_id IS NULL RETURNING id", table.id, False, e.id)
                    if not claimed:  # the lock makes this impossible; a bug must not seat anyone twice
                        raise RuntimeError(f"queue entry {e.id} was claimed by another table")
                made.append((table, [e.model_copy(update={"table_id": table.id}) for e in seated]))
        return made

    async def lfg_table(self, table_id: int) -> Seated | None:
        async with self._queue_tx() as tx:
            return await _seated(tx, table_id)

    async def lfg_confirming(self, guild_id: int | None = None) -> list[QueueTable]:
        which = "" if guild_id is None else " AND guild_id = ?"
        async with self._queue_tx() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM lfg_tables WHERE status = 'confirming'{which} "
                                 "ORDER BY id", *(() if guild_id is None else (guild_id,)))
        return [table_of(r) for r in rows]

    async def lfg_place_table(self, table_id: int, *, thread_id: int, message_id: int | None) -> None:
        async with self._queue_tx() as tx:
            await tx.rows("UPDATE lfg_tables SET thread_id = ?, message_id = ? WHERE id = ? RETURNING id",
                          thread_id, message_id, table_id)

    async def lfg_confirm(self, table_id: int, user_id: int) -> Seated | None:
        async with self._queue_tx() as tx:
            done = await tx.rows(
                "UPDATE lfg_entries SET confirmed = ? WHERE table_id = ? AND user_id = ? AND EXISTS "
                "(SELECT 1 FROM lfg_tables t WHERE t.id = ? AND t.status = 'confirming') RETURNING id",
                True, table_id, user_id, table_id)
            return await _seated(tx, table_id) if done else None

    async def lfg_start_table(self, table_id: int, opening_until: float) -> bool:
        async with self._queue_tx() as tx:
            done = await tx.rows("UPDATE lfg_tables SET status = 'started', opening_until = ? WHERE id = ? "
                                 "AND status = 'confirming' RETURNING id", opening_until, table_id)
        return bool(done)

    async def lfg_table_session(self, table_id: int, session_id: int) -> None:
        async with self._queue_tx() as tx:
            await tx.rows("UPDATE lfg_tables SET session_id = ?, opening_until = NULL WHERE id = ? RETURNING id",
                          session_id, table_id)
            await tx.rows("DELETE FROM lfg_entries WHERE table_id = ? RETURNING id", table_id)

    async def lfg_unopened(self, now: float, opening_until: float) -> list[Seated]:
        async with self._queue_tx() as tx:
            ids = await tx.rows("UPDATE lfg_tables SET opening_until = ? WHERE status = 'started' "
                                "AND session_id IS NULL AND opening_until <= ? RETURNING id", opening_until, now)
            found = [await _seated(tx, table_id) for table_id in sorted(r[0] for r in ids)]
        return [seated for seated in found if seated is not None]

    async def lfg_opening(self) -> list[QueueTable]:
        async with self._queue_tx() as tx:
            rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM lfg_tables WHERE status = 'started' "
                                 "AND session_id IS NULL AND opening_until IS NOT NULL ORDER BY opening_until, id")
        return [table_of(r) for r in rows]

    async def lfg_waiting_guilds(self) -> list[int]:
        async with self._queue_tx() as tx:
            rows = await tx.rows("SELECT DISTINCT guild_id FROM lfg_entries WHERE table_id IS NULL ORDER BY guild_id")
        return [r[0] for r in rows]

    async def lfg_drop_table(self, table_id: int, now: float, rules: QueueRules, *,
                             unopened: bool = False) -> list[QueueEntry] | None:
        which = "status = 'started' AND session_id IS NULL" if unopened else "status = 'confirming'"
        async with self._queue_tx() as tx:
            done = await tx.rows(f"UPDATE lfg_tables SET status = 'dropped', opening_until = NULL WHERE id = ? "
                                 f"AND {which} RETURNING id", table_id)
            if not done:
                return None
            rows = await tx.rows(f"SELECT {ENTRY_COLUMNS} FROM lfg_entries WHERE table_id = ? ORDER BY queued_at, id",
                                 table_id)
            after: list[QueueEntry] = []
            for e in map(entry_of, rows):
                if e.confirmed:
                    e = e.model_copy(update={"table_id": None, "confirmed": False})
                else:
                    e = e.model_copy(update={"table_id": None, "queued_at": now, "misses": e.misses + 1})
                if e.misses >= rules.max_misses:
                    await tx.rows("DELETE FROM lfg_entries WHERE id = ? RETURNING id", e.id)
                else:
                    await tx.rows("UPDATE lfg_entries SET table_id = NULL, confirmed = ?, queued_at = ?, misses = ? "
                                  "WHERE id = ? RETURNING id", False, e.queued_at, e.misses, e.id)
                after.append(e)
        return after

    async def lfg_panel(self, guild_id: int) -> tuple[int, int | None] | None:
        async with self._queue_tx() as tx:
            rows = await tx.rows("SELECT channel_id, message_id FROM lfg_panels WHERE guild_id = ?", guild_id)
        return (rows[0][0], rows[0][1]) if rows else None

    async def lfg_set_panel(self, guild_id: int, channel_id: int, message_id: int | None) -> None:
        async with self._queue_tx() as tx:
            await tx.rows("INSERT INTO lfg_panels (guild_id, channel_id, message_id) VALUES (?, ?, ?) "
                          "ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
                          "message_id = excluded.message_id RETURNING guild_id", guild_id, channel_id, message_id)


async def _seated(tx: Runner, table_id: int) -> Seated | None:
    rows = await tx.rows(f"SELECT {TABLE_COLUMNS} FROM lfg_tables WHERE id = ?", table_id)
    if not rows:
        return None
    entries = await tx.rows(f"SELECT {ENTRY_COLUMNS} FROM lfg_entries WHERE table_id = ? ORDER BY queued_at, id",
                            table_id)
    return table_of(rows[0]), [entry_of(r) for r in entries]
