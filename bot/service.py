"""GameService: the one path every choice takes, whoever makes it (button, select, typed command, AI).

load -> engine apply -> store.record_move (guarded by the expected version) -> render in a worker thread -> present.
One asyncio.Lock per session serialises everything that touches a session, so two clicks at once apply once.
Nothing here imports discord: the Discord layer implements `Presenter` and turns `Refusal` into an ephemeral reply.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets as _secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bot.lobby_ops import OPEN, LobbyOps
from bot.naming import escape, name_seats, name_view, seat_names
from bot.prose import unwrap
from bot.reminders import Reminder, Reminders
from bot.service_types import LogLine, PostFailed, Presenter, PrivateUpdate, Refusal, TurnUpdate
from bot.store import Seat, SessionRow, StaleVersion, Store
from engine import registry
from engine.core import (
    Decision,
    Game,
    GameState,
    IllegalAction,
    Rng,
    apply,
    dump_state,
    load_state,
    new_game,
    random_ai,
)
from renderers import GameRenderer
from renderers import for_game as renderer_for_game

__all__ = ["GameService", "LogLine", "PostFailed", "Presenter", "PrivateUpdate", "Refusal", "TurnUpdate"]

log = logging.getLogger("tarmac.service")

DONE = ("finished", "abandoned")


def _view_text(view: dict[str, Any], limit: int = 3500) -> str:
    """The fallback when a game has no renderer yet: the view as compact JSON (a view never holds others' secrets)."""
    text = json.dumps(view, separators=(", ", ": "), ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class _Live:
    """Per-session memory: the cached state and the last private view sent to each seat (to DM only on change)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    state: GameState | None = None
    sent_private: dict[int, str] = field(default_factory=dict)
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


class GameService(LobbyOps):
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
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.store = store
        self.presenter = presenter
        self.games: Mapping[str, Game] = games if games is not None else {n: registry.get(n) for n in registry.names()}
        self.ai_delay = ai_delay
        self._renderer_for = renderer_for
        self._live: dict[int, _Live] = {}
        self.now = now
        self.reminders = Reminders(self, remind_after=remind_after, nudge_gap=nudge_gap, now=now)

    # ------------------------------------------------------------------ helpers
    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            raise Refusal(f"There is no game called '{name}' here.") from None

    def _session_live(self, session_id: int) -> _Live:
        return self._live.setdefault(session_id, _Live())

    def lock_of(self, session_id: int) -> asyncio.Lock:
        return self._session_live(session_id).lock

    def moved_at(self, session_id: int, version: int) -> datetime | None:
        """When this process applied the move that reached `version` (None if it did not, e.g. after a restart)."""
        moved = self._session_live(session_id).moved_at
        return moved[1] if moved and moved[0] == version else None

    async def session_here(self, channel_id: int, *, statuses: tuple[str, ...] = OPEN) -> SessionRow:
        """The channel's lobby or running game; with a finished status in `statuses`, else its newest such game."""
        session = await self.store.session_in_channel(channel_id)
        if (session is None or session.status not in statuses) and any(s in DONE for s in statuses):
            done = await self.store.latest_in_channel(channel_id, tuple(s for s in statuses if s in DONE))
            session = done or session
        if session is not None and session.status == "lobby" and "lobby" not in statuses:
            raise Refusal("The game in this channel has not started yet.")
        if session is None or session.status not in statuses:
            raise Refusal("There is no game running in this channel. Start one with /game new.")
        return session

    def _take_unposted(self, session_id: int) -> bool:
        live = self._session_live(session_id)
        failed, live.unposted = live.unposted, False
        return failed

    async def _fresh(self, session_id: int) -> SessionRow:
        session = await self.store.get_session(session_id)
        if session is None:
            raise Refusal("That game no longer exists.")
        return session

    async def _state(self, session: SessionRow) -> GameState:
        """The cached state, or (after a restart) the stored snapshot."""
        live = self._session_live(session.id)
        if live.state is None:
            state_json, _version = await self.store.load_snapshot(session.id)
            live.state = load_state(self.game(session.game), state_json)
        return live.state

    @staticmethod
    def seats_of(session: SessionRow, user_id: int) -> list[int]:
        return [s.seat for s in session.seats if s.user_id == user_id and not s.is_ai]

    @staticmethod
    def seat_name(session: SessionRow, seat: int) -> str:
        return next((s.name for s in session.seats if s.seat == seat), f"Seat {seat + 1}")

    async def shutdown(self) -> None:
        """Wait for every move in flight (each holds its session lock) so none is cut in half."""
        for live in list(self._live.values()):
            async with live.lock:
                pass

    async def start(self, session_id: int, user_id: int, *, manager: bool, seed: int | None = None) -> SessionRow:
        async with self._session_live(session_id).lock:
            session = await self._lobby(session_id)
            if user_id != session.host_id and not manager:
                raise Refusal("Only the host or someone who may manage this channel can start the game.")
            engine = self.game(session.game)
            seed = seed if seed is not None else _secrets.randbits(63)
            try:
                state = new_game(engine, len(session.seats), seed, session.options)
            except IllegalAction as exc:
                raise Refusal(exc.sentence) from None
            session = await self.store.start_session(
                session.id, seed=seed, seats=session.seats, state_json=dump_state(state),
                state_version=state.version, expected_version=session.version,
            )
            live = self._session_live(session.id)
            live.state, live.moved_at, live.unposted = state, (state.version, self.now()), False
            log.info("session started", extra={"session_id": session.id, "guild_id": session.guild_id,
                                               "channel_id": session.channel_id})
            await self._publish(session, state, [], first=True)
        self.reminders.changed()
        await self.run_ai(session.id)
        if self._take_unposted(session.id):
            raise PostFailed()
        return session

    # -------------------------------------------------------------------- play
    async def choose(self, session_id: int, user_id: int, *, version: int, seat: int, index: int) -> None:
        """A click on a panel: option `index` of `seat`'s decision as offered at state `version`."""
        async with self._session_live(session_id).lock:
            session, state = await self._on_panel(session_id, user_id, version=version, seat=seat)
            decision = next((d for d in self.game(session.game).pending(state) if d.seat == seat), None)
            if decision is None:
                raise self._not_your_turn(session, state)
            if not 0 <= index < len(decision.options):
                raise Refusal("That choice is not on offer any more.")
            self._take_unposted(session_id)  # report only what fails from here on, not an older failure
            await self._apply(session, state, seat, decision.options[index].id)
        await self.run_ai(session_id)
        if self._take_unposted(session_id):
            raise PostFailed()

    async def play_text(self, channel_id: int, user_id: int, text: str) -> int:
        """A typed command: the engine turns it into option ids, applied one by one through the same path."""
        session = await self.session_here(channel_id, statuses=("active",))
        async with self._session_live(session.id).lock:
            session, state = await self._playing(session.id, user_id)
            engine = self.game(session.game)
            seat = self._acting_seat(engine, session, state, user_id)
            try:
                choices = engine.parse_command(state, seat, text)
            except IllegalAction as exc:
                raise Refusal(exc.sentence) from None
            if not choices:
                raise Refusal("That command does nothing here.")
            self._take_unposted(session.id)  # report only what fails from here on, not an older failure
            # A typed line is one move to its player: held, its steps post as one panel instead of one per step.
            before = state
            held: list[Any] = []
            try:
                for choice in choices:
                    state = await self._apply(session, state, seat, choice, held=held)
            finally:
                if held:  # the line ended mid-turn (or a step was refused): show where it got to
                    await self._publish(await self._fresh(session.id), state, held, before=before)
        await self.run_ai(session.id)
        if self._take_unposted(session.id):
            raise PostFailed()
        return len(choices)

    async def suggestions(self, channel_id: int, user_id: int, text: str) -> list[str]:
        session = await self.store.session_in_channel(channel_id)
        if session is None or session.status != "active":
            return []
        state = await self._state(session)
        engine = self.game(session.game)
        seats = [d.seat for d in engine.pending(state) if d.seat in self.seats_of(session, user_id)]
        if not seats:
            return []
        return engine.command_suggestions(state, seats[0], text)[:25]

    async def resign(self, channel_id: int, user_id: int) -> tuple[SessionRow, bool]:
        """The member's seats pass to the AI, which plays them from now on, so the others can finish the game.
        When no member would be left at the table the game ends instead (recorded as abandoned).
        Returns the session and whether the game ended. The caller runs `run_ai` after announcing it."""
        session = await self.session_here(channel_id, statuses=("active",))
        async with self.lock_of(session.id):
            session = await self._fresh(session.id)
            if session.status != "active":
                raise Refusal("This game is not running any more.")
            mine = self.seats_of(session, user_id)
            if not mine:
                raise Refusal("You are not in this game.")
            seats = [Seat(seat=s.seat, user_id=None, name=f"{s.name} (resigned)", is_ai=True) if s.seat in mine
                     else s for s in session.seats]
            ended = all(s.is_ai for s in seats)
            if ended:
                session = await self.store.set_status(session.id, "abandoned")
            else:
                session = await self.store.set_seats(session.id, seats)
            log.info("player resigned", extra={"session_id": session.id, "guild_id": session.guild_id,
                                               "channel_id": session.channel_id, "seat": mine[0], "ended": ended})
            return session, ended

    def _acting_seat(self, engine: Game, session: SessionRow, state: GameState, user_id: int) -> int:
        mine = self.seats_of(session, user_id)
        seat = next((d.seat for d in engine.pending(state) if d.seat in mine), None)
        if seat is None:
            raise self._not_your_turn(session, state)
        return seat

    def _not_your_turn(self, session: SessionRow, state: GameState) -> Refusal:
        """Says who the game waits for, so the player knows whom to wait for (or nudge)."""
        names = [escape(self.seat_name(session, d.seat)) for d in self.game(session.game).pending(state)]
        if not names:
            return Refusal("It is not your turn.")
        return Refusal(f"It is not your turn: the game is waiting for {' and '.join(names)}.")

    async def _playing(self, session_id: int, user_id: int) -> tuple[SessionRow, GameState]:
        session = await self._fresh(session_id)
        if session.status != "active":
            raise Refusal("This game is not running any more.")
        if not self.seats_of(session, user_id):
            raise Refusal("You are not in this game.")
        return session, await self._state(session)

    async def _on_panel(self, session_id: int, user_id: int, *, version: int,
                        seat: int) -> tuple[SessionRow, GameState]:
        """What a click on a panel (or a turn of its pages) acts on: refused when the panel shows an older state or
        the seat it is for is not the member's."""
        session, state = await self._playing(session_id, user_id)
        if version != state.version:
            raise Refusal("That panel is out of date; use the newest one in the channel.")
        if seat not in self.seats_of(session, user_id):
            raise self._not_your_turn(session, state)
        return session, state

    async def _apply(self, session: SessionRow, state: GameState, seat: int, choice: str,
                     held: list[Any] | None = None) -> GameState:
        """Apply, persist, present. Call with the session lock held.
        With `held` (the AI's clicks), the events wait there while the same seat goes on choosing, and the whole
        run is presented once, when the seat is done."""
        engine = self.game(session.game)
        try:
            new_state, events = apply(engine, state, seat, choice)
        except IllegalAction as exc:
            raise Refusal(exc.sentence) from None
        finished = engine.is_over(new_state)
        try:
            session = await self.store.record_move(
                session.id, expected_version=state.version, seat=seat, choice=choice,
                events=[e.model_dump() for e in events], state_json=dump_state(new_state),
                new_version=new_state.version, finished=finished,
            )
        except StaleVersion:
            # Another process moved the game on: forget our copy so the next look reloads it.
            self._session_live(session.id).state = None
            raise Refusal("The game moved on at the same moment; look at the newest panel.") from None
        live = self._session_live(session.id)
        live.state, live.moved_at = new_state, (new_state.version, self.now())
        log.info("move applied", extra={"session_id": session.id, "guild_id": session.guild_id,
                                        "channel_id": session.channel_id, "seat": seat})
        if held is not None:
            held.extend(events)
            if not finished and any(d.seat == seat for d in engine.pending(new_state)):
                return new_state
            events, held[:] = list(held), []
        await self._publish(session, new_state, events, before=state)
        return new_state

    async def _ai_turn(self, session_id: int) -> tuple[SessionRow, GameState, Decision] | None:
        session = await self._fresh(session_id)
        if session.status != "active":
            return None
        state = await self._state(session)
        ai_seats = {s.seat for s in session.seats if s.is_ai}
        decision = next((d for d in self.game(session.game).pending(state) if d.seat in ai_seats), None)
        return None if decision is None else (session, state, decision)

    async def run_ai(self, session_id: int) -> None:
        """Play every AI decision that is open, one at a time, with a pause so humans can follow.
        One AI turn is many clicks (a Planes move is a pick-up, a drop per space and a confirm); a board and panel
        for each buried the humans' own turns in async play, so each AI seat's run of clicks shows as one panel
        with everything it did, and the pause comes before that panel rather than before every hidden click."""
        held: list[Any] = []  # events of this AI seat's clicks not shown yet
        while True:
            # The pause only before an AI move: a human's click that leaves no AI turn returns at once.
            if self.ai_delay and not held:
                if await self._ai_turn(session_id) is None:
                    return
                await asyncio.sleep(self.ai_delay)
            async with self._session_live(session_id).lock:
                found = await self._ai_turn(session_id)
                if found is None:
                    return
                session, state, decision = found
                # Seeded by game seed and version: an AI game replays exactly from its log.
                rng = Rng.seeded(session.seed * 1_000_003 + state.version)
                await self._apply(session, state, decision.seat,
                                  random_ai.choose(self.game(session.game), state, decision, rng), held)

    async def play_ai(self, session_id: int) -> bool:
        """Let the AI play its open turns (after a seat passed to it); False if a panel failed to post meanwhile."""
        self._take_unposted(session_id)
        await self.run_ai(session_id)
        return not self._take_unposted(session_id)

    async def resume_ai(self) -> None:
        """At start-up: play the AI turns that were due when the previous process stopped (nobody else would)."""
        for session in await self.store.active_sessions():
            if not any(s.is_ai for s in session.seats):
                continue  # no state to load for games without AI: sessions stay lazily loaded
            try:
                await self.run_ai(session.id)
                self._take_unposted(session.id)  # nobody to apologise to; /game panel brings a lost panel back
            except Exception:  # one broken game must not keep the others' AI from playing
                log.exception("could not resume the AI", extra={"session_id": session.id,
                                                                 "guild_id": session.guild_id,
                                                                 "channel_id": session.channel_id})

    # ------------------------------------------------------------ presentation
    async def _publish(self, session: SessionRow, state: GameState, events: list[Any], *, first: bool = False,
                       before: GameState | None = None) -> None:
        """Post the panel and send what changed privately. Posting is ours to get right, not the player's: a failure
        is logged with the session id and remembered (the caller apologises); the move itself stands.
        `before` is the state the move started from: whoever had to act then is not notified again."""
        if self.presenter is None:
            return
        context = {"session_id": session.id, "guild_id": session.guild_id, "channel_id": session.channel_id}
        live = self._session_live(session.id)
        texts = [e.text for e in events if e.private_to is None]
        continues = not first and self._continues(session, state, before)
        if continues:
            texts = live.shown_events + texts
        try:
            update = await self.turn_update(session, state, texts)
            if before is not None:
                # One player's turn is many clicks (action, start, each drop, confirm); a ping on each of them
                # buries the one that matters in async play: the turn passing to them.
                update.quiet = {d.seat for d in self.game(session.game).pending(before)}
            if continues:
                update.replaces = session.board_message_id
            await self.presenter.show_turn(update)
        except Exception:
            log.exception("could not post the turn panel", extra=context)
            live.unposted = True
            live.shown_version = None
        else:
            live.shown_version, live.shown_events = state.version, texts
        secrets = self.game(session.game).secrets(state)
        names = seat_names(session)
        for seat in session.seats:
            if seat.is_ai or seat.user_id is None:
                continue
            private = [name_seats(e.text, names) for e in events if e.private_to == seat.seat]
            view = self.game(session.game).view(state, seat.seat)
            # DM only when the hidden things this seat holds change (a card in or out), not on every public move:
            # a DM notifies every time, and marks that follow the board (Planes' "scorable now") used to send
            # one on most moves of the others. Its open options are among its secrets too; only what its view
            # shows counts, so stepping through its own turn sends nothing.
            shown = json.dumps(view, default=str)
            key = json.dumps(sorted(s for s in secrets.get(seat.seat, set()) if s in shown))
            if not private and live.sent_private.get(seat.seat) == key:
                continue
            try:
                delivered = await self.presenter.send_private(await self._private(session, state, seat, private, view))
                live.sent_private[seat.seat] = key
                if not delivered:
                    await self._dms_closed(session, seat.user_id)
            except Exception:  # the hand stays available through /game hand; the others still get theirs
                log.exception("could not send a private update", extra={**context, "seat": seat.seat})

    def _continues(self, session: SessionRow, state: GameState, before: GameState | None) -> bool:
        """Whether this update goes on with the turn the newest panel shows, so that panel is edited in place rather
        than a new one posted: in async play one turn is many clicks, and a message for each buried the channel.
        It does when the seats called on now were all called on already (the same seat goes on choosing), and the
        newest panel is known to show the state the move started from. A turn passing to someone else, or the end
        of the game, is a new message, with its ping."""
        if before is None or session.board_message_id is None:
            return False
        if self._session_live(session.id).shown_version != before.version:
            return False
        engine = self.game(session.game)
        if engine.is_over(state):
            return False
        now = {d.seat for d in engine.pending(state)}
        return bool(now) and now <= {d.seat for d in engine.pending(before)}

    async def _dms_closed(self, session: SessionRow, user_id: int) -> None:
        """Say it in the channel once per game and member, not after every move. Call with the session lock held."""
        meta = await self.reminders.meta(session)
        if user_id in meta.dm_notice:
            return
        meta.dm_notice.append(user_id)
        await self.reminders.save(session.id, meta)
        assert self.presenter is not None
        await self.presenter.dms_closed(session, user_id)

    async def turn_update(
        self, session: SessionRow, state: GameState, events: list[str], *, render: bool = True
    ) -> TurnUpdate:
        engine = self.game(session.game)
        names = seat_names(session)
        view = name_view(engine.view(state, None), names)
        renderer = self._renderer_for(session.game) if render else None
        png = await asyncio.to_thread(renderer.render_board, view) if renderer else None
        decisions = engine.pending(state)
        secrets = engine.secrets(state)
        hidden = {d.seat: {i for i, o in enumerate(d.options) if o.id in secrets.get(d.seat, set())} for d in decisions}
        return TurnUpdate(
            session=session, title=engine.title, version=state.version,
            events=[name_seats(text, names) for text in events], board_png=png,
            board_text="" if png else _view_text(view), decisions=decisions, result=engine.result(state),
            secret_options={seat: found for seat, found in hidden.items() if found},
        )

    async def _private(
        self, session: SessionRow, state: GameState, seat: Seat, events: list[str], view: dict[str, Any] | None = None
    ) -> PrivateUpdate:
        engine = self.game(session.game)
        view = name_view(view if view is not None else engine.view(state, seat.seat), seat_names(session))
        renderer = self._renderer_for(session.game)
        png = await asyncio.to_thread(renderer.render_hand, view) if renderer else None
        return PrivateUpdate(session=session, title=engine.title, seat=seat, events=events, hand_png=png,
                             hand_text="" if png else _view_text(view))

    # ------------------------------------------------------------------ queries
    async def current(self, session_id: int, user_id: int, *, version: int, seat: int) -> TurnUpdate:
        """The open decision of a panel, checked like a click (for paging through many options)."""
        session, state = await self._on_panel(session_id, user_id, version=version, seat=seat)
        return await self.turn_update(session, state, [], render=False)

    async def board(self, channel_id: int) -> TurnUpdate:
        session = await self.session_here(channel_id, statuses=("active", "finished", "abandoned"))
        return await self.turn_update(session, await self._state(session), [])

    async def hand(self, channel_id: int, user_id: int) -> PrivateUpdate:
        session = await self.session_here(channel_id, statuses=("active", "finished", "abandoned"))
        mine = self.seats_of(session, user_id)
        if not mine:
            raise Refusal("You are not in the game of this channel.")
        seat = next(s for s in session.seats if s.seat == mine[0])
        return await self._private(session, await self._state(session), seat, [])

    async def log_lines(self, channel_id: int, count: int) -> tuple[SessionRow, list[LogLine]]:
        session = await self.session_here(channel_id, statuses=("active", "finished", "abandoned"))
        rows = await self.store.actions(session.id, last=count)
        names = seat_names(session)
        lines = [
            LogLine(version=row.version, seat=row.seat, text=name_seats(event["text"], names))
            for row in rows for event in row.events if event.get("private_to") is None
        ]
        return session, lines

    def rules(self, game: str) -> dict[str, str]:
        pages = {topic: unwrap(text) for topic, text in self.game(game).rules().items()}
        if len(pages) > 1:
            # /game rules with no topic shows the first page: say there is more, and what it is called.
            first, *others = pages
            pages[first] += f"\n\nMore with `/game rules topic:` {', '.join(others)}."
        return pages

    # ------------------------------------------------------- panels, reminders
    async def repost(self, channel_id: int) -> TurnUpdate:
        """Post the current panel again (after a post that failed, or one buried under chatter)."""
        session = await self.session_here(channel_id, statuses=("active", "finished"))
        async with self.lock_of(session.id):
            session = await self._fresh(session.id)
            update = await self.turn_update(session, await self._state(session), [])
            if self.presenter is not None:
                live = self._session_live(session.id)
                live.shown_version = None  # until the new panel is posted, no panel is known to be the newest
                await self.presenter.show_turn(update)
                live.shown_version, live.shown_events = update.version, []
            return update

    async def nudge(self, channel_id: int, user_id: int, *, manager: bool) -> Reminder:
        """Remind whoever must act, now; refused when they were called a short while ago."""
        session = await self.session_here(channel_id, statuses=("active",))
        async with self.lock_of(session.id):
            session = await self._fresh(session.id)
            if not self.seats_of(session, user_id) and not manager:
                raise Refusal("Only the players of this game can nudge.")
            reminder = await self.reminders.nudge(session, user_id)
            await self.present_reminder(reminder)
            return reminder

    async def set_reminders(self, channel_id: int, user_id: int, hours: float, *, manager: bool) -> float:
        """This game's quiet period before a reminder, in hours (0: no reminders); the host or a manager sets it."""
        session = await self.session_here(channel_id)
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can change the reminders.")
        async with self.lock_of(session.id):
            meta = await self.reminders.set_period(await self._fresh(session.id), hours)
        return self.reminders.period(meta)

    async def present_reminder(self, reminder: Reminder) -> None:
        if self.presenter is not None:
            await self.presenter.remind(reminder)
