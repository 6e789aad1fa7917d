"""The floor every part of the session side stands on: the store, the games, the clock, and what this process
remembers per session (its lock, the cached state, what the newest panel shows).

Every part (lobby, turns, publish, reminders) gets the one `Sessions` object and asks it; none keeps its own copy of
a session's state, and none reaches into another part. Call the methods that say "with the lock held" only inside
`async with sessions.lock(session_id)`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.session.memo import StateMemo
from bot.session.types import Refusal
from bot.store import SessionRow, Store
from engine.core import Decision, Game, GameState, load_state

log = logging.getLogger("tarmac.service")

OPEN = ("lobby", "active")
DONE = ("finished", "abandoned", "cancelled")
"""A game that is over: its record still answers /game status, log and board (a cancelled lobby has none)."""
FINISHED = ("active", *DONE)
"""A running game or one that has ended: what /game board, hand, log and status answer about."""
RESIGNED = " (resigned)"
"""How a resigned member's seat is named once the AI plays it (Turns.resign)."""


@dataclass
class Live:
    """Per-session memory: the cached state and what the newest panel shows."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    state: GameState | None = None
    sent_private: dict[int, str] = field(default_factory=dict)
    """Per seat, the secrets its last private update showed (to DM only on change)."""
    carried: list[Any] = field(default_factory=list)
    """Events of a member's move that passed the turn to the AI, waiting to head the AI's panel (Turns.run_ai)."""
    moved_at: tuple[int, datetime] | None = None
    """(version, when) of the last move made here: the start of the quiet period reminders count from."""
    unposted: bool = False
    """A panel of this session failed to post since the last time a caller checked."""
    shown_version: int | None = None
    """The state version the newest panel message shows, as this process posted or edited it (None: unknown, e.g.
    after a restart or a failed post). Only a panel known to show the state a move started from is edited."""
    shown_events: list[str] = field(default_factory=list)
    """The public events that panel lists under "What just happened" (as the engine wrote them), so an edit that
    continues the turn appends to them."""
    acted: dict[int, int] | None = None
    """Per seat, the state version its own last move reached (None: not read from the action log yet). A click shown
    before that is older than the seat's own move: a double click, applied once."""
    deferred_events: list[str] = field(default_factory=list)
    """Public events of moves made while several seats choose at once whose board is not shown yet: the board is
    redrawn at most every few seconds then (see Publisher.publish)."""
    deferred_version: int | None = None
    """The version the deferred board will show (None: nothing deferred)."""
    flush: asyncio.Task[None] | None = None


CONTROL_WORDS = {"offer": "answer this offer", "bid": "bid in this auction", "debt": "settle this debt"}
"""What a control of a decision kind is for, in a refusal to a member it is not meant for."""


