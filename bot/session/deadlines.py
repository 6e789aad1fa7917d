"""Turn deadlines for slow games, vacations, and seats the AI keeps while their player is away.

A game may have a deadline per turn (off, 12, 24, 48 or 72 hours; set in the lobby or later by the host). A member
the game waits for is warned a quarter of the deadline before it ends; when it ends, the AI plays that turn for the
seat (or the game's own timeout choice, where it has one), announced in the channel. After `limit` missed deadlines in
a row the seat passes to the AI until its player says `/game rejoin`. A member on vacation (`/game vacation`) has
their deadlines paused until they are back.

Decisions the game answers itself when a clock runs out, with one of their own options (TableFlow.timeout: a bid in
Flight Plan's bank auction becomes a pass, an unanswered trade offer is declined), are not turns the AI plays: when
the deadline passes, every member still silent on such a decision gets the game's answer at once, in one
announcement, so an auction closes at the deadline instead of one bidder per deadline; these answers do not count as
missed deadlines. The game's turn deadline is the auction's clock, rather than a time limit of its own: it is the one
clock the host sets and every player already sees (`/game status`, the warning), and a live game with no deadline
has everyone at the table to answer.

The clock starts when the game starts waiting (SessionMeta.since), so a restart loses nothing. In a game where
everyone plays at once (Now Boarding's pilots) each seat has a clock of its own instead (SessionMeta.seat_since): it
runs from when the seat's decision opened or from its own last choice, never from another seat's move, so an absent
pilot's deadline ends on time while the others play on; and when it ends, the AI plays that seat's part of the round
only, never ending the round for the others.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from bot.naming import name_seats, seat_names
from bot.session.ai_levels import stand_in_level
from bot.session.meta import MetaBook, SessionMeta
from bot.session.sessions import Sessions, seat_name
from bot.session.turns import Turns
from bot.session.types import DeadlineAnswered, DeadlinePassed, Notice, Refusal, Reminder
from bot.store import Seat, SessionRow
from engine.core import Decision, Game, GameOptionSpec, GameState, OptionChoice
from engine.core.table import table_for

log = logging.getLogger("tarmac.deadlines")

CHOICES = (0, 12, 24, 48, 72)
"""The deadlines a game may have, in hours (0: none)."""
DEADLINE_KEY = "deadline"
DEADLINE_OPTION = GameOptionSpec(
    key=DEADLINE_KEY, label="Turn deadline", default="0",
    choices=[OptionChoice(value=str(h), label=f"{h} hours" if h else "Off") for h in CHOICES],
    help="Hours each player has for a turn before the AI plays it for them; the host may change it later with "
         "/game host deadline.",
)
"""The deadline as a lobby option, shown and set beside the game's own options (kept in SessionMeta, not in the
engine's options: the engine never sees it)."""
MAX_VACATION_DAYS = 14
AWAY = " (AI while away)"
"""Added to the name of a seat the AI keeps for an absent player (removed when they rejoin)."""


