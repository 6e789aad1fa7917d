"""Two bot processes run their matching loops (the queue's clock) at the same time on one database, PostgreSQL and
SQLite, while members keep joining one queue of varied wishes: every entry is seated at one table at most, every
table either process formed is in the store with exactly the entries that process seated, no entry is lost, and
what still waits could form no table."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.lfg.entries import QueueEntry, QueueRules
from bot.lfg.matching import plan_tables, waiting
from bot.store import Store, open_store
from tests.support.databases import new_database

ROOT = Path(__file__).resolve().parents[3]
CHILD = Path(__file__).with_name("queue_child.py")
NOW = 1_800_000_000.0
GUILD = 1
FEWEST, MOST, BATCH = 160, 600, 8
"""Members keep joining, BATCH at a time, until FEWEST have and both processes have formed a table (MOST at most)."""


@pytest.fixture(params=["sqlite", "postgres"])
async def shared(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[str, Store]]:
    """A database the two children share (its URL) and this process's store on it, migrated before they start."""
    if request.param == "sqlite":
        url = str(tmp_path / "queue.sqlite3")
    else:
        url = await new_database(request.getfixturevalue("postgres_server"), "queue")
    store = open_store(url)
    await store.open()
    yield url, store
    await store.close()


def wishes(user: int, rng: random.Random) -> QueueEntry:
    """Waited an hour already: every wait of the rules has passed, so tables of any size (and AI-filled ones) open."""
    low, high = rng.choice([(4, 4), (3, 4), (2, 4), (2, 2), (3, 3)])
    return QueueEntry(guild_id=GUILD, channel_id=50, user_id=user, name=f"m{user}", game="planes", min_seats=low,
                      max_seats=high, pace=rng.choice([0, 24]), rated=rng.random() < 0.7,
                      ai_allowed=rng.random() < 0.15, rating=rng.uniform(0, 30), joined_at=NOW - 3600,
                      queued_at=NOW - 3600 + user, expires_at=NOW + 3600)


class Child:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.passes_formed = 0
        self.tables: list[tuple[int, list[int]]] | None = None
        self.reading = asyncio.create_task(self._read())
        assert process.stderr is not None
        self.errors = asyncio.create_task(process.stderr.read())

    async def _read(self) -> None:
        assert self.process.stdout is not None
        async for raw in self.process.stdout:
            line = raw.decode().strip()
            if line.startswith("formed "):
                self.passes_formed += 1
            elif line.startswith("["):
                self.tables = [(t, ids) for t, ids in json.loads(line)]

    def say(self, word: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{word}\n".encode())


async def start_child(url: str) -> Child:
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(CHILD), url, str(NOW), cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    ready = await asyncio.wait_for(process.stdout.readline(), timeout=60)
    assert ready == b"ready\n", (await process.communicate())[1].decode()[-2000:]
    return Child(process)


async def alive(children: list[Child]) -> None:
    for child in children:
        if child.process.returncode is not None:
            raise AssertionError("a process stopped: " + (await child.errors).decode()[-3000:])


async def left_to_form(store: Store) -> list[object]:
    return list(plan_tables(waiting(await store.lfg_entries(GUILD), NOW), NOW, QueueRules()))


async def test_two_processes_matching_one_queue_seat_each_entry_once(shared: tuple[str, Store]) -> None:
    url, store = shared
    children = [await start_child(url), await start_child(url)]
    try:
        for child in children:
            child.say("go")
        rng = random.Random(37)
        joined = 0
        while joined < MOST and (joined < FEWEST or not all(c.passes_formed for c in children)):
            for user in range(joined + 1, joined + BATCH + 1):
                await store.lfg_join(wishes(user, rng))
            joined += BATCH
            await asyncio.sleep(0.01)  # the children pass meanwhile
            await alive(children)
        assert all(c.passes_formed for c in children), "both processes formed tables while the other did"
        for _ in range(2000):  # the last members joined may still be seated by a pass under way
            if not await left_to_form(store):
                break
            await asyncio.sleep(0.01)
            await alive(children)
        for child in children:
            child.say("stop")
        for child in children:
            await asyncio.wait_for(child.process.wait(), timeout=60)
            await child.reading
            assert child.process.returncode == 0, (await child.errors).decode()[-3000:]
    finally:
        for child in children:
            if child.process.returncode is None:
                child.process.kill()
                await child.process.wait()

    formed = [table for child in children for table in child.tables or []]
    seated = [entry_id for _table, ids in formed for entry_id in ids]
    assert len(seated) == len(set(seated)), "no entry is seated at two tables"
    assert len({t for t, _ in formed}) == len(formed)
    entries = await store.lfg_entries(GUILD)
    assert sorted(e.user_id for e in entries) == list(range(1, joined + 1)), "no entry lost"
    by_table: dict[int, list[int]] = {}
    for e in entries:
        if e.table_id is not None:
            by_table.setdefault(e.table_id, []).append(e.id)
    assert {t: sorted(ids) for t, ids in formed} == {t: sorted(ids) for t, ids in by_table.items()}, \
        "the store holds each table as the process that formed it seated it"
    assert sorted(t.id for t in await store.lfg_confirming(GUILD)) == sorted(t for t, _ in formed)
    assert await left_to_form(store) == [], "what still waits could form no table"
    assert len(seated) > joined // 2
