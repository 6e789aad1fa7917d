"""Reminders for slow, asynchronous games, and the bookkeeping the bot keeps beside a session.

A game is *quiet* while its state version stays the same. After `remind_after` seconds of quiet the players who must
act are mentioned once; if the game stays quiet, once more per further period, never more often. `/game nudge`
reminds at once but not within `nudge_gap` of the last move or reminder. What is needed to keep that promise after
a restart (which version the quiet period belongs to, when it began, when we last reminded) is stored per session.

Nothing here imports discord: the service's presenter posts the reminder.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from bot.service_types import Refusal
from bot.store import SessionRow

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger("tarmac.reminders")


class SessionMeta(BaseModel):
    """The per-session bookkeeping row (store.get_meta / set_meta)."""

    version: int = -1
    """The state version the current quiet period belongs to."""
    since: datetime | None = None
    """When that version was reached (or first seen, after a restart that lost the exact time)."""
    reminded_at: datetime | None = None
    remind_after: float | None = None
    """Seconds of quiet before a reminder in this game; None: the bot's default; 0: no reminders."""
    dm_notice: list[int] = Field(default_factory=list)
    """Members already told in the channel that their DMs are closed (told once per game)."""


@dataclass
class Reminder:
    session: SessionRow
    title: str
    user_ids: list[int]
    prompt: str
    quiet_for: timedelta
    nudged_by: int | None = None


def describe(span: timedelta) -> str:
    """'12 hours', '1 day and 3 hours', '40 minutes': how long a game has waited, in words."""
    minutes = int(span.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((days, "day"), (hours, "hour")) if n]
    if not days and mins and hours < 2:
        parts.append(f"{mins} minute{'s' if mins != 1 else ''}")
    return " and ".join(parts[:2]) or "a moment"


class Reminders:
    def __init__(
        self, service: GameService, *, remind_after: float, nudge_gap: float, now: Callable[[], datetime]
    ) -> None:
        self.service = service
        self.remind_after = remind_after
        self.nudge_gap = nudge_gap
        self.now = now
        self._cache: dict[int, SessionMeta] = {}  # written through: the store always holds the same
        self.on_change: Callable[[], None] | None = None
        """Called when a reminder may now be due sooner than planned (a game started, a shorter period)."""

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    async def meta(self, session: SessionRow) -> SessionMeta:
        """The stored bookkeeping, with the quiet period moved on when the game did. Call with the session lock."""
        meta = self._cache.get(session.id)
        if meta is None:
            meta = SessionMeta.model_validate(await self.service.store.get_meta(session.id))
            self._cache[session.id] = meta
        if meta.version != session.version:
            moved = self.service.moved_at(session.id, session.version)
            meta.version, meta.since, meta.reminded_at = session.version, moved or self.now(), None
            await self.save(session.id, meta)
        return meta

    async def save(self, session_id: int, meta: SessionMeta) -> None:
        self._cache.pop(session_id, None)  # if the write fails, the next look reads what the store really has
        await self.service.store.set_meta(session_id, meta.model_dump(mode="json"))
        self._cache[session_id] = meta

    def period(self, meta: SessionMeta) -> float:
        return self.remind_after if meta.remind_after is None else meta.remind_after

    @staticmethod
    def _last_call(meta: SessionMeta) -> datetime:
        assert meta.since is not None
        return max(meta.since, meta.reminded_at or meta.since)

    async def waiting(self, session: SessionRow) -> tuple[str, list[int]]:
        """The prompt and the members (no AI) that the open decisions wait for."""
        state = await self.service._state(session)
        decisions = self.service.game(session.game).pending(state)
        humans = {s.seat: s.user_id for s in session.seats if not s.is_ai and s.user_id is not None}
        users = list(dict.fromkeys(humans[d.seat] for d in decisions if d.seat in humans))
        return (decisions[0].prompt if decisions else ""), users

    async def run_due(self) -> float | None:
        """Send every reminder that is due; the seconds until the next one could be (None: none scheduled)."""
        soonest: float | None = None
        for session in await self.service.store.active_sessions():
            try:
                wait = await self._check(session.id)
            except Exception:  # one broken game must not stop the reminders of all the others
                log.exception("reminder failed", extra={"session_id": session.id, "guild_id": session.guild_id,
                                                        "channel_id": session.channel_id})
                continue
            if wait is not None:
                soonest = wait if soonest is None else min(soonest, wait)
        return soonest

    async def _check(self, session_id: int) -> float | None:
        async with self.service.lock_of(session_id):
            session = await self.service.store.get_session(session_id)
            if session is None or session.status != "active":
                return None
            meta = await self.meta(session)
            period = self.period(meta)
            if period <= 0:
                return None
            now = self.now()
            due = self._last_call(meta) + timedelta(seconds=period)
            if now < due:
                return (due - now).total_seconds()
            prompt, users = await self.waiting(session)
            if not users:
                return None  # only AI seats to act: they play by themselves
            reminder = Reminder(session=session, title=self.service.game(session.game).title, user_ids=users,
                                prompt=prompt, quiet_for=now - meta.since if meta.since else timedelta())
            # Recorded before posting: a failed post costs one reminder, a crash after posting never repeats it.
            meta.reminded_at = now
            await self.save(session.id, meta)
            await self.service.present_reminder(reminder)
            log.info("reminder sent", extra={"session_id": session.id, "guild_id": session.guild_id,
                                             "channel_id": session.channel_id})
            return period

    async def nudge(self, session: SessionRow, user_id: int) -> Reminder:
        """Remind now, on a member's request. Call with the session lock held."""
        meta = await self.meta(session)
        now = self.now()
        prompt, users = await self.waiting(session)
        if not users:
            raise Refusal("Nobody needs reminding: the game waits for no player right now.")
        if users == [user_id]:
            raise Refusal("The game is waiting for you.")
        wait = self._last_call(meta) + timedelta(seconds=self.nudge_gap) - now
        if wait > timedelta():
            raise Refusal(f"The players were called less than {describe(timedelta(seconds=self.nudge_gap))} ago; "
                          f"you can nudge again in {describe(wait + timedelta(minutes=1))}.")
        meta.reminded_at = now
        await self.save(session.id, meta)
        return Reminder(session=session, title=self.service.game(session.game).title, user_ids=users,
                        prompt=prompt, quiet_for=now - meta.since if meta.since else timedelta(), nudged_by=user_id)

    async def set_period(self, session: SessionRow, hours: float) -> SessionMeta:
        """A per-game reminder period (0 turns reminders off). Call with the session lock held."""
        meta = await self.meta(session)
        meta.remind_after = hours * 3600
        await self.save(session.id, meta)
        self.changed()
        return meta