class Deadlines:
    def __init__(self, sessions: Sessions, meta: MetaBook, turns: Turns,
                 present: Callable[[Reminder], Awaitable[None]],
                 notify: Callable[[Notice], Awaitable[None]], changed: Callable[[], None]) -> None:
        self.sessions = sessions
        self.book = meta
        self.turns = turns
        self.present = present
        self.notify = notify
        self.changed = changed
        """Called when a deadline may now end sooner than the timers planned for (they look again at once)."""

    # ------------------------------------------------------------ settings
    async def set_deadline(self, session: SessionRow, user_id: int, hours: int, limit: int | None, *,
                           manager: bool) -> SessionMeta:
        """The turn deadline of a game (in the lobby or later); the host or a manager sets it."""
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can set the turn deadline.")
        async with self.sessions.lock(session.id):
            meta = await self._set(await self.sessions.fresh(session.id), hours, limit)
        self.changed()
        return meta

    async def _set(self, session: SessionRow, hours: int, limit: int | None) -> SessionMeta:
        """With the lock held."""
        if hours not in CHOICES:
            raise Refusal("A turn deadline is 12, 24, 48 or 72 hours, or 0 for none.")
        meta = await self.book.get(session)
        meta.deadline_hours = hours
        if limit is not None:
            meta.deadline_limit = limit
        await self.book.save(session.id, meta)
        return meta

    async def set_option(self, session: SessionRow, value: str) -> SessionMeta:
        """The lobby's deadline option: "24", "24 hours", "24h" or "off". With the lock held; the caller checked that
        the member may, and calls `changed` once the lock is released."""
        text = value.strip().casefold()
        for unit in ("hours", "hour", "h"):
            text = text.removesuffix(unit).strip()
        if text in ("off", "none", "no"):
            text = "0"
        if not text.isdigit():
            raise Refusal("A turn deadline is 12, 24, 48 or 72 hours, or off.")
        return await self._set(session, int(text), None)

    async def vacation(self, session: SessionRow, user_id: int, days: int) -> datetime | None:
        """Pause this member's deadlines for `days` (0: back now). Returns when it ends."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise Refusal(f"A vacation lasts at most {MAX_VACATION_DAYS} days.")
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            if not any(s.user_id == user_id for s in session.seats):
                raise Refusal("You are not in this game.")
            meta = await self.book.get(session)
            until = self.sessions.now() + timedelta(days=days) if days else None
            if until is None:
                meta.vacation.pop(user_id, None)
            else:
                meta.vacation[user_id] = until
            await self.book.save(session.id, meta)
            return until

    # ------------------------------------------------------------ the clock
    def due(self, meta: SessionMeta, user_id: int, seat: int | None = None) -> datetime | None:
        """When this member's current deadline (for `seat`, in a game where everyone plays at once) ends (None: no
        deadline in this game)."""
        if not meta.deadline_hours or meta.since is None:
            return None
        start = self.started(meta, seat)
        back = meta.vacation.get(user_id)
        if back is not None and back > start:
            start = back  # the clock starts again when they are back
        return start + timedelta(hours=meta.deadline_hours)

    @staticmethod
    def started(meta: SessionMeta, seat: int | None) -> datetime:
        """Since when `seat` has been waiting: its own clock where seats have one, else the game's quiet period."""
        assert meta.since is not None
        return meta.seat_since.get(seat, meta.since) if seat is not None else meta.since

    async def run_due(self) -> float | None:
        """Warn, play for absent seats, hand seats to the AI; the seconds until the next thing is due."""
        soonest: float | None = None
        for session in await self.sessions.active_here():
            try:
                wait = await self._check(session.id)
            except Exception:  # one broken game must not stop the deadlines of all the others
                log.exception("deadline check failed", extra={"session_id": session.id})
                continue
            if wait is not None:
                soonest = wait if soonest is None else min(soonest, wait)
        return soonest

    async def _check(self, session_id: int) -> float | None:
        handed = False
        async with self.sessions.lock(session_id):
            session = await self.sessions.fresh(session_id)
            if session.status != "active":
                return None
            meta = await self.book.get(session)
            if not meta.deadline_hours:
                return None
            state = await self.sessions.state(session)
            engine = self.sessions.game(session.game)
            humans = {s.seat: s for s in session.seats if not s.is_ai and s.user_id is not None}
            waiting = [d for d in engine.pending(state) if d.seat in humans]
            if not waiting:
                return None
            now = self.sessions.now()
            answered = [d for d in waiting if self._answer_of(engine, state, d) is not None
                        and now >= self._due(meta, humans[d.seat])]
            if answered:
                await self._answer(session, state, answered)
            else:
                soonest: float | None = None
                for decision in waiting:
                    seat = humans[decision.seat]
                    due = self._due(meta, seat)
                    warn_at = due - timedelta(hours=meta.deadline_hours / 4)
                    if now >= due:
                        handed = await self._expire(session, meta, seat)
                        break  # the game moved on: look again at once, in the new quiet period
                    if now >= warn_at and decision.seat not in meta.deadline_warned:
                        meta.deadline_warned.append(decision.seat)
                        await self.book.save(session.id, meta)
                        assert seat.user_id is not None
                        await self.present(Reminder(
                            session=session, title=engine.info.title, user_ids=[seat.user_id],
                            prompt=name_seats(decision.prompt, seat_names(session)),
                            quiet_for=now - self.started(meta, decision.seat), deadline=due,
                            since=self.started(meta, decision.seat),
                            answer=self._answer_label(engine, state, decision, seat_names(session))))
                    next_at = due if now >= warn_at else warn_at
                    wait = (next_at - now).total_seconds()
                    soonest = wait if soonest is None else min(soonest, wait)
                else:
                    return soonest
        if handed or answered:
            await self.turns.run_ai(session_id)
        return 1.0

    @staticmethod
    def _answer_of(engine: Game, state: GameState, decision: Decision) -> str | None:
        """The game's own answer to this decision when the clock runs out, if it is one of the decision's options
        (a bid's pass, an offer's decline): a choice the member could have clicked. A timeout that stands for more
        (Now Boarding's, which ends the whole round) stays a missed turn."""
        timeout = table_for(engine).timeout(state, decision.seat)
        return timeout if timeout is not None and decision.option(timeout) is not None else None

    @classmethod
    def _answer_label(cls, engine: Game, state: GameState, decision: Decision, names: dict[int, str]) -> str | None:
        """For the warning: the label of the game's own answer when the deadline passes (None: the AI plays), with
        the players named as the buttons name them (plain text: the Discord layer escapes it where it quotes it)."""
        answer = cls._answer_of(engine, state, decision)
        option = decision.option(answer) if answer is not None else None
        return name_seats(option.label, names, markdown=False) if option else None

    def _due(self, meta: SessionMeta, seat: Seat) -> datetime:
        assert seat.user_id is not None
        due = self.due(meta, seat.user_id, seat.seat)
        assert due is not None
        return due

    async def _answer(self, session: SessionRow, state: GameState, decisions: list[Decision]) -> None:
        """The deadline passed on decisions the game answers itself (bids, answers to an offer): each silent member
        gets the game's answer, said once in the channel by name (no ping: nothing is left for them to do), and the
        events that follow (who won the auction) come in one panel. Only that decision is answered, never the seat's
        next turn; and it is no missed deadline: the seat keeps its player. With the lock held."""
        engine = self.sessions.game(session.game)
        names = seat_names(session)
        labels = {}
        for decision in decisions:
            label = self._answer_label(engine, state, decision, names)
            assert label is not None
            labels[decision.seat] = label
        log.info("deadline answered", extra={"session_id": session.id, "seats": list(labels)})
        await self.notify(DeadlineAnswered(session, labels))
        held: list[Any] = []
        for seat in labels:
            session = await self.sessions.fresh(session.id)
            state = await self.sessions.state(session)
            still_open = next((d for d in engine.pending(state) if d.seat == seat), None)
            answer = self._answer_of(engine, state, still_open) if still_open is not None else None
            if session.status != "active" or answer is None:
                continue  # an earlier answer closed it already (the last bidder's pass ends the auction)
            state = await self.turns.apply_choice(session, state, seat, answer, held)
        if held:
            await self.turns.publisher.publish(await self.sessions.fresh(session.id), state, held)

    async def _expire(self, session: SessionRow, meta: SessionMeta, seat: Seat) -> bool:
        """The deadline of `seat` ended: the AI plays its turn. With the lock held. True when the seat passed to
        the AI for good (until its player rejoins)."""
        name = seat_name(session, seat.seat)
        missed = meta.missed.get(seat.seat, 0) + 1
        meta.missed[seat.seat] = missed
        await self.book.save(session.id, meta)
        handed = missed >= meta.deadline_limit
        log.info("deadline passed", extra={"session_id": session.id, "seat": seat.seat, "handed": handed})
        assert seat.user_id is not None
        await self.notify(DeadlinePassed(session, seat.user_id, name, missed, handed))
        await self.turns.play_for(session.id, seat.seat)
        session = await self.sessions.fresh(session.id)
        if handed and session.status == "active":
            level = stand_in_level(self.sessions.game(session.game))
            seats = [Seat(seat=s.seat, user_id=s.user_id, name=f"{s.name}{AWAY}", is_ai=True, level=level)
                     if s.seat == seat.seat else s for s in session.seats]
            await self.sessions.store.set_seats(session.id, seats)
        return handed

    async def moved(self, session_id: int, seats: list[int]) -> None:
        """Members played their own turn: their missed deadlines start again from zero. With the lock held."""
        meta = await self.book.get(await self.sessions.fresh(session_id))
        if [meta.missed.pop(s) for s in seats if s in meta.missed]:
            await self.book.save(session_id, meta)

    async def rejoin(self, session: SessionRow, user_id: int) -> list[int]:
        """Give the member back the seats the AI kept for them (the caller posts the panel again). Returns the
        seats."""
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            back = [s.seat for s in session.seats if s.user_id == user_id and s.is_ai]
            if not back and any(s.resigned_by == user_id for s in session.seats):
                raise Refusal("You resigned from this game, and a resignation is final: the AI plays that seat to "
                              "the end. /game rejoin gives back only a seat the AI kept after missed deadlines.")
            if not back:
                raise Refusal("The AI keeps no seat of yours in this game.")
            seats = [Seat(seat=s.seat, user_id=s.user_id, name=s.name.removesuffix(AWAY), is_ai=False)
                     if s.seat in back else s for s in session.seats]
            await self.sessions.store.set_seats(session.id, seats)
            meta = await self.book.get(session)
            for seat in back:
                meta.missed.pop(seat, None)
            await self.book.save(session.id, meta)
            return back
