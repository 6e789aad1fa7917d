"""Undo, for every game, through the engine contract.

An undo is itself a line of the action log (choice `bot:undo:<version>`), so the log stays append-only and keeps a
line saying what was taken back. The state it leads to is rebuilt by replaying the log from the seed (so it is
byte-identical to the state the game had then), with the version moved on: panels of the undone states stay stale.

- Free undo (`take_back`): a member takes back their own last choice, as long as nobody else has chosen since and
  the choice revealed nothing hidden (`play.reveals`). Repeated, it walks back through their turn.
- Undo with consent (`ask`, `answer`): a request names the turn to return to; every other human player must accept.
  Refused past a reveal: a card already seen cannot be unseen.

Turns are counted by `TableFlow.turn_number` when the game numbers them, else as runs of one seat's choices.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.naming import escape
from bot.session.meta import MetaBook
from bot.session.publish import Publisher
from bot.session.recap import UNDO, is_undo
from bot.session.sessions import Sessions, seat_name, seats_of
from bot.session.turns import Turns
from bot.session.types import PostFailed, Refusal, UndoRequest
from bot.store import ActionRow, SessionRow, StaleVersion
from engine.core import Event, Game, GameState, IllegalAction, apply, dump_state, new_game
from engine.core.play import reveals
from engine.core.table import table_for
from engine.core.turns import turn_name

log = logging.getLogger("tarmac.service")



@dataclass
class Step:
    """One choice that still counts (not undone), with the states around it and the turn it belongs to."""

    row: ActionRow
    before: GameState
    after: GameState
    turn: int


class History:
    """The action log replayed from the seed: the states of the versions asked for and the choices that count."""

    def __init__(self, engine: Game, session: SessionRow, rows: list[ActionRow]) -> None:
        assert session.seed is not None
        self.engine = engine
        first = new_game(engine, len(session.seats), session.seed, session.options)
        self.start = first.version
        states: dict[int, GameState] = {first.version: first}
        by_version = {row.version: row for row in rows}
        for row in rows:
            if is_undo(row):
                states[row.version] = states[int(row.choice[len(UNDO):])].model_copy(update={"version": row.version})
            else:
                states[row.version], _events = apply(engine, states[row.version - 1], row.seat, row.choice)
        self.states = states
        self.latest = states[max(states)]
        self.rows = rows
        self.numbers: dict[int, int] = {}
        """Version -> the number of the turn its choice belongs to, over the whole log (what /game log shows and
        `/game undo turn:` names): the game's own `turn_number`, else a run of one seat's choices is a turn. Either
        way a choice played again after an undo keeps the number of the one it replaces: a turn is numbered once."""
        counted: list[tuple[int, int, int]] = []  # (version, seat, number) of the choices that count so far
        for row in rows:
            if is_undo(row):
                target = int(row.choice[len(UNDO):])
                counted = [c for c in counted if c[0] <= target]
                continue
            own = table_for(engine).turn_number(states[row.version - 1])
            if own is None:
                last = counted[-1] if counted else None
                own = 1 if last is None else last[2] + (row.seat != last[1])
            self.numbers[row.version] = own
            counted.append((row.version, row.seat, own))
        chain: list[ActionRow] = []
        version = self.latest.version
        while version > self.start:  # walk back, jumping over what an undo took back
            row = by_version[version]
            if is_undo(row):
                version = int(row.choice[len(UNDO):])
            else:
                chain.append(row)
                version -= 1
        chain.reverse()
        self.steps: list[Step] = []
        for row in chain:
            self.steps.append(Step(row, states[row.version - 1], states[row.version], self.numbers[row.version]))

    def turn_name(self, version: int) -> str:
        """The turn the choice at `version` was made in, as players read it ("Turn 5 · round 2")."""
        return turn_name(self.engine, self.states[version - 1], self.numbers.get(version))

    def reveals(self, step: Step) -> bool:
        events = [Event.model_validate(e) for e in step.row.events]
        return reveals(self.engine, step.before, step.after, events)

    def turn_start(self, turn: int) -> int | None:
        """The state version before the first choice of `turn` (None: no such turn)."""
        return next((s.row.version - 1 for s in self.steps if s.turn == turn), None)

    @property
    def current_turn(self) -> int:
        return self.steps[-1].turn if self.steps else 1


class Undo:
    def __init__(self, sessions: Sessions, meta: MetaBook, publisher: Publisher, turns: Turns) -> None:
        self.sessions = sessions
        self.meta = meta
        self.publisher = publisher
        self.turns = turns

    async def history(self, session: SessionRow, state: GameState) -> History:
        """The replayed log, checked against the stored state (a log that does not replay allows no undo)."""
        engine = self.sessions.game(session.game)
        try:
            found = History(engine, session, await self.sessions.store.actions(session.id))
        except IllegalAction:
            # A game saved under older rules whose options or moves these rules refuse (a Planes scenario with a
            # points-of-interest layout of its own, say): it plays on from its saved state, without undo.
            log.warning("the action log no longer replays under these rules", extra={"session_id": session.id})
            raise Refusal("Sorry, this game's history cannot be replayed, so nothing can be undone.") from None
        if dump_state(found.latest) != dump_state(state):
            log.error("the action log does not replay to the stored state", extra={"session_id": session.id})
            raise Refusal("Sorry, this game's history cannot be replayed, so nothing can be undone.")
        return found

    async def take_back(self, session_id: int, user_id: int, *, version: int | None = None) -> str:
        """Free undo of the member's own last choice (the panel's Undo button gives the `version` it shows). Returns
        the log line written."""
        async with self.sessions.lock(session_id):
            if version is not None:
                _session, state = await self.sessions.playing(session_id, user_id)
                if state.version != version:
                    raise Refusal("That panel is out of date; use the newest one in the channel.")
            self.sessions.take_unposted(session_id)
            text = await self._take_back(session_id, user_id)
        if self.sessions.take_unposted(session_id):
            raise PostFailed()
        return text

    async def _take_back(self, session_id: int, user_id: int) -> str:
        """With the lock held."""
        session, state = await self.sessions.playing(session_id, user_id)
        found = await self.history(session, state)
        if not found.steps:
            raise Refusal("Nothing has been played yet.")
        last = found.steps[-1]
        mine = seats_of(session, user_id)
        if last.row.seat not in mine:
            raise Refusal(f"The last choice was {seat_name(session, last.row.seat)}'s, not yours, so the "
                          f"game goes back only if everyone agrees: ask with /game undo turn:<number>.")
        if found.reveals(last):
            raise Refusal("Your last choice showed something that was hidden (a card drawn or turned up), and what "
                          "was seen cannot be unseen, so it cannot be taken back.")
        text = f"{escape(seat_name(session, last.row.seat))} took back their last choice."
        await self._go_back(session, state, found, last.row.version - 1, last.row.seat, text)
        return text

    async def _go_back(self, session: SessionRow, state: GameState, found: History, target: int, seat: int,
                       text: str) -> None:
        """Write the undo line and publish the state it returns to. With the lock held."""
        back = found.states[target].model_copy(update={"version": state.version + 1})
        events = [Event(text=text)]
        try:
            session = await self.sessions.store.record_move(
                session.id, expected_version=state.version, seat=seat, choice=f"{UNDO}{target}",
                events=[e.model_dump() for e in events], state_json=dump_state(back), new_version=back.version)
        except StaleVersion:
            self.sessions.forget(session.id)
            raise Refusal("The game moved on at the same moment; look at the newest panel.") from None
        self.sessions.remember(session.id, back)
        log.info("undone", extra={"session_id": session.id, "guild_id": session.guild_id,
                                  "channel_id": session.channel_id, "target": target})
        self.sessions.live(session.id).shown_version = None  # a new panel, not an edit of the undone one
        earlier = [s for s in found.steps if s.row.version <= target]
        undoable = None
        if earlier and earlier[-1].row.seat == seat and not found.reveals(earlier[-1]):
            undoable = seat  # the step before is theirs too: the new panel offers to take that back as well
        await self.publisher.publish(session, back, events, before=state, undoable=undoable)

    # ------------------------------------------------------------ consent
    async def ask(self, session_id: int, user_id: int, turn: int) -> UndoRequest | str:
        """Ask the other players to return to the start of `turn` (the request is posted for them to answer).
        Returns the open request, or (when nobody else plays) the log line of the undo done at once."""
        async with self.sessions.lock(session_id):
            self.sessions.take_unposted(session_id)
            asked = await self._ask(session_id, user_id, turn)
            if isinstance(asked, UndoRequest):
                await self.publisher.ask_undo(await self.sessions.fresh(session_id), asked)
        await self.turns.run_ai(session_id)
        if self.sessions.take_unposted(session_id):
            raise PostFailed()
        return asked

    async def _ask(self, session_id: int, user_id: int, turn: int) -> UndoRequest | str:
        """With the lock held."""
        session, state = await self.sessions.playing(session_id, user_id)
        found = await self.history(session, state)
        target = found.turn_start(turn)
        if target is None:
            if turn in found.numbers.values():
                raise Refusal(f"Turn {turn} was taken back already; /game log shows the turns that count.")
            raise Refusal(f"There is no turn {turn} to go back to: the game is in turn {found.current_turn}.")
        seen = next((s for s in found.steps if s.row.version > target and found.reveals(s)), None)
        if seen is not None:
            raise Refusal(f"The game cannot go back to turn {turn}: something hidden was revealed since (in turn "
                          f"{seen.turn}), and what was seen cannot be unseen.")
        others = list(dict.fromkeys(s.user_id for s in session.seats
                                    if not s.is_ai and s.user_id is not None and s.user_id != user_id))
        if not others:
            text = f"{escape(seat_name(session, seats_of(session, user_id)[0]))} took the game back to turn {turn}."
            await self._go_back(session, state, found, target, seats_of(session, user_id)[0], text)
            return text
        request = UndoRequest(by=user_id, turn=turn, target=target, version=state.version, waiting=others)
        meta = await self.meta.get(session)
        meta.undo_request = request.model_dump()
        await self.meta.save(session.id, meta)
        return request

    async def answer(self, session_id: int, user_id: int, *, version: int,
                     yes: bool) -> tuple[UndoRequest, str | None]:
        """A member's answer to the request open at `version`. Returns the request and the log line once everyone
        accepted (the undo is done), else None: answers are missing, or this one declined, which ends the request."""
        async with self.sessions.lock(session_id):
            request, done = await self._answer(session_id, user_id, version, yes)
        if done is not None:
            await self.turns.run_ai(session_id)
        return request, done

    async def _answer(self, session_id: int, user_id: int, version: int,
                      yes: bool) -> tuple[UndoRequest, str | None]:
        """With the lock held."""
        session = await self.sessions.fresh(session_id)
        meta = await self.meta.get(session)
        request = UndoRequest.model_validate(meta.undo_request) if meta.undo_request else None
        if request is None or request.version != version or session.version != version:
            raise Refusal("This undo request is no longer open: the game has moved on or it was answered.")
        if user_id not in request.waiting:
            raise Refusal("This request waits for the other players' answers, not yours.")
        request.waiting.remove(user_id)
        meta.undo_request = None if not yes or not request.waiting else request.model_dump()
        await self.meta.save(session.id, meta)
        if not yes:
            return request, None
        request.accepted.append(user_id)
        if request.waiting:
            return request, None
        state = await self.sessions.state(session)
        found = await self.history(session, state)
        seat = next((s.seat for s in session.seats if s.user_id == request.by), 0)
        text = f"{escape(seat_name(session, seat))} took the game back to turn {request.turn}, as everyone agreed."
        await self._go_back(session, state, found, request.target, seat, text)
        return request, text
