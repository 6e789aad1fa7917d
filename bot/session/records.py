"""What `/game history`, `mine`, `status` and `log` read, gathered as data: a channel's past games with their results,
a member's open games, whom a running game waits for and until when, the public log by turns. The Discord layer words
them (bot/discord/texts.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.naming import name_seats, seat_names
from bot.session.deadlines import Deadlines
from bot.session.meta import MetaBook, SessionMeta
from bot.session.recap import UNDO, is_undo
from bot.session.sessions import DONE, OPEN, Sessions, seat_name, seats_of
from bot.session.types import LogLine
from bot.session.undo import History
from bot.store import SessionRow
from engine.core import Decision, Result
from engine.core.ai.hooks import ai_for
from engine.core.turns import turn_name

PAST_SHOWN = 15
"""How many of a channel's past games /game history lists, newest first."""


@dataclass
class PastGame:
    """A game of the channel that is over: its result, or the move at which it stopped without one."""

    session: SessionRow
    title: str
    result: Result | None
    version: int
    turn: str = ""
    """The turn it stopped in, as players count turns ("Turn 12 · round 3")."""
    team: bool = False
    """Its seats played together against the game: a day won or lost, with no winners to name."""


@dataclass
class OpenGame:
    """A lobby or running game a member sits in: whom it waits for (seats; none in a lobby) and for how long."""

    session: SessionRow
    title: str
    waiting: list[int]
    yours: bool
    """It waits for this member."""
    waited: timedelta | None
    since: datetime | None = None
    """When the wait began."""


@dataclass
class Waiting:
    """Whom a running game waits for: how long it has, its turn deadline and when this turn's ends, who is away."""

    waited: timedelta | None
    deadline_hours: int
    ends: datetime | None
    away: list[tuple[int, datetime]]
    """(member, back at) of the members on vacation."""
    since: datetime | None = None
    """When the wait began."""


class Records:
    def __init__(self, sessions: Sessions, meta: MetaBook, deadlines: Deadlines) -> None:
        self.sessions = sessions
        self.meta = meta
        self.deadlines = deadlines

    async def past(self, channel_id: int) -> list[PastGame]:
        """The channel's past games (started ones), newest first."""
        found: list[PastGame] = []
        for session in reversed(await self.sessions.store.sessions_in_channel(channel_id)):
            if session.status not in DONE or session.seed is None or not self.sessions.offers(session):
                continue
            engine = self.sessions.game(session.game)
            state = await self.sessions.state(session)
            found.append(PastGame(session, engine.info.title, engine.result(state), state.version,
                                  turn_name(engine, state), engine.info.cooperative))
            if len(found) == PAST_SHOWN:
                break
        return found

    async def open_games(self, guild_id: int | None, user_id: int) -> list[OpenGame]:
        """This member's lobbies and running games in the server: those waiting for them first, lobbies last."""
        found: list[OpenGame] = []
        now = self.sessions.now()
        for session in await self.sessions.store.sessions_of_user(user_id):
            if session.status not in OPEN or session.guild_id != guild_id or not self.sessions.offers(session):
                continue
            engine = self.sessions.game(session.game)
            if session.status == "lobby":
                found.append(OpenGame(session, engine.info.title, [], False, None))
                continue
            state = await self.sessions.state(session)
            meta = await self._meta(session)
            waiting = [d.seat for d in engine.pending(state)]
            mine = bool(set(waiting) & set(seats_of(session, user_id)))
            found.append(OpenGame(session, engine.info.title, waiting, mine, now - meta.since if meta.since else None,
                                  meta.since))
        return sorted(found, key=lambda g: 2 if g.session.status == "lobby" else 0 if g.yours else 1)

    async def waiting(self, session: SessionRow, decisions: list[Decision]) -> Waiting:
        """Whom the running game waits for (the members of `decisions`), and until when."""
        meta = await self._meta(session)
        now = self.sessions.now()
        ends = [self.deadlines.due(meta, s.user_id, s.seat) for d in decisions for s in session.seats
                if s.seat == d.seat and not s.is_ai and s.user_id is not None]
        return Waiting(waited=now - meta.since if meta.since else None, deadline_hours=meta.deadline_hours,
                       ends=min((e for e in ends if e), default=None),
                       # A member who resigned is no longer at the table to be away from it.
                       away=[(u, t) for u, t in meta.vacation.items()
                             if t > now and any(s.user_id == u for s in session.seats)], since=meta.since)

    async def log(self, session: SessionRow, count: int | None) -> list[LogLine]:
        """The public log by turns (the last `count`, or all with None); the last one is the turn so far. A step
        taken back within its turn stays in that turn's line, with the line saying so: the log keeps everything,
        and a turn is numbered once. An undo that goes back to an earlier turn is a line of its own."""
        engine = self.sessions.game(session.game)
        found = History(engine, session, await self.sessions.store.actions(session.id))
        names = seat_names(session)
        turns: list[LogLine] = []
        for row in found.rows:
            texts = [name_seats(e["text"], names) for e in row.events if e.get("private_to") is None and e["text"]]
            if is_undo(row):
                # The turn of the first choice it took back: the one the game is in again.
                back_in = found.numbers.get(int(row.choice[len(UNDO):]) + 1)
                if turns and back_in is not None and turns[-1].turn == back_in:
                    turns[-1].text = " ".join([turns[-1].text, *texts]).strip()
                else:
                    turns.append(LogLine(turn=None, who=seat_name(session, row.seat), text=" ".join(texts)))
                continue
            number = found.numbers.get(row.version)
            if turns and row.choice in ai_for(engine).take_backs:
                texts = [t for t in texts if t not in turns[-1].text]  # taking back again says nothing new
            if turns and number is not None and turns[-1].turn == number:
                turns[-1].text = " ".join([turns[-1].text, *texts]).strip()
            else:
                turns.append(LogLine(turn=number, who=seat_name(session, row.seat), text=" ".join(texts),
                                     name=found.turn_name(row.version)))
        return turns if count is None else turns[-count:]

    async def _meta(self, session: SessionRow) -> SessionMeta:
        async with self.sessions.lock(session.id):
            return await self.meta.get(await self.sessions.fresh(session.id))
