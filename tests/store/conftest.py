from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Seat, SqliteStore


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "tarmac.sqlite3"


@pytest.fixture
async def store(db_file: Path) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(db_file)
    await s.open()
    yield s
    await s.close()


def seats(*users: int | None) -> list[Seat]:
    return [Seat(seat=i, user_id=u, name=f"AI {i}" if u is None else f"user{u}", is_ai=u is None)
            for i, u in enumerate(users)]


async def new_active(store: SqliteStore, channel_id: int = 10, users: tuple[int | None, ...] = (1, 2)) -> int:
    """A session started at state version 0 with snapshot '{"v": 0}'."""
    row = await store.create_session(guild_id=5, channel_id=channel_id, game="toy", host_id=users[0] or 0,
                                     options={"hand": "3"}, seats=seats(*users))
    row = await store.start_session(row.id, seed=42, seats=row.seats, state_json='{"v": 0}', state_version=0,
                                    expected_version=row.version)
    return row.id
