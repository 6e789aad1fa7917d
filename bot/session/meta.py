"""The bot's bookkeeping beside a session (store.get_meta / set_meta): since when the game waits, when it last
reminded, the notices already given. Kept apart from the game state, which only the engine writes.

A game *waits* while its state version stays the same; `MetaBook.get` moves that period on when the game did.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from bot.session.sessions import Sessions
from bot.session.simultaneous import seat_clocks
from bot.store import SessionRow


class SessionMeta(BaseModel):
    """The per-session bookkeeping row. New fields need a default: rows written before them must still load."""

    version: int = -1
    """The state version the current quiet period belongs to."""
    since: datetime | None = None
    """When that version was reached (or first seen, after a restart that lost the exact time)."""
    reminded_at: datetime | None = None
    reminders_sent: int = 0
    """Reminders sent in this quiet period: each waits twice as long as the one before (back-off)."""
    abandon_told: bool = False
    """The host was told, in this quiet period, that reminders stopped because nobody moves any more."""
    remind_after: float | None = None
    """Seconds of quiet before a reminder in this game; None: the bot's default; 0: no reminders."""
    dm_notice: list[int] = Field(default_factory=list)
    """Members already told in the channel that their DMs are closed (told once per game)."""
    dm_stopped: list[int] = Field(default_factory=list)
    """Members this game sends no DM (refused, or `/game settings dms:False`), kept across restarts; see
    Sessions.no_dms."""
    deadline_hours: int = 0
    """The turn deadline of this game in hours (0: none); see bot.session.deadlines."""
    deadline_limit: int = 3
    """Missed deadlines in a row after which the AI keeps the seat until its player rejoins."""
    deadline_warned: list[int] = Field(default_factory=list)
    """Seats warned, in this quiet period (or, with `seat_since`, since their own clock started), that their deadline
    is near."""
    seat_reminded: dict[int, datetime] = Field(default_factory=dict)
    """With `seat_since`: per seat, when it was last reminded since its own clock started..."""
    seat_reminders: dict[int, int] = Field(default_factory=dict)
    """...and how many reminders it got since then (each waits twice as long as the one before)."""
    seat_since: dict[int, datetime] = Field(default_factory=dict)
    """In a game where everyone plays at once, per seat with an open decision, since when it waits (its decision
    opened, or it chose itself): its turn deadline runs from then rather than from anyone's move (see
    bot.session.simultaneous.seat_clocks). Empty in turn-based games."""
    missed: dict[int, int] = Field(default_factory=dict)
    """Per seat, the deadlines missed in a row."""
    vacation: dict[int, datetime] = Field(default_factory=dict)
    """Per member, when their vacation ends: their deadlines wait until then."""
    undo_request: dict[str, Any] | None = None
    """The open request for undo by consent (bot.session.undo.UndoRequest), if any."""
    panel_posted_at: datetime | None = None
    """When the panel of `panel_version` was posted (a `/game panel` soon after pings nobody again)."""
    round_key: str | None = None
    """The timed stretch of the game (TableFlow.clock's key, e.g. Now Boarding's "flight:5") whose clock runs..."""
    round_ends: datetime | None = None
    """...and when it runs out: a restarted bot ends that stretch at the same moment (see bot.session.clock)."""
    expired_version: int | None = None
    """The state version the last timed stretch's timeout was applied to: a click shown at or before it came too late
    and is told so, after a restart too (see bot.session.clock)."""
    rated: str = "auto"
    """The lobby option Rated (bot.ratings.rated): auto, on or off."""
    hints: bool = False
    """The lobby option Hints (bot.session.coach): /coach hint answers, and the game is not rated."""
    seed_chosen: bool = False
    """The game started from a seed given to `Lobby.start` rather than a fresh one: never rated."""
    panel_version: int | None = None
    """The state version the newest posted panel shows. Behind the session's version when the process stopped
    after a move was saved but before its panel was posted: the panel is then posted again (Turns.recover)."""


class MetaBook:
    """Reads and writes `SessionMeta` through a write-through cache (the store always holds the same)."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self._cache: dict[int, SessionMeta] = {}

    async def get(self, session: SessionRow) -> SessionMeta:
        """The stored bookkeeping, with the quiet period moved on when the game did. Call with the session lock."""
        meta = self._cache.get(session.id)
        if meta is None:
            meta = SessionMeta.model_validate(await self.sessions.store.get_meta(session.id))
            self._cache[session.id] = meta
        if meta.version != session.version:
            since = self.sessions.moved_at(session.id, session.version) or self.sessions.now()
            seats = await self._seat_clocks(session, meta, since)
            # A seat whose own clock goes on keeps its warning and reminders: per clock, not per anyone's move.
            going_on = {s for s in seats if seats[s] == meta.seat_since.get(s)}
            warned = [s for s in meta.deadline_warned if s in going_on]
            meta.version, meta.since, meta.reminded_at = session.version, since, None
            meta.reminders_sent, meta.abandon_told, meta.deadline_warned = 0, False, warned
            meta.seat_reminded = {s: at for s, at in meta.seat_reminded.items() if s in going_on}
            meta.seat_reminders = {s: n for s, n in meta.seat_reminders.items() if s in going_on}
            meta.seat_since = seats
            await self.save(session.id, meta)
        return meta

    async def _seat_clocks(self, session: SessionRow, meta: SessionMeta, now: datetime) -> dict[int, datetime]:
        """The seats' own waiting times at the session's version (empty unless everyone plays at once)."""
        engine = self.sessions.game(session.game)
        if session.status != "active" or not engine.info.simultaneous:
            return {}
        state = await self.sessions.state(session)
        moved = {seat for seat, version in (await self.sessions.acted(session.id)).items() if version > meta.version}
        return seat_clocks(engine, state, meta.seat_since, moved, now)

    async def save(self, session_id: int, meta: SessionMeta) -> None:
        self._cache.pop(session_id, None)  # if the write fails, the next look reads what the store really has
        await self.sessions.store.set_meta(session_id, meta.model_dump(mode="json"))
        self._cache[session_id] = meta
