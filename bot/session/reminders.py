"""Reminders for slow, asynchronous games.

A game is *quiet* while its state version stays the same. After `remind_after` seconds of quiet the players who must
act are mentioned once; if the game stays quiet, again after twice that wait, then four times, and so on (back-off:
a reminder repeated at the same pace only trains people to ignore it). After `abandon_after` seconds of quiet the
game is taken as abandoned: reminders stop and the host is told once. `/game nudge`
reminds at once but not within `nudge_gap` of the last move or reminder. What is needed to keep that promise after
a restart (which version the quiet period belongs to, when it began, when we last reminded) is in `bot.session.meta`.

In a game where everyone plays at once (SessionMeta.seat_since) each seat has a quiet period of its own, from when
its decision opened or from its own last choice: another seat's move does not put off the reminder of a member who
has not chosen at all, and each is reminded with their own decision. The game is abandoned only when nobody moves.

Nothing here imports discord: `present` (the presenter's `remind`) posts the reminder.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.naming import name_seats, seat_names
from bot.session.meta import MetaBook, SessionMeta
from bot.session.sessions import Sessions, seats_of
from bot.session.types import Abandoned, Notice, Refusal, Reminder, describe
from bot.store import SessionRow

log = logging.getLogger("tarmac.reminders")


class Reminders:
    def __init__(
        self, sessions: Sessions, meta: MetaBook, present: Callable[[Reminder], Awaitable[None]],
        notify: Callable[[Notice], Awaitable[None]], *,
        remind_after: float, nudge_gap: float, abandon_after: float = 14 * 86400,
    ) -> None:
        self.sessions = sessions
        self.book = meta
        self.present = present
        self.notify = notify
        self.remind_after = remind_after
        self.nudge_gap = nudge_gap
        self.abandon_after = abandon_after
        self.on_change: Callable[[], None] | None = None
        """Called when a reminder may now be due sooner than planned (a game started, a shorter period)."""

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def period(self, meta: SessionMeta) -> float:
        return self.remind_after if meta.remind_after is None else meta.remind_after

    @staticmethod
    def _last_call(meta: SessionMeta) -> datetime:
        assert meta.since is not None
        return max(meta.since, meta.reminded_at or meta.since)

    async def waiting(self, session: SessionRow) -> tuple[str, list[int]]:
        """The prompt and the members (no AI, nobody on vacation) that the open decisions wait for."""
        state = await self.sessions.state(session)
        decisions = self.sessions.game(session.game).pending(state)
        now = self.sessions.now()
        away = {u for u, until in (await self.book.get(session)).vacation.items() if until > now}
        humans = {s.seat: s.user_id for s in session.seats
                  if not s.is_ai and s.user_id is not None and s.user_id not in away}
        users = list(dict.fromkeys(humans[d.seat] for d in decisions if d.seat in humans))
        return (name_seats(decisions[0].prompt, seat_names(session)) if decisions else ""), users

    async def run_due(self) -> float | None:
        """Send every reminder that is due; the seconds until the next one could be (None: none scheduled)."""
        soonest: float | None = None
        for session in await self.sessions.active_here():
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
        async with self.sessions.lock(session_id):
            session = await self.sessions.store.get_session(session_id)
            if session is None or session.status != "active":
                return None
            meta = await self.book.get(session)
            period = self.period(meta)
            if period <= 0:
                return None
            now = self.sessions.now()
            prompt, users = await self.waiting(session)
            if not users:
                return None  # only AI seats to act: they play by themselves
            assert meta.since is not None
            given_up = meta.since + timedelta(seconds=self.abandon_after)
            if now >= given_up:
                if not meta.abandon_told:
                    meta.abandon_told = True
                    await self.book.save(session.id, meta)
                    await self.notify(Abandoned(session, self.sessions.game(session.game).info.title, now - meta.since))
                return None
            if meta.seat_since:
                return await self._check_seats(session, meta, period, given_up)
            due = self._last_call(meta) + timedelta(seconds=period * 2 ** meta.reminders_sent)
            if now < due:
                return (min(due, given_up) - now).total_seconds()
            reminder = Reminder(session=session, title=self.sessions.game(session.game).info.title, user_ids=users,
                                prompt=prompt, quiet_for=now - meta.since if meta.since else timedelta(),
                                since=meta.since)
            # Recorded before posting: a failed post costs one reminder, a crash after posting never repeats it.
            meta.reminded_at = now
            meta.reminders_sent += 1
            await self.book.save(session.id, meta)
            await self.present(reminder)
            log.info("reminder sent", extra={"session_id": session.id, "guild_id": session.guild_id,
                                             "channel_id": session.channel_id})
            return min(period * 2.0 ** meta.reminders_sent, (given_up - now).total_seconds())

    async def _check_seats(self, session: SessionRow, meta: SessionMeta, period: float,
                           given_up: datetime) -> float | None:
        """Reminders seat by seat, each on its own clock (see the module's note); the seats due at the same time
        share one message. With the lock held."""
        now = self.sessions.now()
        away = {u for u, until in meta.vacation.items() if until > now}
        humans = {s.seat: s.user_id for s in session.seats
                  if not s.is_ai and s.user_id is not None and s.user_id not in away}
        engine = self.sessions.game(session.game)
        decisions = {d.seat: d for d in engine.pending(await self.sessions.state(session))}
        soonest = (given_up - now).total_seconds()
        due_seats: list[int] = []
        for seat, start in meta.seat_since.items():
            if seat not in humans or seat not in decisions:
                continue
            sent = meta.seat_reminders.get(seat, 0)
            due = max(start, meta.seat_reminded.get(seat, start)) + timedelta(seconds=period * 2 ** sent)
            if now >= due:
                due_seats.append(seat)
                soonest = min(soonest, period * 2 ** (sent + 1))
            else:
                soonest = min(soonest, (due - now).total_seconds())
        if not due_seats:
            return soonest
        # Recorded before posting, as in _check: a failed post costs one reminder, a crash after it never repeats it.
        for seat in due_seats:
            meta.seat_reminded[seat], meta.seat_reminders[seat] = now, meta.seat_reminders.get(seat, 0) + 1
        await self.book.save(session.id, meta)
        # Each seat's decision is its own (where its plane is, what it may buy): quoted only for one member.
        prompt = name_seats(decisions[due_seats[0]].prompt, seat_names(session)) if len(due_seats) == 1 else ""
        since = max(meta.seat_since[s] for s in due_seats)
        await self.present(Reminder(
            session=session, title=engine.info.title, user_ids=list(dict.fromkeys(humans[s] for s in due_seats)),
            prompt=prompt, quiet_for=now - since, since=since))
        log.info("reminder sent", extra={"session_id": session.id, "guild_id": session.guild_id,
                                         "channel_id": session.channel_id, "seats": due_seats})
        return soonest

    async def nudge(self, session: SessionRow, user_id: int, *, manager: bool) -> Reminder:
        """Remind whoever must act, now, on a player's request; refused when they were called a short while ago."""
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            if not seats_of(session, user_id) and not manager:
                raise Refusal("Only the players of this game can nudge.")
            meta = await self.book.get(session)
            now = self.sessions.now()
            prompt, users = await self.waiting(session)
            if not users:
                raise Refusal("Nobody needs reminding: the game waits for no player right now.")
            if users == [user_id]:
                raise Refusal("The game is waiting for you.")
            wait = self._last_call(meta) + timedelta(seconds=self.nudge_gap) - now
            if wait > timedelta():
                raise Refusal(f"The players were called less than {describe(timedelta(seconds=self.nudge_gap))} "
                              f"ago; you can nudge again in {describe(wait + timedelta(minutes=1))}.")
            meta.reminded_at = now
            await self.book.save(session.id, meta)
            reminder = Reminder(session=session, title=self.sessions.game(session.game).info.title, user_ids=users,
                                prompt=prompt, quiet_for=now - meta.since if meta.since else timedelta(),
                                nudged_by=user_id, since=meta.since)
            await self.present(reminder)
            return reminder

    async def set_period(self, session: SessionRow, user_id: int, hours: float, *, manager: bool) -> float:
        """This game's quiet period before a reminder, in hours (0 turns reminders off); the host or a manager sets
        it. Returns the period in seconds."""
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can change the reminders.")
        async with self.sessions.lock(session.id):
            meta = await self.book.get(await self.sessions.fresh(session.id))
            meta.remind_after = hours * 3600
            await self.book.save(session.id, meta)
        self.changed()
        return self.period(meta)
