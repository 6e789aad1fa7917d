"""Turns: the one path every choice takes, whoever makes it (a button, a select, a typed command, the AI).

check click -> engine apply -> store.record_move (guarded by the expected version) -> publish.
`check_click` is where a click is checked against the decision it answers; `apply_choice` is where every choice is
applied and saved; `run_ai` plays the AI seats' open decisions. Call the methods that say "with the lock held" only
inside `async with sessions.lock(session_id)`; the others take the lock themselves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot import metrics
from bot.naming import name_decision, name_seats, seat_names, typed_line
from bot.session.ai_levels import level_of, stand_in_level
from bot.session.clock import RoundClock
from bot.session.publish import Publisher
from bot.session.sessions import RESIGNED, Sessions, seat_name, seats_of
from bot.session.simultaneous import decision_stamp, open_for
from bot.session.types import Controls, LateRoundEnd, PostFailed, Refusal, TurnUpdate
from bot.store import Seat, SessionRow, StaleVersion
from engine.core import Decision, Game, GameState, IllegalAction, Rng, apply, dump_state
from engine.core.ai import levels
from engine.core.ai.hooks import ai_for
from engine.core.play import is_over, reveals
from engine.core.table import table_for
from engine.core.typed import commands_for

log = logging.getLogger("tarmac.service")

PLAY_OUT_STRETCH = 50
"""Moves `play_out` makes with the lock held before it lets others in."""
PLAY_OUT_LIMIT = 100_000
"""A bound on `play_out`, should a game keep offering decisions for ever."""


def nobody_left(seats: list[Seat]) -> bool:
    """No member plays at the table any more: every seat is the AI's, none kept for an away member."""
    return all(s.is_ai and s.user_id is None for s in seats)


