"""GameService: the one object the Discord layer talks to. It checks who may ask, takes the session lock where a
request changes a game, and hands the work to its parts (see the map in `bot/session/__init__.py`). It holds no game
logic of its own and no part imports it back.

One asyncio.Lock per session serialises everything that touches a session, so two clicks at once apply once.
Nothing here imports discord: the Discord layer implements `Presenter` and turns `Refusal` into an ephemeral reply.
"""

from __future__ import annotations

import logging

from bot.session.parts import Parts
from bot.session.sessions import OPEN, seat_name, seats_of
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
    # --------------------------------------------------------------------- play
    # ---------------------------------------------------------- deadlines, away
    # --------------------------------------------------------------------- undo
    # ------------------------------------------------------------------ queries
    # ------------------------------------------------------- panels, reminders
