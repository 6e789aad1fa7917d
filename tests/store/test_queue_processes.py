"""Two processes' queues on one database (PostgreSQL and SQLite): members joining through either process at the
same moment are each seated at exactly one table, and every table is formed by one process only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime

from bot.session import Parts
from bot.store import Store
from engine import registry

GAMES = {"planes": registry.get("planes")}


async def test_members_joining_through_two_processes_are_seated_once(new_store: Callable[[], Store]) -> None:
    stores = [new_store(), new_store()]
    for store in stores:
        await store.open()
    now = datetime(2026, 12, 1, tzinfo=UTC)
    one, two = (Parts(store, None, games=GAMES, now=lambda: now) for store in stores)

    async def joins(parts: Parts, users: range) -> list[list[int]]:
        formed: list[list[int]] = []
        for user in users:
            _entry, tables = await parts.queue.join(guild_id=1, here=50, user_id=user, name=f"m{user}",
                                                    game="planes", seats="4")
            formed += [[e.user_id for e in entries] for _table, entries in tables]
        return formed

    a, b = await asyncio.gather(joins(one, range(1, 41)), joins(two, range(41, 81)))
    seated = [user for table in a + b for user in table]
    assert sorted(seated) == list(range(1, 81)), "everyone seated, nobody twice"
    assert all(len(table) == 4 for table in a + b)
    assert len(await stores[0].lfg_confirming(1)) == 20