class Turns:
    def __init__(self, sessions: Sessions, publisher: Publisher, clock: RoundClock, *, ai_delay: float = 0.0) -> None:
        self.sessions = sessions
        self.publisher = publisher
        self.clock = clock
        self.ai_delay = ai_delay
        self.on_played: Callable[[int, list[int]], Awaitable[None]] | None = None
        """Called (with the lock held) after members chose for themselves, with the session id and their seats."""
        self.on_finished: Callable[[SessionRow, GameState], Awaitable[None]] | None = None
        """Called (with the lock held) when a move ended the game, with the finished session and its final state."""

    # ------------------------------------------------------------- humans
    async def check_click(self, session_id: int, user_id: int, *, version: int, seat: int,
                          stamp: str | None = None) -> tuple[SessionRow, GameState]:
        """What a click on a panel (or a turn of its pages) acts on: refused when the panel shows an older state or
        the seat it is for is not the member's. `version`, `seat` and `stamp` come from the button's custom_id.
        While several seats choose at once, a click shown at an older version still stands when its `stamp` says
        the seat's open decision is the one it answers and the seat has not moved since (see simultaneous.py)."""
        session, state = await self.sessions.playing(session_id, user_id)
        if version != state.version:
            if await self.clock.too_late(session, version):
                raise Refusal("Time ran out for that round before your click arrived, so it did not count.")
            if stamp is None or not await self._still_open(session, state, seat, version, stamp):
                raise Refusal("That panel is out of date; use the newest one in the channel.")
        if seat not in seats_of(session, user_id):
            raise self.sessions.not_yours(session, state, seat)
        return session, state

    async def _still_open(self, session: SessionRow, state: GameState, seat: int, version: int, stamp: str) -> bool:
        """Whether a click shown at `version` still answers `seat`'s open decision: the same decision (`stamp`) and
        no move of that seat since."""
        decision = open_for(self.sessions.game(session.game), state, seat)
        if decision is None or decision_stamp(decision) != stamp:
            return False
        return (await self.sessions.acted(session.id)).get(seat, 0) <= version

    async def choose(self, session_id: int, user_id: int, *, version: int, seat: int, index: int,
                     stamp: str | None = None) -> None:
        """A click on a panel: option `index` of `seat`'s decision as offered at state `version`."""

        def option(decision: Decision) -> str:
            if not 0 <= index < len(decision.options):
                raise Refusal("That choice is not on offer any more.")
            return decision.options[index].id

        await self._choose(session_id, user_id, version=version, seat=seat, stamp=stamp, pick=option)

    async def choose_typed(self, session_id: int, user_id: int, *, version: int, seat: int, text: str,
                           stamp: str | None = None) -> None:
        """A value typed in the form behind a decision's "Type a price…" button: the engine judges it, as it judges
        the same value typed with /game play."""

        def typed(decision: Decision) -> str:
            if decision.typed is None:
                raise Refusal("This choice takes no typed value any more; use the buttons.")
            return decision.typed.prefix + text.strip()

        await self._choose(session_id, user_id, version=version, seat=seat, stamp=stamp, pick=typed)

    async def _choose(self, session_id: int, user_id: int, *, version: int, seat: int, stamp: str | None,
                      pick: Callable[[Decision], str]) -> None:
        clicked = time.perf_counter()  # the wait for the lock is part of what the member waits for
        async with self.sessions.lock(session_id):
            await self._expire_if_due(session_id)
            try:
                session, state = await self.check_click(session_id, user_id, version=version, seat=seat,
                                                        stamp=stamp)
            except Refusal:
                await self._catch_up(session_id)
                raise
            open_now = self.sessions.pending(self.sessions.game(session.game), state)
            decision = next((d for d in open_now if d.seat == seat), None)
            if decision is None:
                raise self.sessions.not_your_turn(session, state)
            choice = pick(decision)
            self.sessions.take_unposted(session_id)  # report only what fails from here on, not an older failure
            await self.apply_choice(session, state, seat, choice)
            metrics.CLICK_TO_BOARD.labels(game=session.game).observe(time.perf_counter() - clicked)
            if self.on_played is not None:
                await self.on_played(session_id, [seat])
        await self.run_ai(session_id)
        if self.sessions.take_unposted(session_id):
            raise PostFailed()

    async def current(self, session_id: int, user_id: int, *, version: int, seat: int,
                      stamp: str | None = None) -> TurnUpdate:
        """The open decision of a panel, checked like a click (for paging through many options)."""
        session, state = await self.check_click(session_id, user_id, version=version, seat=seat, stamp=stamp)
        return await self.publisher.turn_update(session, state, [], render=False)

    async def controls(self, session_id: int, user_id: int) -> Controls:
        """A member's own controls while several seats choose at once: their open decision, or None when they are
        done for now (with whom the game still waits for)."""
        session, state = await self.sessions.playing(session_id, user_id)
        engine = self.sessions.game(session.game)
        mine = seats_of(session, user_id)
        pending = self.sessions.pending(engine, state)
        decision = next((d for d in pending if d.seat in mine), None)
        clock = table_for(engine).clock(state)
        # The stamp is of the engine's decision, which the click is checked against; the member sees it named.
        return Controls(session=session, seat=decision.seat if decision else mine[0], version=state.version,
                        decision=name_decision(decision, seat_names(session)) if decision else None,
                        stamp=decision_stamp(decision) if decision else "",
                        deadline=self.clock.deadline(session.id, clock[0] if clock else None),
                        waiting_for=[seat_name(session, d.seat) for d in pending],
                        colour=self.publisher.seat_colour(session, state, decision.seat if decision else mine[0]),
                        explained=table_for(engine).explained_kinds)

    # ------------------------------------------------------------- clocks
    async def _expire_if_due(self, session_id: int) -> bool:
        """A click that comes after the round's clock ran out, before its timer task got the lock (or before this
        process, just started, armed the clock again): the round ends first, so the click is judged against the
        state after it. Call with the session lock held. True when it ended the round."""
        session = await self.sessions.fresh(session_id)
        if session.status != "active":
            return False
        state = await self.sessions.state(session)
        clock = table_for(self.sessions.game(session.game)).clock(state)
        if clock is None:
            return False
        await self.clock.arm(session, state)
        if not self.clock.due(session_id, clock[0]):
            return False
        return await self._timeout(session, state, clock[0])

    async def resume_clocks(self) -> None:
        """At start-up: arm again the round clock of every game that was in a timed stretch when the previous
        process stopped, with the time it has left; a round whose end passed meanwhile ends now."""
        for session in await self.sessions.active_here():
            try:
                async with self.sessions.lock(session.id):
                    if not await self.clock.stored(session):
                        continue  # no timed stretch running: the game's state stays unloaded
                    ended = await self._expire_if_due(session.id)
                if ended:
                    await self.run_ai(session.id)
            except Exception:  # one broken game must not keep the others' clocks from running
                log.exception("could not resume a round clock", extra={"session_id": session.id})

    async def expire(self, session_id: int, key: str) -> None:
        """The clock of stretch `key` ran out: apply the game's timeout if that stretch is still open."""
        async with self.sessions.lock(session_id):
            session = await self.sessions.fresh(session_id)
            if session.status != "active":
                return
            state = await self.sessions.state(session)
            clock = table_for(self.sessions.game(session.game)).clock(state)
            if clock is None or clock[0] != key:
                return
            await self._timeout(session, state, key)
        await self.run_ai(session_id)

    async def _timeout(self, session: SessionRow, state: GameState, key: str) -> bool:
        engine = self.sessions.game(session.game)
        seat = next((d.seat for d in self.sessions.pending(engine, state)
                     if table_for(engine).timeout(state, d.seat) is not None), None)
        if seat is None:
            return False
        choice = table_for(engine).timeout(state, seat)
        assert choice is not None
        late = self.clock.late(session.id, key)
        ends = self.clock.deadline(session.id, key)
        self.clock.stop(session.id)
        await self.clock.ran_out(session, key, state.version)
        log.info("round clock ran out", extra={"session_id": session.id, "guild_id": session.guild_id,
                                               "channel_id": session.channel_id, "late": late})
        if late and ends is not None:
            # Nobody saw the round end when it did: say why it ends now, before the panel of what followed.
            await self.publisher.notify(LateRoundEnd(session, ends))
        await self.apply_choice(session, state, seat, choice, by_ai=False)  # the game's rule chose, not the AI
        return True

    async def play_text(self, session_id: int, user_id: int, text: str) -> int:
        """A typed command: the engine turns it into option ids, applied one by one through the same path.

        The engine reads a line no further than a step that shows its player something hidden (a draw): the rest is
        read once that step has been played, when the player has seen what it showed (engine.core.typed). A rest
        the engine then refuses ends the line there, and the player is told how far it got."""
        late_refusal: str | None = None
        async with self.sessions.lock(session_id):
            session, state = await self.sessions.playing(session_id, user_id)
            engine = self.sessions.game(session.game)
            seat = self.acting_seat(engine, session, state, user_id)
            names = seat_names(session)
            try:
                # Players type the names they see in the labels ("spy on ana"): the engine reads them there alone.
                typed = commands_for(engine).parse_command(state, seat, typed_line(text), names)
            except IllegalAction as exc:
                raise Refusal(name_seats(exc.sentence, names, markdown=False)) from None
            if not typed.ids:
                raise Refusal("That command does nothing here.")
            self.sessions.take_unposted(session_id)  # report only what fails from here on, not an older failure
            # A typed line is one move to its player: held, its steps post as one panel instead of one per step.
            before = state
            held: list[Any] = []
            played = 0
            try:
                while True:
                    for choice in typed.ids:
                        state = await self.apply_choice(session, state, seat, choice, held=held)
                        played += 1
                    if not typed.rest:
                        break
                    try:
                        typed = commands_for(engine).parse_command(state, seat, typed.rest, names)
                    except IllegalAction as exc:
                        late_refusal = ("Your line was played up to the card it showed you; the rest could not be: "
                                        + name_seats(exc.sentence, names, markdown=False))
                        break
            finally:
                ai = {s.seat for s in session.seats if s.is_ai}
                pending = {d.seat for d in self.sessions.pending(engine, state)}
                if held and pending and pending <= ai:
                    self.sessions.live(session_id).carried.extend(held)  # heads the AI's panel (run_ai)
                elif held:  # the line ended mid-turn (or a step was refused): show where it got to
                    await self.publisher.publish(await self.sessions.fresh(session_id), state, held, before=before)
            if self.on_played is not None:
                await self.on_played(session_id, [seat])
        await self.run_ai(session_id)
        if late_refusal is not None:
            raise Refusal(late_refusal)
        if self.sessions.take_unposted(session_id):
            raise PostFailed()
        return played

    async def suggestions(self, session: SessionRow, user_id: int, text: str) -> list[str]:
        state = await self.sessions.state(session)
        engine = self.sessions.game(session.game)
        seats = [d.seat for d in self.sessions.pending(engine, state) if d.seat in seats_of(session, user_id)]
        if not seats:
            return []
        # The engine names the seats in its suggestions as the buttons do ("Spy on ana's hand").
        return commands_for(engine).command_suggestions(state, seats[0], typed_line(text), seat_names(session))

    def acting_seat(self, engine: Game, session: SessionRow, state: GameState, user_id: int) -> int:
        mine = seats_of(session, user_id)
        seat = next((d.seat for d in self.sessions.pending(engine, state) if d.seat in mine), None)
        if seat is None:
            # The game may know better than "not your turn" (a bidder who passed: the pass is final for the lot).
            reason = next((r for s in mine if (r := table_for(engine).idle_reason(state, s))), None)
            if reason:
                raise Refusal(name_seats(reason, seat_names(session), markdown=False))
            raise self.sessions.not_your_turn(session, state)
        return seat

    async def resign(self, session_id: int, user_id: int) -> tuple[SessionRow, bool]:
        """The member's seats pass to the AI, which plays them from now on, so the others can finish the game; the
        member counts as last (below whoever resigns after them). When no member is left at the table, the AI plays
        the game out (`play_out`), so a game its members resigned still ends with a result.
        Returns the session and whether no member is left. The caller runs `run_ai` after announcing it."""
        async with self.sessions.lock(session_id):
            session = await self.sessions.fresh(session_id)
            if session.status != "active":
                raise Refusal("This game is not running any more.")
            mine = seats_of(session, user_id)
            if not mine:
                raise Refusal("You are not in this game.")
            level = stand_in_level(self.sessions.game(session.game))
            nth = 1 + max((s.resigned_order for s in session.seats), default=0)
            seats = [Seat(seat=s.seat, user_id=None, name=f"{s.name}{RESIGNED}", is_ai=True, level=level,
                          resigned_by=user_id, resigned_order=nth) if s.seat in mine else s for s in session.seats]
            ended = nobody_left(seats)
            session = await self.sessions.store.set_seats(session.id, seats)
            log.info("player resigned", extra={"session_id": session.id, "guild_id": session.guild_id,
                                               "channel_id": session.channel_id, "seat": mine[0], "ended": ended})
            return session, ended

    # -------------------------------------------------------------- apply
    async def apply_choice(self, session: SessionRow, state: GameState, seat: int, choice: str,
                           held: list[Any] | None = None, *, by_ai: bool | None = None) -> GameState:
        """Apply, persist, publish. Call with the session lock held.
        With `held` (the AI's clicks), the events wait there while the same seat goes on choosing, and the whole
        run is published once, when the seat is done. `by_ai`: whether the AI chose this for the seat, as the action
        log keeps it (None: when the AI holds the seat)."""
        engine = self.sessions.game(session.game)
        try:
            new_state, events = apply(engine, state, seat, choice)
        except IllegalAction as exc:
            raise Refusal(name_seats(exc.sentence, seat_names(session), markdown=False)) from None
        finished = is_over(engine, new_state)
        try:
            session = await self.sessions.store.record_move(
                session.id, expected_version=state.version, seat=seat, choice=choice,
                events=[e.model_dump() for e in events], state_json=dump_state(new_state),
                new_version=new_state.version, finished=finished,
                by_ai=any(s.seat == seat and s.is_ai for s in session.seats) if by_ai is None else by_ai,
            )
        except StaleVersion:
            self.sessions.forget(session.id)
            raise Refusal("The game moved on at the same moment; look at the newest panel.") from None
        self.sessions.remember(session.id, new_state)
        metrics.MOVES.labels(game=session.game).inc()
        (await self.sessions.acted(session.id))[seat] = new_state.version
        if finished and self.on_finished is not None:
            await self.on_finished(session, new_state)
        log.info("move applied", extra={"session_id": session.id, "guild_id": session.guild_id,
                                        "channel_id": session.channel_id, "seat": seat})
        undoable = None
        ai = {s.seat for s in session.seats if s.is_ai}
        pending = {d.seat for d in self.sessions.pending(engine, new_state)}
        if held is not None:
            held.extend(events)
            if not finished and (seat in pending or pending & ai):
                return new_state  # the same seat, or the AI, goes on: one panel for all of it
            events, held[:] = list(held), []
        elif not finished and pending and pending <= ai:
            # The turn passes to the AI: its panel comes once it has played, with this move's events at its head,
            # rather than a panel now that nobody can click and that the AI's own would bury at once.
            self.sessions.live(session.id).carried.extend(events)
            return new_state
        elif seat in pending and not reveals(engine, state, new_state, events):
            undoable = seat  # a member's step within their turn that showed nothing hidden: offer to take it back
        await self.publisher.publish(session, new_state, events, before=state, undoable=undoable,
                                     took_back=choice in ai_for(engine).take_backs)
        return new_state

    # ----------------------------------------------------------------- AI
    async def _ai_turn(self, session_id: int) -> tuple[SessionRow, GameState, Decision] | None:
        session = await self.sessions.fresh(session_id)
        if session.status != "active":
            return None
        state = await self.sessions.state(session)
        ai_seats = {s.seat for s in session.seats if s.is_ai}
        open_now = self.sessions.pending(self.sessions.game(session.game), state)
        decision = next((d for d in open_now if d.seat in ai_seats), None)
        return None if decision is None else (session, state, decision)

    async def run_ai(self, session_id: int) -> None:
        """Play every AI decision that is open, one at a time, with a pause so humans can follow.
        One AI turn is many clicks (a Planes move is a pick-up, a drop per space and a confirm); a board and panel
        for each buried the humans' own turns in async play, so each AI seat's run of clicks shows as one panel
        with everything it did, and the pause comes before that panel rather than before every hidden click."""
        session = await self.sessions.store.get_session(session_id)
        if session is not None and session.status == "active" and nobody_left(session.seats):
            await self.play_out(session_id)
            return
        live = self.sessions.live(session_id)
        held: list[Any] = live.carried  # events not shown yet: the move that passed the turn to the AI, then its own
        live.carried = []
        fresh = True  # the next AI click starts a new panel
        planned: list[str] = []  # the rest of the plan the AI of planned_seat made (a whole move, for a search)
        planned_seat = -1
        run: list[GameState] = []  # the states at the earlier choices of the AI choosing now, in its current run
        run_seat = -1
        while True:
            # The pause only before an AI move: a human's click that leaves no AI turn returns at once.
            if self.ai_delay and fresh:
                if await self._ai_turn(session_id) is None and not held:
                    return
                await asyncio.sleep(self.ai_delay)
            async with self.sessions.lock(session_id):
                found = await self._ai_turn(session_id)
                if found is None:
                    if held:  # the AI has nothing to play after all (a seat changed hands): show what happened
                        session = await self.sessions.fresh(session_id)
                        await self.publisher.publish(session, await self.sessions.state(session), held)
                    return
                session, state, decision = found
                if decision.seat != run_seat:
                    run, run_seat = [], decision.seat
                if decision.seat != planned_seat or not planned or decision.option(planned[0]) is None:
                    planned, planned_seat = await self._ai_plan(session, state, decision.seat, run), decision.seat
                run.append(state)
                await self.apply_choice(session, state, decision.seat, planned.pop(0), held)
                fresh = not held

    async def play_out(self, session_id: int) -> None:
        """No member is left at the table (the last one resigned): the AI plays the game to its end at once, so it
        ends with the engine's own result (the resigned members last, see bot/ratings/outcome.py). It plays at Easy,
        its quickest level (a whole game takes a fraction of a second to choose), with no pause and no panel per
        move: nobody is left to follow them, and the channel gets the final message alone. Every move goes through
        `apply_choice`, so the log and the replay hold the whole game. The lock is let go between stretches of moves;
        a restart meanwhile goes on from where the log stopped (`resume_ai`)."""
        self.sessions.live(session_id).carried = []  # the resignation's own message said what happened
        for _ in range(PLAY_OUT_LIMIT // PLAY_OUT_STRETCH):
            async with self.sessions.lock(session_id):
                session = await self.sessions.fresh(session_id)
                if session.status != "active" or not nobody_left(session.seats):
                    return
                engine = self.sessions.game(session.game)
                state = await self.sessions.state(session)
                for _step in range(PLAY_OUT_STRETCH):
                    pending = engine.pending(state)
                    if not pending:
                        return
                    seat = pending[0].seat
                    rng = Rng.seeded((session.seed or 0) * 1_000_003 + state.version)
                    choice = levels.plan(engine, state, seat, levels.EASY, rng)[0]
                    # Only the last move's events head the final message: the rest is in the log and the replay.
                    state = await self.apply_choice(session, state, seat, choice, [], by_ai=True)
                    if is_over(engine, state):
                        log.info("played out", extra={"session_id": session.id, "guild_id": session.guild_id,
                                                      "channel_id": session.channel_id})
                        return
            await asyncio.sleep(0)  # the others' commands get the loop between stretches
        log.error("the AI could not play the game out", extra={"session_id": session_id})

    async def _ai_plan(self, session: SessionRow, state: GameState, seat: int,
                       run: list[GameState] | None = None) -> list[str]:
        """The choices the AI of `seat` makes from here, at its seat's level (engine.core.ai.levels). Seeded by game
        seed and version, so the same state gets the same answer. Easy keeps one step per call, as it always did.
        `run`: the states at the seat's earlier choices in this run of them, so a search never plans its way back
        to one (a copy: the caller goes on adding to its list while the search runs in its thread)."""
        asked = time.perf_counter()  # the AI's time limit counts from here: the thread's start is spent from it
        history = list(run or [])
        engine = self.sessions.game(session.game)
        owner = next((s for s in session.seats if s.seat == seat), None)
        level = level_of(owner) if owner is not None and owner.is_ai else stand_in_level(engine)
        rng = Rng.seeded((session.seed or 0) * 1_000_003 + state.version)
        with metrics.timed(metrics.AI_PLAN, game=session.game, level=level):
            if level == levels.EASY:
                return levels.plan(engine, state, seat, level, rng)[:1]
            # A search thinks for up to a second: in a worker thread, so the bot keeps answering everyone meanwhile.
            return await asyncio.to_thread(levels.plan, engine, state, seat, level, rng, None, None, history,
                                           asked=asked)

    async def _catch_up(self, session_id: int) -> None:
        """A click was refused: if that is because the newest panel is behind the game (the process stopped between
        saving a move and posting its panel), post the current one so the players can go on. With the lock held."""
        session = await self.sessions.store.get_session(session_id)
        if session is None or not await self.publisher.behind(session):
            return
        try:
            await self.publisher.repost(session, await self.sessions.state(session))
        except Exception:  # the refusal still reaches the player; the next click or start-up tries again
            log.exception("could not post the current panel", extra={"session_id": session.id,
                                                                      "guild_id": session.guild_id,
                                                                      "channel_id": session.channel_id})

    async def recover(self) -> None:
        """At start-up: post the current panel of every game whose newest panel is behind its state, and the final
        message of every finished game of this process's shards whose final message is due (the process stopped
        between the move that ended it and its final message: drawing the replay takes seconds)."""
        for session in await self.sessions.active_here():
            try:
                async with self.sessions.lock(session.id):
                    await self._catch_up(session.id)
            except Exception:  # one broken game must not keep the others' panels from coming back
                log.exception("could not check the newest panel", extra={"session_id": session.id})
        for session in await self.sessions.store.finals_due():
            if not self.sessions.owns(session) or not self.sessions.offers(session):
                continue  # another process's shard, or a game of another build: theirs to post
            try:
                async with self.sessions.lock(session.id):
                    posted = await self.publisher.post_final(await self.sessions.fresh(session.id))
                if posted:
                    log.info("posted a final message that was due", extra={
                        "session_id": session.id, "guild_id": session.guild_id, "channel_id": session.channel_id})
            except Exception:  # still due: the next start tries again; the other games' messages come meanwhile
                log.exception("could not post a final message that was due", extra={"session_id": session.id})

    async def play_for(self, session_id: int, seat: int) -> None:
        """A clock ran out for `seat` (a turn deadline): its open decisions are answered, by the game's own timeout
        choice where it has one, else by the AI, until the seat has none left; shown as one panel. With the lock
        held.
        Where everyone plays at once the seat's deadline is its own (see deadlines.py), so the AI plays its part
        only: never the game's timeout, which ends the stretch for every seat (Now Boarding's round), unless it is
        one of the seat's own options; and it stops when the seat's choice opened new decisions for others (the
        round moved on: the seat's next decision has a clock of its own)."""
        held: list[Any] = []
        state: GameState | None = None
        planned: list[str] = []
        run: list[GameState] = []  # the states at the seat's earlier choices here
        for _ in range(1000):  # a bound, should a game keep offering the same seat decisions for ever
            session = await self.sessions.fresh(session_id)
            if session.status != "active":
                break
            state = await self.sessions.state(session)
            engine = self.sessions.game(session.game)
            pending = self.sessions.pending(engine, state)
            decision = next((d for d in pending if d.seat == seat), None)
            if decision is None:
                break
            choice = table_for(engine).timeout(state, seat)
            if engine.info.simultaneous and choice is not None and decision.option(choice) is None:
                choice = None
            if choice is None:
                if not planned or decision.option(planned[0]) is None:
                    planned = await self._ai_plan(session, state, seat, run)
                choice = planned.pop(0)
            run.append(state)
            state = await self.apply_choice(session, state, seat, choice, held, by_ai=True)  # a missed deadline
            now_open = {d.seat for d in self.sessions.pending(engine, state)}
            if engine.info.simultaneous and now_open - {d.seat for d in pending}:
                break
        if held and state is not None:
            await self.publisher.publish(await self.sessions.fresh(session_id), state, held)

    async def play_ai(self, session_id: int) -> bool:
        """Let the AI play its open turns (after a seat passed to it); False if a panel failed to post meanwhile."""
        self.sessions.take_unposted(session_id)
        await self.run_ai(session_id)
        return not self.sessions.take_unposted(session_id)

    async def resume_ai(self) -> None:
        """At start-up: play the AI turns that were due when the previous process stopped (nobody else would)."""
        for session in await self.sessions.active_here():
            if not any(s.is_ai for s in session.seats):
                continue  # no state to load for games without AI: sessions stay lazily loaded
            try:
                await self.run_ai(session.id)
                self.sessions.take_unposted(session.id)  # nobody to apologise to; /game panel brings a lost one back
            except Exception:  # one broken game must not keep the others' AI from playing
                log.exception("could not resume the AI", extra={"session_id": session.id,
                                                                 "guild_id": session.guild_id,
                                                                 "channel_id": session.channel_id})
