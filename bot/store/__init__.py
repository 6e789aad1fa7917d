"""Storage: sessions, the append-only action log and state snapshots, behind the `Store` interface.

`open_store(url_or_path)` picks the backend from a URL or a path and returns it unopened: `await store.open()`
connects and migrates (the bot does it in setup_hook, inside the event loop).
"""

from __future__ import annotations

from pathlib import Path

from bot.store.base import (
    ChannelBusy,
    SessionClosed,
    SessionNotFound,
    StaleVersion,
    Store,
    StoreError,
    StoreUnavailable,
)
from bot.store.models import (
    STATUSES,
    ActionRow,
    RatingRow,
    RatingStep,
    ResultRow,
    ResultSeat,
    Seat,
    SessionRow,
    Status,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "STATUSES", "ActionRow", "ChannelBusy", "RatingRow", "RatingStep", "ResultRow", "ResultSeat", "Seat",
    "SessionClosed", "SessionNotFound", "SessionRow",
    "SqliteStore", "StaleVersion", "Status", "Store", "StoreError", "StoreUnavailable", "open_store",
]


def open_store(url_or_path: str | Path) -> Store:
    """`var/tarmac.sqlite3`, `sqlite:///var/tarmac.sqlite3`, `sqlite:///:memory:` or `:memory:` -> SqliteStore;
    `postgresql://user@host/db` (or `postgres://`) -> PostgresStore."""
    text = str(url_or_path)
    if text.startswith(("postgresql://", "postgres://")):
        from bot.store.postgres import PostgresStore  # asyncpg is loaded only by deployments that use it

        return PostgresStore(text)
    if text.startswith("sqlite://"):
        text = text.removeprefix("sqlite://").removeprefix("/") or ":memory:"
        return SqliteStore(text)
    if "://" in text:
        scheme = text.split("://", 1)[0]
        raise ValueError(f"no store backend for '{scheme}://'; use a SQLite path, sqlite:///path or postgresql://...")
    return SqliteStore(text)
