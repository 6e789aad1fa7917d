from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.store import Seat, SqliteStore, Store
from tests.support.databases import new_database


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "tarmac.sqlite3"


@pytest.fixture(params=["sqlite", "postgres"])
async def new_store(request: pytest.FixtureRequest, db_file: Path) -> AsyncIterator[Callable[[], Store]]:
    """A factory of unopened stores on one fresh database of each backend: call it twice for two processes'
    stores on the same data. Every store it made is closed at the end."""
    made: list[Store] = []
    if request.param == "sqlite":
        def make() -> Store:
            made.append(SqliteStore(db_file))
            return made[-1]
    else:
        from bot.store.postgres import PostgresStore

        url = await new_database(request.getfixturevalue("postgres_server"), "t")

        def make() -> Store:
            made.append(PostgresStore(url, pool_size=4))
            return made[-1]
    yield make
    for s in made:
        await s.close()


@pytest.fixture
async def store(new_store: Callable[[], Store]) -> AsyncIterator[Store]:
    """An open store, once per backend: the conformance suite every backend passes."""
    s = new_store()
    await s.open()
    yield s


@pytest.fixture
async def sqlite_store(db_file: Path) -> AsyncIterator[SqliteStore]:
    """For what only SQLite has (its file, its pragmas, its raw tables)."""
    s = SqliteStore(db_file)
    await s.open()
    yield s
    await s.close()


def seats(*users: int | None) -> list[Seat]:
    return [Seat(seat=i, user_id=u, name=f"AI {i}" if u is None else f"user{u}", is_ai=u is None)
            for i, u in enumerate(users)]


async def new_active(store: Store, channel_id: int = 10, users: tuple[int | None, ...] = (1, 2),
                     state_json: str = '{"v": 0}') -> int:
    """A session started at state version 0 with snapshot `state_json`."""
    row = await store.create_session(guild_id=5, channel_id=channel_id, game="toy", host_id=users[0] or 0,
                                     options={"hand": "3"}, seats=seats(*users))
    row = await store.start_session(row.id, seed=42, seats=row.seats, state_json=state_json, state_version=0,
                                    expected_version=row.version)
    return row.id
