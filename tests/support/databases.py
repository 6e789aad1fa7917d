"""A fresh PostgreSQL database on the tests' throwaway server, for a test that needs one of its own."""

from __future__ import annotations

import itertools
from typing import Any

_numbers = itertools.count(1)


async def new_database(server: Any, prefix: str) -> str:
    """Create an empty database on `server` (the `postgres_server` fixture) and give its URL."""
    import asyncpg

    name = f"{prefix}{next(_numbers)}"
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    return str(server.url(name))