class Sessions:
    def __init__(
        self, store: Store, games: Mapping[str, Game], now: Callable[[], datetime],
        owns: Callable[[SessionRow], bool] = lambda _session: True,
    ) -> None:
        self.store = store
        self.games = games
        self.now = now
        self.owns = owns
        """Whether this process looks after a session's background work (bot/shards.py); clicks need no check,
        as Discord delivers them only to the process holding the guild's shard."""
        self._live: dict[int, Live] = {}
        self._not_offered: set[int] = set()
        """Sessions of a game this bot does not offer that a warning has named already (once per process)."""
        self.memo = StateMemo()
        self.no_dms: set[int] = set()
        """Members not to DM (their DMs refused us, or they said `/game settings dms:False`): Discord counts refused
        requests toward its ban limit, so they are not retried on every change, in any game, until they say
        otherwise."""

    def pending(self, game: Game, state: GameState) -> list[Decision]:
        """`game.pending(state)`, asked once per state (memo.py): a move asks it of the same states many times."""
        return self.memo.pending(game, state)

    async def active_here(self) -> list[SessionRow]:
        """The active sessions whose reminders, deadlines and resumed AI turns are this process's job: its shards'
        games, of the games it offers. A database may hold others (one shared with a build that offers more games):
        those are left alone, and said so once each."""
        found: list[SessionRow] = []
        for session in await self.store.active_sessions():
            if not self.owns(session):
                continue
            if self.offers(session):
                found.append(session)
            elif session.id not in self._not_offered:
                self._not_offered.add(session.id)
                log.warning("left alone: a game this bot does not offer",
                            extra={"session_id": session.id, "game": session.game})
        return found

    def offers(self, session: SessionRow) -> bool:
        """Whether this bot plays the session's game (the database may hold games of a build that offers more)."""
        return session.game in self.games

    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            raise Refusal(f"There is no game called '{name}' here.") from None

    def live(self, session_id: int) -> Live:
        return self._live.setdefault(session_id, Live())

    def lock(self, session_id: int) -> asyncio.Lock:
        """The one lock that serialises everything touching this session in this process."""
        return self.live(session_id).lock

    async def shutdown(self) -> None:
        """Wait for every move in flight (each holds its session lock) so none is cut in half."""
        for live in list(self._live.values()):
            if live.flush is not None:
                live.flush.cancel()
            async with live.lock:
                pass

    async def acted(self, session_id: int) -> dict[int, int]:
        """Per seat, the version its own last move reached (read once from the action log, then kept up to date)."""
        live = self.live(session_id)
        if live.acted is None:
            live.acted = {}
            for row in await self.store.actions(session_id, last=200):
                live.acted[row.seat] = max(live.acted.get(row.seat, 0), row.version)
        return live.acted

    # ------------------------------------------------------------------ state
    async def state(self, session: SessionRow) -> GameState:
        """The cached state, or (after a restart) the stored snapshot."""
        live = self.live(session.id)
        if live.state is None:
            state_json, _version = await self.store.load_snapshot(session.id)
            live.state = load_state(self.game(session.game), state_json)
        return live.state

    def remember(self, session_id: int, state: GameState) -> None:
        """A move reached `state` here, now (with the lock held)."""
        live = self.live(session_id)
        live.state, live.moved_at = state, (state.version, self.now())

    def forget(self, session_id: int) -> None:
        """Another process moved the game on: the next look reloads the state from the store."""
        self.live(session_id).state = None

    def moved_at(self, session_id: int, version: int) -> datetime | None:
        """When this process applied the move that reached `version` (None if it did not, e.g. after a restart)."""
        moved = self.live(session_id).moved_at
        return moved[1] if moved and moved[0] == version else None

    def take_unposted(self, session_id: int) -> bool:
        """Whether a panel failed to post since the last call (and forget it)."""
        live = self.live(session_id)
        failed, live.unposted = live.unposted, False
        return failed

    # --------------------------------------------------------------- sessions
    async def fresh(self, session_id: int) -> SessionRow:
        session = await self.store.get_session(session_id)
        if session is None:
            raise Refusal("That game no longer exists.")
        return session

    async def here(self, channel_id: int, *, statuses: tuple[str, ...] = OPEN) -> SessionRow:
        """The channel's lobby or running game; with a finished status in `statuses`, else its newest such game."""
        session = await self.store.session_in_channel(channel_id)
        if (session is None or session.status not in statuses) and any(s in DONE for s in statuses):
            done = [s for s in await self.store.sessions_in_channel(channel_id)
                    if s.status in statuses and s.status in DONE and s.seed is not None]  # started ones only
            session = done[-1] if done else session
        if session is not None and session.status == "lobby" and "lobby" not in statuses:
            raise Refusal("The game in this channel has not started yet.")
        if session is None or session.status not in statuses:
            raise Refusal("There is no game running in this channel. Start one with /game new.")
        return session

    async def playing(self, session_id: int, user_id: int) -> tuple[SessionRow, GameState]:
        """A running game this member plays in, and its state; refused otherwise."""
        session = await self.fresh(session_id)
        if session.status == "cancelled":
            raise Refusal("This game was cancelled, so its panels take no more clicks.")
        if session.status != "active":
            raise Refusal("This game is not running any more.")
        if not seats_of(session, user_id):
            raise Refusal("You are not in this game.")
        return session, await self.state(session)

    def not_yours(self, session: SessionRow, state: GameState, seat: int) -> Refusal:
        """A click on a control meant for another seat: names who may use it, and for what (an answer to an offer,
        a bid), rather than a turn the clicker may well be in the middle of."""
        pending = self.game(session.game).pending(state)
        decision = next((d for d in pending if d.seat == seat), None)
        if decision is None or (decision.kind not in CONTROL_WORDS and len(pending) == 1):
            return self.not_your_turn(session, state)  # names the one seat it waits for
        name = seat_name(session, seat)
        if decision.kind in CONTROL_WORDS:
            return Refusal(f"Only {name} can {CONTROL_WORDS[decision.kind]}.")
        return Refusal(f"It is not your turn: only {name} can use these buttons.")

    def not_your_turn(self, session: SessionRow, state: GameState) -> Refusal:
        """Says who the game waits for, so the player knows whom to wait for (or nudge)."""
        names = [seat_name(session, d.seat) for d in self.game(session.game).pending(state)]
        if not names:
            return Refusal("It is not your turn.")
        return Refusal(f"It is not your turn: the game is waiting for {' and '.join(names)}.")


def seats_of(session: SessionRow, user_id: int) -> list[int]:
    """The seats this member plays themselves (a seat handed to the AI is no longer theirs)."""
    return [s.seat for s in session.seats if s.user_id == user_id and not s.is_ai]


def seat_name(session: SessionRow, seat: int) -> str:
    return next((s.name for s in session.seats if s.seat == seat), f"Seat {seat + 1}")
