"""GameService: the one object the Discord layer talks to. It checks who may ask, takes the session lock where a
request changes a game, and hands the work to its parts (see the map in `bot/session/__init__.py`). It holds no game
logic of its own and no part imports it back.

One asyncio.Lock per session serialises everything that touches a session, so two clicks at once apply once.
Nothing here imports discord: the Discord layer implements `Presenter` and turns `Refusal` into an ephemeral reply.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.naming import escape, name_seats, seat_names
from bot.prose import unwrap
from bot.session.deadlines import stamp
from bot.session.meta import SessionMeta
from bot.session.parts import Parts
from bot.session.sessions import DONE, FINISHED, OPEN, seat_name, seats_of
from bot.session.types import (
    LogLine,
    TurnUpdate,
    describe,
)
from bot.session.undo import History
from bot.store import SessionRow
from engine.core import Game, GameState

log = logging.getLogger("tarmac.service")



class GameService(Parts):
    # ------------------------------------------------------------------ lookups
    def game(self, name: str) -> Game:
        return self.sessions.game(name)

    async def session_here(self, channel_id: int, *, statuses: tuple[str, ...] = OPEN) -> SessionRow:
        """The channel's lobby or running game; with a finished status in `statuses`, else its newest such game."""
        return await self.sessions.here(channel_id, statuses=statuses)

    async def state(self, session: SessionRow) -> GameState:
        """The game state of a started session (cached, or loaded from its snapshot)."""
        return await self.sessions.state(session)

    @staticmethod
    def seats_of(session: SessionRow, user_id: int) -> list[int]:
        return seats_of(session, user_id)

    @staticmethod
    def seat_name(session: SessionRow, seat: int) -> str:
        return seat_name(session, seat)

    # -------------------------------------------------------------------- lobby
    async def history(self, channel_id: int) -> list[str]:
        """/game history: the channel's past games (started ones), newest first, with their results."""
        lines = []
        for session in reversed(await self.store.sessions_in_channel(channel_id)):
            if session.status not in DONE or session.seed is None:
                continue
            engine = self.game(session.game)
            state = await self.state(session)
            when = f"<t:{int(session.updated_at.timestamp())}:d>"
            result = engine.result(state)
            if result is not None:
                names = seat_names(session)
                scores = ", ".join(f"{escape(names.get(r.seat, seat_name(session, r.seat)))} {r.score}"
                                   for r in sorted(result.standings, key=lambda r: -r.score))
                winners = " and ".join(escape(seat_name(session, w)) for w in result.winners) or "nobody"
                outcome = f"won by {winners} ({scores})"
            else:
                outcome = {"cancelled": "cancelled", "abandoned": "ended early"}.get(session.status, session.status)
                outcome += f" at move {state.version}"
            lines.append(f"#{session.id} {engine.title}, {when}: {outcome}.")
            if len(lines) == 15:
                break
        return lines

    async def mine(self, guild_id: int | None, user_id: int) -> list[str]:
        """/game mine: this member's open games in the server, the ones waiting for them first."""
        found: list[tuple[int, str]] = []
        now = self.sessions.now()
        for session in await self.store.sessions_of_user(user_id):
            if session.status not in OPEN or session.guild_id != guild_id:
                continue
            title = self.game(session.game).title
            if session.status == "lobby":
                found.append((2, f"<#{session.channel_id}>: {title}, in the lobby."))
                continue
            state = await self.state(session)
            meta = await self._meta_of(session)
            waiting = [d.seat for d in self.game(session.game).pending(state)]
            since = f" for {describe(now - meta.since)}" if meta.since else ""
            if set(waiting) & set(seats_of(session, user_id)):
                found.append((0, f"<#{session.channel_id}>: {title}, **your turn**{since}."))
            else:
                who = ", ".join(escape(seat_name(session, s)) for s in waiting) or "nobody"
                found.append((1, f"<#{session.channel_id}>: {title}, waiting for {who}{since}."))
        return [text for _rank, text in sorted(found, key=lambda f: f[0])]

    # --------------------------------------------------------------------- play
    # ---------------------------------------------------------- deadlines, away
    async def waiting_text(self, session: SessionRow, update: TurnUpdate) -> str:
        """For /game status: whom the game waits for and since when, their deadline, who is away, and where the
        newest panel is."""
        async with self.sessions.lock(session.id):
            meta = await self.meta.get(await self.sessions.fresh(session.id))
        now = self.sessions.now()
        names = ", ".join(escape(seat_name(session, d.seat)) for d in update.decisions) or "nobody"
        since = f" for {describe(now - meta.since)}" if meta.since and now - meta.since >= timedelta(minutes=1) else ""
        parts = [f"Move {update.version}; waiting for {names}{since}."]
        if meta.deadline_hours:
            ends = [self.deadlines.due(meta, s.user_id, s.seat) for d in update.decisions for s in session.seats
                    if s.seat == d.seat and not s.is_ai and s.user_id is not None]
            when = f" This turn's ends {stamp(min(e for e in ends if e))}." if any(ends) else ""
            parts.append(f"Turn deadline: {meta.deadline_hours} hours.{when}")
        away = [(u, t) for u, t in meta.vacation.items() if t > now]
        if away:
            parts.append("Away: " + ", ".join(f"<@{u}> until {stamp(t)}" for u, t in away) + ".")
        if session.board_message_id:
            parts.append(f"Newest panel: https://discord.com/channels/{session.guild_id or '@me'}/"
                         f"{session.channel_id}/{session.board_message_id}")
        return " ".join(parts)

    # --------------------------------------------------------------------- undo
    # ------------------------------------------------------------------ queries
    async def _meta_of(self, session: SessionRow) -> SessionMeta:
        async with self.sessions.lock(session.id):
            return await self.meta.get(await self.sessions.fresh(session.id))

    async def log_lines(self, channel_id: int, count: int | None) -> tuple[SessionRow, list[LogLine]]:
        """The public log by turns (the last `count`, or all with None); the last one is the turn so far."""
        session = await self.session_here(channel_id, statuses=FINISHED)
        found = History(self.game(session.game), session, await self.store.actions(session.id))
        names = seat_names(session)
        turns: list[LogLine] = []
        for row in found.rows:
            texts = [name_seats(e["text"], names) for e in row.events if e.get("private_to") is None and e["text"]]
            number = found.numbers.get(row.version)
            if turns and number is not None and turns[-1].turn == number:
                turns[-1].text = " ".join([turns[-1].text, *texts]).strip()
            else:
                turns.append(LogLine(turn=number, who=seat_name(session, row.seat), text=" ".join(texts)))
        return session, turns if count is None else turns[-count:]

    def rules(self, game: str) -> dict[str, str]:
        pages = {topic: unwrap(text) for topic, text in self.game(game).rules().items()}
        if len(pages) > 1:
            # /game rules with no topic shows the first page: say there is more, and what it is called.
            first, *others = pages
            pages[first] += f"\n\nMore with `/game rules topic:` {', '.join(others)}."
        return pages

    # ------------------------------------------------------- panels, reminders
