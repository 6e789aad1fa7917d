"""What the two backends (bot/store/sqlite.py, bot/store/postgres.py) share: the life of their one handle (SQLite's
connection, PostgreSQL's pool), made and brought up to date by open() and closed once by close(); the numbered
migrations they read; and how a session's seats are written."""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from importlib import resources
from typing import Generic, Protocol, TypeVar

from bot.store.base import Store, StoreUnavailable
from bot.store.models import Seat

_MIGRATION_NAME = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")
SESSION_COLUMNS = (
    "id, guild_id, channel_id, game, host_id, status, options_json, seed, seats_json, version, "
    "created_at, updated_at, board_message_id, panel_message_id"
)


class Closable(Protocol):
    async def close(self) -> None: ...


H = TypeVar("H", bound=Closable)


class Backend(Store, Generic[H]):
    """open(): make the handle, then make it ready (checks, settings, migrations); should that fail, the handle is
    closed again and the error, when it is about the database rather than a bug, becomes StoreUnavailable's one
    sentence. Until then, and after close(), `handle` refuses."""

    _handle: H | None = None

    @abstractmethod
    async def _connect(self) -> H:
        """A new handle; a database that cannot be reached or opened raises StoreUnavailable."""

    @abstractmethod
    async def _ready(self) -> None:
        """Whatever the open handle needs before use, the migrations last."""

    def _unusable(self, error: BaseException) -> StoreUnavailable | None:
        """The sentence for an error of _ready that is about the database (None: a bug, which stays a traceback)."""
        return None

    async def open(self) -> None:
        if self._handle is not None:
            return
        handle = await self._connect()
        self._handle = handle
        try:
            await self._ready()
        except BaseException as error:
            self._handle = None
            await handle.close()
            explained = self._unusable(error)
            if explained is None:
                raise
            raise explained from None

    async def close(self) -> None:
        if self._handle is not None:
            handle, self._handle = self._handle, None
            await handle.close()

    @property
    def handle(self) -> H:
        if self._handle is None:
            raise RuntimeError("the store is not open; call `await store.open()` first")
        return self._handle


def migrations(folder: str = "migrations") -> list[tuple[int, str, str]]:
    """(number, name, sql) of every file in bot/store/<folder> (SQLite's; PostgreSQL's are in migrations/postgres),
    in order. Refuses duplicates."""
    found: dict[int, tuple[int, str, str]] = {}
    for entry in resources.files("bot.store").joinpath(folder).iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if not match:
            continue
        number = int(match.group(1))
        if number in found:
            raise RuntimeError(f"two migrations numbered {number:03d}: {found[number][1]} and {entry.name}")
        found[number] = (number, entry.name, entry.read_text(encoding="utf-8"))
    return [found[n] for n in sorted(found)]


def seats_json(seats: list[Seat]) -> str:
    return json.dumps([Seat.model_validate(s, from_attributes=True).model_dump() for s in seats])
