"""Round clocks: a game phase that runs on a timer (Now Boarding's flight phase). The engine says which stretch is
timed and for how long (`TableFlow.clock`); this part starts the clock when the stretch is first shown, remembers its
deadline (the panel shows it as a Discord timestamp) and, when it runs out, hands the session to `on_expire`, which
applies the game's `timeout` choice. Sleeping goes through asyncio, so a simulated Discord's clock drives it in
tests.

The moment a stretch ends is kept in the session's bookkeeping (SessionMeta.round_key, round_ends), so a restart
loses no time and gives none back: the new process arms the same stretch with the time it has left, and a stretch
whose end passed while no process was running ends at once (`late`, so the players are told why it ended then).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.session.meta import MetaBook
from bot.session.sessions import Sessions
from bot.store import SessionRow
from engine.core import GameState
from engine.core.table import table_for

log = logging.getLogger("tarmac.service")


@dataclass
class Running:
    key: str
    deadline: datetime
    late: bool = False
    """The stretch's end had already passed when this process armed it (it was down at that moment)."""
    task: asyncio.Task[None] | None = None


class RoundClock:
    def __init__(self, sessions: Sessions, meta: MetaBook) -> None:
        self.sessions = sessions
        self.book = meta
        self.on_expire: Callable[[int, str], Awaitable[None]] | None = None
        self._running: dict[int, Running] = {}
        self.expired: dict[int, tuple[str, int]] = {}
        """Per session, the last stretch that ran out and the state version its timeout was applied to: a click
        shown before that is too late, and is told so."""

    async def arm(self, session: SessionRow, state: GameState) -> datetime | None:
        """The deadline of the timed stretch `state` is in, or None. Starts its clock if this process has none
        running for it: from the stored end when the stretch began before a restart, else from now (and stores
        that end). With the session lock held."""
        clock = table_for(self.sessions.game(session.game)).clock(state)
        if clock is None:
            self.stop(session.id)
            meta = await self.book.get(session)
            if meta.round_key is not None:  # the stretch is over: a restart must not arm it again
                meta.round_key, meta.round_ends = None, None
                await self.book.save(session.id, meta)
            return None
        key, seconds = clock
        running = self._running.get(session.id)
        if running is not None and running.key == key:
            return running.deadline
        self.stop(session.id)
        now = self.sessions.now()
        meta = await self.book.get(session)
        if meta.round_key == key and meta.round_ends is not None:
            ends = meta.round_ends
        else:
            ends = now + timedelta(seconds=seconds)
            meta.round_key, meta.round_ends = key, ends
            await self.book.save(session.id, meta)
        running = Running(key, ends, late=ends <= now)
        running.task = asyncio.create_task(self._ring(session.id, key, max(0.0, (ends - now).total_seconds())))
        self._running[session.id] = running
        return ends

    async def ran_out(self, session: SessionRow, key: str, version: int) -> None:
        """Stretch `key` ran out and its timeout is applied to state `version`: remembered here and in the
        bookkeeping, so a late click is told why it did not count even by a process started since. With the session
        lock held."""
        self.expired[session.id] = (key, version)
        meta = await self.book.get(session)
        meta.expired_version = version
        await self.book.save(session.id, meta)

    async def too_late(self, session: SessionRow, version: int) -> bool:
        """Whether a click shown at state `version` was shown before the last timed stretch ran out."""
        expired = self.expired.get(session.id)
        last = expired[1] if expired is not None else (await self.book.get(session)).expired_version
        return last is not None and version <= last

    async def stored(self, session: SessionRow) -> bool:
        """Whether a timed stretch of this session was running when the bookkeeping was last written (so a restart
        must arm it again). With the session lock held."""
        return (await self.book.get(session)).round_key is not None

    def deadline(self, session_id: int, key: str | None) -> datetime | None:
        running = self._running.get(session_id)
        return running.deadline if running and running.key == key else None

    def due(self, session_id: int, key: str | None) -> bool:
        """Whether this stretch's clock has run out (its timeout may not have been applied yet)."""
        deadline = self.deadline(session_id, key)
        return deadline is not None and self.sessions.now() >= deadline

    def late(self, session_id: int, key: str | None) -> bool:
        """Whether this stretch ran out while no process of the bot was running."""
        running = self._running.get(session_id)
        return running is not None and running.key == key and running.late

    def stop(self, session_id: int) -> None:
        running = self._running.pop(session_id, None)
        if running and running.task and running.task is not asyncio.current_task():
            running.task.cancel()

    def stop_all(self) -> None:
        for session_id in list(self._running):
            self.stop(session_id)

    async def _ring(self, session_id: int, key: str, seconds: float) -> None:
        await asyncio.sleep(seconds)
        if self.on_expire is None:
            return
        try:
            await self.on_expire(session_id, key)
        except Exception:  # the next click or a restart gets another chance; the timer must not crash the bot
            log.exception("could not end a timed round", extra={"session_id": session_id})
