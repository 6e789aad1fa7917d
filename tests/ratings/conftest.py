"""The ratings tests' store: a fresh SQLite file per test, closed after it (aiosqlite's thread would otherwise keep
the test process alive at exit)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import SqliteStore


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(tmp_path / "ratings.sqlite3")
    await s.open()
    yield s
    await s.close()
