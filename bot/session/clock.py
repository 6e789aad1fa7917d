"""Round clocks: a game phase that runs on a timer (Now Boarding's flight phase). The engine says which stretch is
timed and for how long (`Game.clock`); this part starts the clock when the stretch is first shown, remembers its
deadline (the panel shows it as a Discord timestamp) and, when it runs out, hands the session to `on_expire`, which
applies the game's `timeout` choice. Sleeping goes through asyncio, so a simulated Discord's clock drives it in
tests. After a restart a running stretch gets a fresh full clock: the deadline is not stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.session.sessions import Sessions
from bot.store import SessionRow
from engine.core import GameState

log = logging.getLogger("tarmac.service")


@dataclass
class Running:
    key: str
    deadline: datetime
    task: asyncio.Task[None] | None = None


class RoundClock:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.on_expire: Callable[[int, str], Awaitable[None]] | None = None
        self._running: dict[int, Running] = {}
        self.expired: dict[int, tuple[str, int]] = {}
        """Per session, the last stretch that ran out and the state version its timeout was applied to: a click
        shown before that is too late, and is told so."""

    def arm(self, session: SessionRow, state: GameState) -> datetime | None:
        """The deadline of the timed stretch `state` is in (starting its clock if it has just begun), or None."""
        clock = self.sessions.game(session.game).clock(state)
        if clock is None:
            self.stop(session.id)
            return None
        key, seconds = clock
        running = self._running.get(session.id)
        if running is None or running.key != key:
            self.stop(session.id)
            running = Running(key, self.sessions.now() + timedelta(seconds=seconds))
            running.task = asyncio.create_task(self._ring(session.id, key, seconds))
            self._running[session.id] = running
        return running.deadline

    def deadline(self, session_id: int, key: str | None) -> datetime | None:
        running = self._running.get(session_id)
        return running.deadline if running and running.key == key else None

    def due(self, session_id: int, key: str | None) -> bool:
        """Whether this stretch's clock has run out (its timeout may not have been applied yet)."""
        deadline = self.deadline(session_id, key)
        return deadline is not None and self.sessions.now() >= deadline

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
