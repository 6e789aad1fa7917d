"""Where panels are posted: after a move, the channel gets the board and the panel for whoever acts next (a new
message, or the newest one edited while the same seat goes on with its turn), and each member whose hidden things
changed gets their own view privately. Also builds the updates that `/game board`, `hand` and `status` show, posts
the panel again on request (`/game panel`) and keeps who gets their hand by DM.

Posting is ours to get right, not the player's: a failure is logged with the session id and remembered
(`Sessions.take_unposted`); the move itself stands. Nothing here imports discord: the `Presenter` posts.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot import metrics
from bot.naming import escape, name_decision, name_seats, name_view, seat_names
from bot.session.clock import RoundClock
from bot.session.memo import BoardCache
from bot.session.meta import MetaBook, SessionMeta
from bot.session.recap import Recap, Run, reaches_back, recap
from bot.session.sessions import Sessions, seats_of
from bot.session.settings import Settings
from bot.session.simultaneous import several_open
from bot.session.types import Notice, Presenter, PrivateUpdate, Refusal, TurnUpdate, UndoRequest
from bot.store import Seat, SessionRow
from engine.core import GameState
from engine.core.ai.hooks import ai_for
from engine.core.panel import public_panel
from engine.core.play import is_over
from engine.core.table import table_for
from engine.core.turns import turn_name
from renderers import GameRenderer
from renderers.kit.paint import RGB
from renderers.words import GameWords, board_key

log = logging.getLogger("tarmac.service")

SINCE_LOOKBACK = 200
"""How many of the latest choices a recap reads first (a round of any game, mostly); when they do not reach back to
the last turn of the member called on, it reads the whole log."""

PANEL_QUIET = 15 * 60
"""Seconds after a panel was posted during which `/game panel` posts it again without pinging anyone."""

REDRAW_SECONDS = 3.0
"""While several seats choose at once, the shared board is redrawn at most this often (and at every phase end)."""


def view_text(view: dict[str, Any], limit: int = 3500) -> str:
    """The fallback when a game has no renderer yet: the view as compact JSON (a view never holds others' secrets)."""
    text = json.dumps(view, separators=(", ", ": "), ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Publisher:
    def __init__(self, sessions: Sessions, meta: MetaBook, presenter: Presenter | None,
                 renderer_for: Callable[[str], GameRenderer | None], clock: RoundClock, *,
                 words_for: Callable[[str], GameWords | None] = lambda _game: None,
                 settings: Settings | None = None) -> None:
        self.sessions = sessions
        self.clock = clock
        self.meta = meta
        self.presenter = presenter
        self.renderer_for = renderer_for
        self.words_for = words_for
        self.settings = settings or Settings(sessions.store)
        self.boards = BoardCache()
        self.replays: Callable[[SessionRow], Awaitable[bytes | None]] | None = None
        """Draws the whole game's replay GIF for the final message (set where the parts are built; None: none)."""
        self.races: Callable[[SessionRow], Awaitable[tuple[bytes, str] | None]] | None = None
        """Draws the race chart and its words for the final message (set where the parts are built; None: none)."""
        self.ended: Callable[[int], None] | None = None
        """Told the session id once a final message is posted: the turning points follow it when worked out."""

    async def publish(self, session: SessionRow, state: GameState, events: list[Any], *, first: bool = False,
                      before: GameState | None = None, undoable: int | None = None,
                      took_back: bool = False) -> None:
        """Post the panel and send what changed privately. Call with the session lock held.
        `before` is the state the move started from: whoever had to act then is not notified again.
        `undoable`: the seat whose last choice the panel offers to take back (see TurnUpdate.undo_seat).
        While several seats choose at once and the move leaves them all still choosing, the board is redrawn at
        most every REDRAW_SECONDS (one edit for a burst of clicks, within Discord's rate limits); a move that ends
        the phase shows at once."""
        if self.presenter is None:
            return
        context = {"session_id": session.id, "guild_id": session.guild_id, "channel_id": session.channel_id}
        await self.clock.arm(session, state)  # a timed stretch that begins with this move starts its clock now
        live = self.sessions.live(session.id)
        texts = [e.text for e in events if e.private_to is None]
        continues = not first and self._continues(session, state, before)
        engine = self.sessions.game(session.game)
        if continues and several_open(engine, state):
            live.deferred_events += texts
            live.deferred_version = state.version
            if live.flush is None or live.flush.done():
                live.flush = asyncio.create_task(self._flush_later(session.id))
            await self._send_private(session, state, events, context, before)
            return
        texts = live.deferred_events + texts
        self._drop_deferred(live)
        if continues:
            # A take-back (Planes' redo) said already in this turn's summary is not said again.
            texts = live.shown_events + [t for t in texts if not (took_back and t in live.shown_events)]
        try:
            told = None if first or engine.info.simultaneous else await self._recap(session, state)
            update = await self.turn_update(session, state, texts if told is None else told.latest)
            if before is not None:
                # One player's turn is many clicks (action, start, each drop, confirm); a ping on each of them
                # buries the one that matters in async play: the turn passing to them.
                update.quiet = {d.seat for d in self.sessions.pending(engine, before)}
            if continues:
                update.replaces = session.board_message_id
            if told is not None:
                update.earlier = self._lines(session, told.earlier)
            # While everyone chooses at once the channel's panel belongs to no one seat: no Undo button on it.
            update.undo_seat = None if update.several else undoable
            if update.result is not None and not continues:
                update.replay = await self._replay(session)
                await self._race(session, update)
            await self.presenter.show_turn(update)
        except Exception:
            log.exception("could not post the turn panel", extra=context)
            live.unposted = True
            live.shown_version = None
        else:
            live.shown_version, live.shown_events = state.version, texts
            await self._posted(session, state.version)
            if update.result is not None:
                await self.sessions.store.final_posted(session.id)
                self._ended(session.id)
        await self._send_private(session, state, events, context, before)

    async def post_final(self, session: SessionRow) -> bool:
        """Post the final message of a finished game whose final message is due (the process stopped after the move
        that ended it, while the replay was drawn or before): the result, what happened since the newest panel it
        posted, and the whole game's replay, as the move would have shown it. Call with the session lock held.
        The members got their DMs along the game; nothing private is sent again. False: no channel to post in."""
        if self.presenter is None:
            return False
        state = await self.sessions.state(session)
        shown = (await self.meta.get(session)).panel_version
        rows = await self.sessions.store.actions(session.id, last=SINCE_LOOKBACK)
        # What the players have not seen: the moves after the newest panel posted (without one, the last move).
        missed = ([r for r in rows if r.version > shown] if shown is not None else []) or rows[-1:]
        texts = [e["text"] for r in missed for e in r.events if e.get("private_to") is None and e.get("text")]
        update = await self.turn_update(session, state, texts)
        update.replay = await self._replay(session)
        await self._race(session, update)
        await self.presenter.show_turn(update)
        live = self.sessions.live(session.id)
        live.shown_version, live.shown_events = state.version, texts
        await self._posted(session, state.version)
        await self.sessions.store.final_posted(session.id)
        self._ended(session.id)
        return True

    async def _race(self, session: SessionRow, update: TurnUpdate) -> None:
        """The race chart for the final message; a failure costs the chart, never the final scores."""
        if self.races is None:
            return
        try:
            made = await self.races(session)
        except Exception:
            log.exception("could not draw the race chart", extra={"session_id": session.id})
            return
        if made is not None:
            update.race, update.race_words = made

    def _ended(self, session_id: int) -> None:
        """The final message is out: start what follows it (the turning points), never holding it up."""
        if self.ended is not None:
            try:
                self.ended(session_id)
            except Exception:
                log.exception("could not start the analysis", extra={"session_id": session_id})

    async def _replay(self, session: SessionRow) -> bytes | None:
        """The whole game's GIF for its final message; a failure costs the GIF, never the final scores."""
        if self.replays is None:
            return None
        try:
            made = await self.replays(session)
        except Exception:
            log.exception("could not draw the replay", extra={"session_id": session.id})
            return None
        return made

    async def _recap(self, session: SessionRow, state: GameState) -> Recap:
        """What the panel of `state` recaps (bot/session/recap.py), read from the log: for the member it calls on,
        since their own last turn (since the game began when they have not played yet); at the end, the last turn.
        A game whose seats all play at once has no turns to count from, and no recap."""
        engine = self.sessions.game(session.game)
        humans = {s.seat for s in session.seats if not s.is_ai and s.user_id is not None}
        called = next((d.seat for d in self.sessions.pending(engine, state) if d.seat in humans), None)
        rows = await self.sessions.store.actions(session.id, last=SINCE_LOOKBACK)
        if called is not None and not reaches_back(rows, called):
            rows = await self.sessions.store.actions(session.id)  # a long wait for this member: the whole log
        return recap(rows, None if is_over(engine, state) else called, ai_for(engine).take_backs)

    @staticmethod
    def _lines(session: SessionRow, turns: list[Run]) -> list[str]:
        """One plain line a turn, its seat named once: before its texts, unless they start with that name."""
        names = seat_names(session)
        lines = []
        for turn in turns:
            said = " ".join(name_seats(text, names) for text in turn.texts)
            who = escape(names.get(turn.seat, f"Seat {turn.seat + 1}"))
            lines.append(said if said.startswith(who) else f"{who}: {said}")
        return lines

    async def notify(self, notice: Notice) -> None:
        """Tell the game's channel (logged, not raised, when it cannot be posted)."""
        if self.presenter is None:
            return
        try:
            await self.presenter.notify(notice)
        except Exception:
            log.exception("could not post to the channel", extra={"session_id": notice.session.id})

    async def retire(self, session: SessionRow, message_id: int, text: str) -> None:
        """Take the buttons off an old panel message, saying why in `text`."""
        if self.presenter is not None:
            await self.presenter.retire(session, message_id, text)

    async def ask_undo(self, session: SessionRow, request: UndoRequest) -> None:
        """Post a request for undo by consent, for the members it waits for to answer."""
        if self.presenter is not None:
            await self.presenter.ask_undo(session, request)

    async def _posted(self, session: SessionRow, version: int) -> None:
        """Remember, across restarts, which version the newest panel shows (see SessionMeta.panel_version)."""
        meta = await self.meta.get(session)
        if meta.panel_version != version:
            meta.panel_version = version
            meta.panel_posted_at = self.sessions.now()
            await self.meta.save(session.id, meta)

    async def behind(self, session: SessionRow) -> bool:
        """Whether the newest panel shows an older state than the stored one, with nobody else to post it: the
        process stopped between saving a move and posting its panel (an AI seat's open turn posts its own panel
        once the AI has played). Call with the session lock held."""
        if session.status != "active":
            return False
        if self.sessions.live(session.id).deferred_version is not None:
            return False  # a redraw is on its way (several seats choosing at once): the panel is not lost
        meta = await self.meta.get(session)
        if meta.panel_version is None:
            if session.board_message_id is not None:
                return False  # posted before panel versions were kept: nothing to go by
        elif meta.panel_version >= session.version:
            return False
        state = await self.sessions.state(session)
        ai = {s.seat for s in session.seats if s.is_ai}
        return not any(d.seat in ai for d in self.sessions.pending(self.sessions.game(session.game), state))

    @staticmethod
    def _drop_deferred(live: Any) -> None:
        live.deferred_events, live.deferred_version = [], None
        if live.flush is not None and live.flush is not asyncio.current_task():
            live.flush.cancel()
        live.flush = None

    async def _flush_later(self, session_id: int) -> None:
        """Show the newest deferred board once REDRAW_SECONDS have passed (edits coalesced)."""
        await asyncio.sleep(REDRAW_SECONDS)
        live = self.sessions.live(session_id)
        async with live.lock:
            if live.deferred_version is None or live.flush is not asyncio.current_task():
                return
            session = await self.sessions.fresh(session_id)
            state = await self.sessions.state(session)
            texts = live.shown_events + live.deferred_events
            live.flush = None
            live.deferred_events, live.deferred_version = [], None
            try:
                assert self.presenter is not None
                update = await self.turn_update(session, state, texts)
                update.quiet = {d.seat for d in self.sessions.pending(self.sessions.game(session.game), state)}
                update.replaces = session.board_message_id
                await self.presenter.show_turn(update)
            except Exception:
                log.exception("could not redraw the board", extra={"session_id": session_id})
                live.shown_version = None
            else:
                live.shown_version, live.shown_events = state.version, texts
                await self._posted(session, state.version)

    async def repost(self, session: SessionRow, state: GameState, *, quiet_within: float = 0) -> TurnUpdate:
        """Post the current panel as a new message (with the session lock held); the panel it replaces keeps no
        buttons. Nobody is pinged again when the newest panel was posted less than `quiet_within` seconds ago."""
        await self.clock.arm(session, state)
        update = await self.turn_update(session, state, [])
        update.retires = session.board_message_id
        meta = await self.meta.get(session)
        if meta.panel_posted_at and (self.sessions.now() - meta.panel_posted_at).total_seconds() < quiet_within:
            update.quiet = {d.seat for d in update.decisions}
        if self.presenter is not None:
            live = self.sessions.live(session.id)
            live.shown_version = None  # until the new panel is posted, no panel is known to be the newest
            await self.presenter.show_turn(update)
            live.shown_version, live.shown_events = update.version, []
            await self._posted(session, update.version)
        return update

    async def post_again(self, session: SessionRow, user_id: int | None = None, *,
                         manager: bool = False) -> TurnUpdate:
        """Post the current panel again (after a post that failed, or one buried under chatter). With a member: only
        the game's players (or a manager) may, and within PANEL_QUIET of the last panel nobody is pinged again."""
        if user_id is not None and not manager and not any(s.user_id == user_id for s in session.seats):
            raise Refusal("Only the players of this game can post its panel again.")
        async with self.sessions.lock(session.id):
            session = await self.sessions.fresh(session.id)
            return await self.repost(session, await self.sessions.state(session),
                                     quiet_within=PANEL_QUIET if user_id is not None else 0)

    async def _send_private(self, session: SessionRow, state: GameState, events: list[Any],
                            context: dict[str, Any], before: GameState | None = None) -> None:
        assert self.presenter is not None
        engine = self.sessions.game(session.game)
        live = self.sessions.live(session.id)
        secrets = engine.secrets(state)
        names = seat_names(session)
        # A seat going on with its own turn gets no new hand picture per step (each DM notifies, and its choices
        # show in the channel's panel meanwhile): one comes when its turn ends, if the hand changed. Something it
        # alone learns (a card drawn, a Spy's look) still comes at once.
        acting = set() if before is None or is_over(engine, state) else (
            {d.seat for d in self.sessions.pending(engine, state)}
            & {d.seat for d in self.sessions.pending(engine, before)})
        stopped = set((await self.meta.get(session)).dm_stopped) | self.sessions.no_dms
        public = engine.view(state, None)
        for seat in session.seats:
            if seat.is_ai or seat.user_id is None or seat.user_id in stopped:
                continue  # no DM for a member whose DMs refused us: /game hand shows the hand meanwhile
            private = [name_seats(e.text, names) for e in events if e.private_to == seat.seat]
            if seat.seat in acting and not private:
                continue
            view = engine.view(state, seat.seat)
            if not private and (view == public or not engine.info.private_view):
                continue  # nothing this seat sees that the channel does not (Flight Plan, Now Boarding)
            # DM only when the hidden things this seat holds change (a card in or out), not on every public move:
            # a DM notifies every time, and marks that follow the board (Planes' "scorable now") used to send
            # one on most moves of the others. Its open options are among its secrets too; only what its view
            # shows counts, so stepping through its own turn sends nothing.
            shown = json.dumps(view, default=str)
            key = json.dumps(sorted(s for s in secrets.get(seat.seat, set()) if s in shown))
            if not private and live.sent_private.get(seat.seat) == key:
                continue
            try:
                delivered = await self.presenter.send_private(await self.private(session, state, seat, private, view))
                live.sent_private[seat.seat] = key
                if not delivered:
                    metrics.DMS_REFUSED.inc()
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
        live = self.sessions.live(session.id)
        if before.version not in (live.shown_version, live.deferred_version):
            return False
        engine = self.sessions.game(session.game)
        if is_over(engine, state):
            return False
        now = {d.seat for d in self.sessions.pending(engine, state)}
        return bool(now) and now <= {d.seat for d in self.sessions.pending(engine, before)}

    async def _dms_closed(self, session: SessionRow, user_id: int) -> None:
        """Stop DMing them, and say it in the channel once per game and member. Call with the session lock held."""
        self.sessions.no_dms.add(user_id)
        meta = await self.meta.get(session)
        if user_id not in meta.dm_stopped:
            meta.dm_stopped.append(user_id)
            await self.meta.save(session.id, meta)
        if user_id in meta.dm_notice:
            return
        meta.dm_notice.append(user_id)
        await self.meta.save(session.id, meta)
        assert self.presenter is not None
        await self.presenter.dms_closed(session, user_id)

    async def set_dms(self, session: SessionRow, user_id: int, *, on: bool) -> None:
        """/game settings dms: whether this member gets their hand by DM (in this game, and after a refusal, in every
        game). On: the next change of their hand is sent again."""
        if not any(s.user_id == user_id for s in session.seats):
            raise Refusal("You are not in this game.")
        async with self.sessions.lock(session.id):
            meta = await self.meta.get(await self.sessions.fresh(session.id))
            if on:
                self.sessions.no_dms.discard(user_id)
                if user_id in meta.dm_stopped:
                    meta.dm_stopped.remove(user_id)
                    await self.meta.save(session.id, meta)
                self.sessions.live(session.id).sent_private.clear()  # their current hand comes with the next change
            else:
                self.sessions.no_dms.add(user_id)
                if user_id not in meta.dm_stopped:
                    meta.dm_stopped.append(user_id)
                    await self.meta.save(session.id, meta)

    async def dms_on(self, session: SessionRow, user_id: int) -> bool:
        """Whether this member's hand in this game goes by DM (off after `/game settings dms:False` or a refusal)."""
        stopped = set((await self.meta.get(session)).dm_stopped) | self.sessions.no_dms
        return user_id not in stopped

    async def hand(self, session: SessionRow, user_id: int, *, words: bool = False) -> PrivateUpdate:
        """/game hand: the member's own view of the game (in words with `words`, or when their settings say so).
        Asking for it means they are here, so DMs that were refused are tried again from their next change."""
        mine = seats_of(session, user_id)
        if not mine:
            raise Refusal("You are not in the game of this channel.")
        engine = self.sessions.game(session.game)
        if not engine.info.private_view:
            raise Refusal(f"{engine.info.title} has no hands: nothing in it is private, and every player sees the "
                          "whole board (/game board shows it).")
        seat = next(s for s in session.seats if s.seat == mine[0])
        if session.status == "active" and user_id in self.sessions.no_dms | set((await self._meta(session)).dm_stopped):
            await self.set_dms(session, user_id, on=True)
        return await self.private(session, await self.sessions.state(session), seat, [], words=words)

    async def _meta(self, session: SessionRow) -> SessionMeta:
        async with self.sessions.lock(session.id):
            return await self.meta.get(await self.sessions.fresh(session.id))

    # ---------------------------------------------------------------- updates
    async def turn_update(
        self, session: SessionRow, state: GameState, events: list[str], *, render: bool = True
    ) -> TurnUpdate:
        """What the channel sees of `state`: the board (rendered in a worker thread), the open decisions, the result."""
        engine = self.sessions.game(session.game)
        names = seat_names(session)
        view = name_view(engine.view(state, None), names)
        renderer = self.renderer_for(session.game) if render else None
        png = None
        if renderer:
            with metrics.timed(metrics.RENDER, game=session.game, picture="board"):
                png = await asyncio.to_thread(self.boards.board, session.id, view, renderer.render_board)
        words = self.words_for(session.game)
        public = [name_decision(d, names) for d in public_panel(engine, state)]
        clock = table_for(engine).clock(state)
        key = clock[0] if clock else None  # its clock is armed by publish, with the lock held; only read here
        return TurnUpdate(
            session=session, title=engine.info.title, version=state.version,
            events=[name_seats(text, names) for text in events], board_png=png,
            board_text="" if png else view_text(view), result=engine.result(state),
            board_words=words.describe(view) if words else "", board_key=board_key(words, view),
            explained=table_for(engine).explained_kinds,
            # Named after the secrecy check's public description is built: names are public, so this adds nothing
            # that differs with a hidden card.
            decisions=[name_decision(d, names) for d in self.sessions.pending(engine, state)],
            public=public, several=several_open(engine, state), deadline=self.clock.deadline(session.id, key),
            view=view, colours=_colours(self.renderer_for(session.game), view, session),
            when=turn_name(engine, state), team=engine.info.cooperative,
        )

    def seat_colour(self, session: SessionRow, state: GameState, seat: int) -> RGB | None:
        """The colour the board draws this seat in (None where seats have none): a member's own controls are tinted
        with it as their turn panel is. From the public view, so it tells nothing the board does not show."""
        view = name_view(self.sessions.game(session.game).view(state, None), seat_names(session))
        return _colours(self.renderer_for(session.game), view, session).get(seat)

    async def private(
        self, session: SessionRow, state: GameState, seat: Seat, events: list[str], view: dict[str, Any] | None = None,
        *, words: bool = False,
    ) -> PrivateUpdate:
        """What one seat alone sees: its view (the hand picture, with its words) and the events only it may read.
        In words alone, without the picture, when `words` asks for it or the member's settings say text boards."""
        engine = self.sessions.game(session.game)
        if not engine.info.private_view:  # its own view would be the board: the events alone
            return PrivateUpdate(session=session, title=engine.info.title, seat=seat, events=events, hand_png=None,
                                 hand_text="", what="for you")
        view = name_view(view if view is not None else engine.view(state, seat.seat), seat_names(session))
        described = self.words_for(session.game)
        text = described.describe_hand(view) if described else ""
        if text and not words and seat.user_id is not None:
            words = (await self.settings.get(seat.user_id)).text_boards
        renderer = None if words and text else self.renderer_for(session.game)
        png = None
        if renderer:
            with metrics.timed(metrics.RENDER, game=session.game, picture="hand"):
                png = await asyncio.to_thread(renderer.render_hand, view)
        return PrivateUpdate(session=session, title=engine.info.title, seat=seat, events=events, hand_png=png,
                             hand_text="" if png or text else view_text(view), hand_words=text,
                             what=engine.info.private_view)


def _colours(renderer: GameRenderer | None, view: dict[str, Any], session: SessionRow) -> dict[int, RGB]:
    """The colour the board draws each seat in, from the renderer that draws it (a game whose seats have no colour
    of their own has none): the Discord layer tints a seat's panel and private views with it."""
    colour_of = getattr(renderer, "seat_colour", None)
    if colour_of is None:
        return {}
    found = {s.seat: colour_of(view, s.seat) for s in session.seats}
    return {seat: colour for seat, colour in found.items() if colour is not None}
