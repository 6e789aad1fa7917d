"""GameService: the one object the Discord layer talks to. It checks who may ask, takes the session lock where a
request changes a game, and hands the work to its parts (see the map in `bot/session/__init__.py`). It holds no game
logic of its own and no part imports it back.

One asyncio.Lock per session serialises everything that touches a session, so two clicks at once apply once.
Nothing here imports discord: the Discord layer implements `Presenter` and turns `Refusal` into an ephemeral reply.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta

from bot.naming import escape, name_decision, name_seats, seat_names
from bot.prose import unwrap
from bot.session.ai_levels import with_level
from bot.session.clock import RoundClock
from bot.session.deadlines import DEADLINE_KEY, Deadlines, stamp
from bot.session.lobby import Lobby, typed_option
from bot.session.meta import MetaBook, SessionMeta
from bot.session.publish import Publisher
from bot.session.reminders import Reminders
from bot.session.sessions import DONE, OPEN, Sessions, seat_name, seats_of
from bot.session.simultaneous import decision_stamp
from bot.session.turns import Turns
from bot.session.types import (
    Controls,
    LogLine,
    PostFailed,
    Presenter,
    PrivateUpdate,
    Refusal,
    Reminder,
    TurnUpdate,
    UndoRequest,
    describe,
)
from bot.session.undo import History, Undo
from bot.store import Seat, SessionRow, Store
from engine import registry
from engine.core import Game, GameState
from renderers import GameRenderer
from renderers import for_game as renderer_for_game

log = logging.getLogger("tarmac.service")

PANEL_QUIET = 15 * 60
"""Seconds after a panel was posted during which `/game panel` posts it again without pinging anyone."""

FINISHED = ("active", *DONE)
"""A running game or one that has ended: what /game board, hand, log and status answer about."""


class GameService:
    def __init__(
        self,
        store: Store,
        presenter: Presenter | None = None,
        *,
        games: Mapping[str, Game] | None = None,
        ai_delay: float = 0.0,
        renderer_for: Callable[[str], GameRenderer | None] = renderer_for_game,
        remind_after: float = 12 * 3600,
        nudge_gap: float = 3600,
        abandon_after: float = 14 * 86400,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        owns: Callable[[SessionRow], bool] = lambda _session: True,
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.games: Mapping[str, Game] = games if games is not None else {n: registry.get(n) for n in registry.names()}
        self.sessions = Sessions(store, self.games, now, owns)
        self.meta = MetaBook(self.sessions)
        self.clock = RoundClock(self.sessions, self.meta)
        self.publisher = Publisher(self.sessions, self.meta, presenter, renderer_for, self.clock)
        self.lobby = Lobby(self.sessions)
        self.turns = Turns(self.sessions, self.publisher, self.clock, ai_delay=ai_delay)
        self.clock.on_expire = self.turns.expire
        self.undo = Undo(self.sessions, self.meta, self.publisher)
        self.deadlines = Deadlines(self.sessions, self.meta, self.turns, self.present_reminder, self.announce)
        self.turns.on_played = self.deadlines.moved
        self.reminders = Reminders(self.sessions, self.meta, self.present_reminder, self.announce,
                                   remind_after=remind_after, nudge_gap=nudge_gap, abandon_after=abandon_after)

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

    async def shutdown(self) -> None:
        """Wait for every move in flight (each holds its session lock) so none is cut in half."""
        self.clock.stop_all()
        await self.sessions.shutdown()

    # -------------------------------------------------------------------- lobby
    async def open_lobby(self, *, guild_id: int, channel_id: int, game: str, host_id: int,
                         host_name: str) -> SessionRow:
        return await self.lobby.open_lobby(guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
                                           host_name=host_name)

    async def join(self, session_id: int, user_id: int, name: str) -> SessionRow:
        return await self.lobby.join(session_id, user_id, name)

    async def leave(self, session_id: int, user_id: int) -> SessionRow:
        return await self.lobby.leave(session_id, user_id)

    async def add_ai(self, session_id: int, user_id: int, *, manager: bool = False) -> SessionRow:
        return await self.lobby.add_ai(session_id, user_id, manager=manager)

    async def set_ai_level(self, session_id: int, user_id: int, seat_number: int, level: str, *,
                           manager: bool = False) -> SessionRow:
        return await self.lobby.set_ai_level(session_id, user_id, seat_number, level, manager=manager)

    async def set_ai_level_here(self, channel_id: int, user_id: int, seat_number: int, level: str, *,
                                manager: bool = False) -> tuple[SessionRow, Seat]:
        """The level of an AI seat of the channel's lobby or running game (a seat the AI took over too), kept with
        the seats so it survives a restart; the AI's next plan uses it. Returns the session and that seat."""
        session = await self.session_here(channel_id)
        if session.status == "lobby":
            session = await self.lobby.set_ai_level(session.id, user_id, seat_number, level, manager=manager)
        else:
            # The lock waits for an AI turn being thought out, so a search never sees its seat's level change.
            async with self.sessions.lock(session.id):
                session = await self.sessions.fresh(session.id)
                if session.status != "active":
                    raise Refusal("This game is not running any more.")
                seats, _seat = with_level(session, user_id, seat_number, level, manager=manager)
                session = await self.sessions.store.set_seats(session.id, seats)
            log.info("AI level changed", extra={"session_id": session.id, "guild_id": session.guild_id,
                                                "channel_id": session.channel_id, "seat": seat_number - 1})
        return session, next(s for s in session.seats if s.seat == seat_number - 1)

    async def remove_seat(self, channel_id: int, user_id: int, seat_number: int, *, manager: bool) -> SessionRow:
        session = await self.session_here(channel_id)
        if session.status != "lobby":
            raise Refusal("The game has already started; a player leaves it with /game resign.")
        return await self.lobby.remove(session.id, user_id, seat_number, manager=manager)

    async def options_lobby(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        return await self.lobby.options_lobby(session_id, user_id, manager=manager)

    async def set_option(self, session_id: int, user_id: int, key: str, value: str, *, manager: bool) -> SessionRow:
        """One of the lobby's options: the game's own go to the engine; the turn deadline to the bot's bookkeeping,
        which the game keeps once started (the host changes it later with /game deadline)."""
        session = await self.sessions.fresh(session_id)
        if typed_option(self.game(session.game), key, value)[0] != DEADLINE_KEY:
            return await self.lobby.set_option(session_id, user_id, key, value, manager=manager)
        async with self.sessions.lock(session_id):
            session = await self.lobby.options_lobby(session_id, user_id, manager=manager)
            await self.deadlines.set_option(session, value)
        self.reminders.changed()
        return session

    async def lobby_values(self, session: SessionRow) -> dict[str, str]:
        """The values the lobby shows for `lobby_specs`: the game's options and the turn deadline."""
        async with self.sessions.lock(session.id):
            meta = await self.meta.get(await self.sessions.fresh(session.id))
        return {**session.options, DEADLINE_KEY: str(meta.deadline_hours)}

    async def play_again(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        """A new lobby with a finished game's seats, options and turn deadline (see Lobby.play_again)."""
        old = await self.sessions.fresh(session_id)
        async with self.sessions.lock(session_id):
            deadline = await self.meta.get(old)
        session = await self.lobby.play_again(session_id, user_id, manager=manager)
        if deadline.deadline_hours:
            async with self.sessions.lock(session.id):
                await self.deadlines.set_option(session, str(deadline.deadline_hours))
            self.reminders.changed()
        log.info("game played again", extra={"session_id": session.id, "guild_id": session.guild_id,
                                             "channel_id": session.channel_id, "after": session_id})
        return session

    async def cancel(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        """Cancel a lobby or a game (the Discord layer asks a started game's canceller to confirm first). A started
        game keeps its record; its last panel loses its buttons with a word saying why."""
        session = await self.lobby.cancel(session_id, user_id, manager=manager)
        if session.seed is not None and session.board_message_id is not None and self.presenter is not None:
            await self.presenter.retire(session, session.board_message_id,
                                        "This game was cancelled; `/game history` keeps its record.")
        return session

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

    async def start(self, session_id: int, user_id: int, *, manager: bool, seed: int | None = None) -> SessionRow:
        """The lobby becomes a game: first panel posted, then the AI plays if it opens."""
        async with self.sessions.lock(session_id):
            session, state = await self.lobby.begin(session_id, user_id, manager=manager, seed=seed)
            await self.publisher.publish(session, state, [], first=True)
        self.reminders.changed()
        await self.turns.run_ai(session.id)
        if self.sessions.take_unposted(session.id):
            raise PostFailed()
        return session

    # --------------------------------------------------------------------- play
    async def choose(self, session_id: int, user_id: int, *, version: int, seat: int, index: int,
                     stamp: str | None = None) -> None:
        """A click on a panel: option `index` of `seat`'s decision as offered at state `version` (with `stamp`, the
        decision it answers while several seats choose at once)."""
        await self.turns.choose(session_id, user_id, version=version, seat=seat, index=index, stamp=stamp)

    async def choose_typed(self, session_id: int, user_id: int, *, version: int, seat: int, text: str,
                           stamp: str | None = None) -> None:
        """A value typed in a decision's form (a price, a bid), for `seat`'s decision as offered at `version`."""
        await self.turns.choose_typed(session_id, user_id, version=version, seat=seat, text=text, stamp=stamp)

    async def controls(self, session_id: int, user_id: int) -> Controls:
        """A member's own controls while several seats choose at once: their open decision, or None when they are
        done for now (with whom the game still waits for)."""
        session, state = await self.sessions.playing(session_id, user_id)
        engine = self.game(session.game)
        mine = seats_of(session, user_id)
        pending = engine.pending(state)
        decision = next((d for d in pending if d.seat in mine), None)
        clock = engine.clock(state)
        # The stamp is of the engine's decision, which the click is checked against; the member sees it named.
        return Controls(session=session, seat=decision.seat if decision else mine[0], version=state.version,
                        decision=name_decision(decision, seat_names(session)) if decision else None,
                        stamp=decision_stamp(decision) if decision else "",
                        deadline=self.clock.deadline(session.id, clock[0] if clock else None),
                        waiting_for=[seat_name(session, d.seat) for d in pending])

    async def play_text(self, channel_id: int, user_id: int, text: str) -> int:
        """A typed command; returns how many steps it took."""
        session = await self.session_here(channel_id, statuses=("active",))
        return await self.turns.play_text(session.id, user_id, text)

    async def suggestions(self, channel_id: int, user_id: int, text: str) -> list[str]:
        session = await self.store.session_in_channel(channel_id)
        if session is None or session.status != "active":
            return []
        return await self.turns.suggestions(session, user_id, text)

    async def resign(self, channel_id: int, user_id: int) -> tuple[SessionRow, bool]:
        """The member's seats pass to the AI; the game ends if no member is left. The caller runs `play_ai` after
        announcing it."""
        session = await self.session_here(channel_id, statuses=("active",))
        return await self.turns.resign(session.id, user_id)

    async def play_ai(self, session_id: int) -> bool:
        """Let the AI play its open turns; False if a panel failed to post meanwhile."""
        return await self.turns.play_ai(session_id)

    async def resume_ai(self) -> None:
        """At start-up: run the round clocks again (ending the rounds whose time ran out meanwhile), play the AI turns
        that were due when the previous process stopped, then post the current panel of every game whose newest
        panel is behind its state (stopped between a saved move and its panel)."""
        await self.turns.resume_clocks()
        await self.turns.resume_ai()
        await self.turns.recover()

    # ---------------------------------------------------------- deadlines, away
    async def set_deadline(self, channel_id: int, user_id: int, hours: int, missed: int | None, *,
                           manager: bool) -> SessionMeta:
        """The turn deadline of the channel's game (in the lobby or later); the host or a manager sets it."""
        session = await self.session_here(channel_id)
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can set the turn deadline.")
        async with self.sessions.lock(session.id):
            meta = await self.deadlines.set_deadline(await self.sessions.fresh(session.id), hours, missed)
        self.reminders.changed()
        return meta

    async def vacation(self, channel_id: int, user_id: int, days: int) -> datetime | None:
        session = await self.session_here(channel_id)
        async with self.sessions.lock(session.id):
            return await self.deadlines.vacation(await self.sessions.fresh(session.id), user_id, days)

    async def rejoin(self, channel_id: int, user_id: int) -> list[int]:
        """The member takes back the seats the AI kept for them (the caller posts the panel again)."""
        session = await self.session_here(channel_id, statuses=("active",))
        async with self.sessions.lock(session.id):
            return await self.deadlines.rejoin(await self.sessions.fresh(session.id), user_id)

    async def run_timers(self) -> float | None:
        """Send due reminders and act on ended deadlines; the seconds until the next could be due (None: none)."""
        waits = [await self.deadlines.run_due(), await self.reminders.run_due()]
        found = [w for w in waits if w is not None]
        return min(found) if found else None

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
    async def take_back(self, session_id: int, user_id: int, *, version: int | None = None) -> str:
        """Free undo of the member's own last choice (the panel's Undo button gives the `version` it shows)."""
        async with self.sessions.lock(session_id):
            if version is not None:
                _session, state = await self.sessions.playing(session_id, user_id)
                if state.version != version:
                    raise Refusal("That panel is out of date; use the newest one in the channel.")
            self.sessions.take_unposted(session_id)
            text = await self.undo.take_back(session_id, user_id)
        if self.sessions.take_unposted(session_id):
            raise PostFailed()
        return text

    async def undo_here(self, channel_id: int, user_id: int, turn: int | None) -> str:
        """/game undo: with no turn, take back one's own last choice; with a turn, ask the others to go back to it.
        Returns what to tell the member."""
        session = await self.session_here(channel_id, statuses=("active",))
        if turn is None:
            return await self.take_back(session.id, user_id)
        async with self.sessions.lock(session.id):
            self.sessions.take_unposted(session.id)
            asked = await self.undo.ask(session.id, user_id, turn)
            if isinstance(asked, UndoRequest) and self.presenter is not None:
                session = await self.sessions.fresh(session.id)
                name = escape(seat_name(session, seats_of(session, user_id)[0]))
                text = (f"{name} asks to take the game back to the start of turn {turn}. It happens only if every "
                        f"other player accepts; any move meanwhile cancels the request.")
                await self.presenter.ask_undo(session, asked, text)
        await self.turns.run_ai(session.id)
        if self.sessions.take_unposted(session.id):
            raise PostFailed()
        if isinstance(asked, UndoRequest):
            return "Your request is posted; the game goes back once every other player accepts."
        return asked

    async def answer_undo(self, session_id: int, user_id: int, *, version: int, yes: bool) -> str:
        """An answer to an undo request; returns what the channel should read about it."""
        async with self.sessions.lock(session_id):
            request, done = await self.undo.answer(session_id, user_id, version, yes)
        if done is not None:
            await self.turns.run_ai(session_id)
            return done
        session = await self.sessions.fresh(session_id)
        who = next((escape(s.name) for s in session.seats if s.user_id == user_id), "A player")
        if not yes:
            return f"{who} declined, so the game goes on from where it is."
        return f"{who} accepted; still waiting for {len(request.waiting)} more."

    # ------------------------------------------------------------------ queries
    async def current(self, session_id: int, user_id: int, *, version: int, seat: int,
                      stamp: str | None = None) -> TurnUpdate:
        """The open decision of a panel, checked like a click (for paging through many options)."""
        session, state = await self.turns.check_click(session_id, user_id, version=version, seat=seat, stamp=stamp)
        return await self.publisher.turn_update(session, state, [], render=False)

    async def turn_update(self, session: SessionRow, state: GameState, events: list[str], *,
                          render: bool = True) -> TurnUpdate:
        return await self.publisher.turn_update(session, state, events, render=render)

    async def board(self, channel_id: int) -> TurnUpdate:
        session = await self.session_here(channel_id, statuses=FINISHED)
        return await self.turn_update(session, await self.state(session), [])

    async def hand(self, channel_id: int, user_id: int) -> PrivateUpdate:
        session = await self.session_here(channel_id, statuses=FINISHED)
        mine = seats_of(session, user_id)
        if not mine:
            raise Refusal("You are not in the game of this channel.")
        seat = next(s for s in session.seats if s.seat == mine[0])
        if session.status == "active" and user_id in self.sessions.no_dms | set(
                (await self._meta_of(session)).dm_stopped):
            await self.set_dms(channel_id, user_id, on=True)  # they are here: DMs may be open again; try once more
        return await self.publisher.private(session, await self.state(session), seat, [])

    async def _meta_of(self, session: SessionRow) -> SessionMeta:
        async with self.sessions.lock(session.id):
            return await self.meta.get(await self.sessions.fresh(session.id))

    async def set_dms(self, channel_id: int, user_id: int, *, on: bool) -> None:
        """/game dms on|off: whether this member gets their hand by DM (in this channel's game, and after a refusal,
        in every game)."""
        session = await self.session_here(channel_id, statuses=("active",))
        if not any(s.user_id == user_id for s in session.seats):
            raise Refusal("You are not in this game.")
        async with self.sessions.lock(session.id):
            await self.publisher.set_dms(await self.sessions.fresh(session.id), user_id, on)

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
    async def repost(self, channel_id: int, user_id: int | None = None, *, manager: bool = False) -> TurnUpdate:
        """Post the current panel again (after a post that failed, or one buried under chatter). With a member: only
        the game's players (or a manager) may, and within PANEL_QUIET of the last panel nobody is pinged again."""
        session = await self.session_here(channel_id, statuses=("active", "finished"))
        if user_id is not None and not manager and not any(s.user_id == user_id for s in session.seats):
            raise Refusal("Only the players of this game can post its panel again.")
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            return await self.publisher.repost(session, await self.state(session),
                                               quiet_within=PANEL_QUIET if user_id is not None else 0)

    async def nudge(self, channel_id: int, user_id: int, *, manager: bool) -> Reminder:
        """Remind whoever must act, now; refused when they were called a short while ago."""
        session = await self.session_here(channel_id, statuses=("active",))
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            if not seats_of(session, user_id) and not manager:
                raise Refusal("Only the players of this game can nudge.")
            reminder = await self.reminders.nudge(session, user_id)
            await self.present_reminder(reminder)
            return reminder

    async def set_reminders(self, channel_id: int, user_id: int, hours: float, *, manager: bool) -> float:
        """This game's quiet period before a reminder, in hours (0: no reminders); the host or a manager sets it."""
        session = await self.session_here(channel_id)
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can change the reminders.")
        async with self.sessions.lock(session.id):
            meta = await self.reminders.set_period(await self.sessions.fresh(session.id), hours)
        return self.reminders.period(meta)

    async def present_reminder(self, reminder: Reminder) -> None:
        if self.presenter is not None:
            await self.presenter.remind(reminder)

    async def announce(self, session: SessionRow, text: str, mentions: list[int]) -> None:
        if self.presenter is not None:
            await self.presenter.announce(session, text, mentions)
