"""Two bot processes holding different shards over one PostgreSQL: every game is looked after by exactly
one of them, each reminder is sent once, and the same click applied through both at once applies once.

Each process is a real subprocess (tests/deploy/shard_child.py) running the real bot on its own SimCord world:
SimCord runs one bot per event loop, and separate processes are what a deployment has anyway.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import asyncpg

from bot.shards import shard_of
from bot.store.postgres import PostgresStore

ROOT = Path(__file__).resolve().parents[2]


async def test_two_shards_split_the_games_and_a_double_click_applies_once(postgres_server, tmp_path: Path) -> None:
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute("CREATE DATABASE two_processes")
    finally:
        await admin.close()
    url = postgres_server.url("two_processes")
    store = PostgresStore(url)
    await store.open()  # migrate once up front, so the children race only on the games
    try:
        children = [subprocess.Popen([sys.executable, "-m", "tests.deploy.shard_child", url, str(shard),
                                      str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True) for shard in (0, 1)]
        outputs = [await asyncio.to_thread(child.communicate, timeout=900) for child in children]
        for child, (output, _) in zip(children, outputs, strict=True):
            assert child.returncode == 0, output[-3000:]
        results = [json.loads((tmp_path / f"result-{shard}.json").read_text()) for shard in (0, 1)]

        for shard, result in enumerate(results):
            assert shard_of(result["guild_id"], 2) == shard, "each world's guild is on its process's shard"
            assert result["reminders_here"] == 1, f"shard {shard} reminds its own game once"
            assert result["reminders_elsewhere"] == [], f"shard {shard} reminded another shard's game"
        assert results[0]["channel_id"] != results[1]["channel_id"]

        # Which refusal the loser gets depends on timing: "moved on at the same moment" when both were in flight
        # together (the store's version check decided), "out of date" when the winner had already finished.
        clicks = [r["click"] for r in results]
        stale = ("moved on at the same moment", "out of date")
        assert sum(any(word in c for word in stale) for c in clicks) == 1, clicks
        log = await store.actions(results[0]["session_id"])
        assert len(log) == 1, "the click applied exactly once"
        assert await store.actions(results[1]["session_id"]) == []
    finally:
        await store.close()
