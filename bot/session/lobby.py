"""The lobby: open, join, leave, add an AI, set options (the turn deadline among them), AI levels, cancel, play again,
and `start` (the lobby becomes a game: the engine deals, the store saves the first state, the first panel is posted
and the AI plays if it opens). Who may do what in a lobby is decided here.
"""

from __future__ import annotations

import logging
import secrets as _secrets
from collections.abc import Callable

from bot.naming import name_seats, seat_names
from bot.ratings import Ratings
from bot.ratings.rated import ON, RATED_KEY, RATED_OPTION
from bot.session.ai_levels import with_level
from bot.session.coach import HINTS_KEY, HINTS_OPTION
from bot.session.deadlines import AWAY, DEADLINE_KEY, DEADLINE_OPTION, Deadlines
from bot.session.meta import MetaBook
from bot.session.publish import Publisher
from bot.session.server_settings import ServerSettings, server_settings
from bot.session.sessions import OPEN, RESIGNED, Sessions, seats_of
from bot.session.turns import Turns
from bot.session.types import PostFailed, Refusal
from bot.store import ChannelBusy, Seat, SessionRow, StaleVersion
from engine.core import Game, GameOptionSpec, GameState, IllegalAction, dump_state, new_game
from engine.core.ai import levels
from engine.core.contract import default_options

log = logging.getLogger("tarmac.service")


def fresh_seed() -> int:
    """A seed nobody can foresee (63 bits, as the store keeps it)."""
    return _secrets.randbits(63)


class Lobby:
    def __init__(self, sessions: Sessions, meta: MetaBook, publisher: Publisher, turns: Turns,
                 deadlines: Deadlines, ratings: Ratings, seeds: Callable[[], int] | None = None) -> None:
        self.sessions = sessions
        self.seeds: Callable[[], int] = seeds or fresh_seed
        """Where each new game's seed comes from: a fresh random one (`fresh_seed`) in production. Tests hand the bot
        a fixed one (`create_bot(..., seeds=lambda: 5)`, tests/bot/conftest.py's `make_bot(seed=5)`) so that a game,
        and its length, is the same on every run. A seed from here counts as drawn, not chosen: the game may be rated
        (one passed to `start` is chosen, and is not)."""
        self.ratings = ratings
        self.store = sessions.store
        self.meta = meta
        self.publisher = publisher
        self.turns = turns
        self.deadlines = deadlines

    def game(self, name: str) -> Game:
        return self.sessions.game(name)

    async def open_lobby(
        self, *, guild_id: int, channel_id: int, game: str, host_id: int, host_name: str
    ) -> SessionRow:
        """A new lobby with the server's defaults (turn deadline, reminders, Rated) already set: the host changes
        them like any option. Who may open one where is the caller's to check (bot/discord), with the same settings."""
        engine = self.game(game)
        try:
            session = await self.store.create_session(
                guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
                options=default_options(engine), seats=[Seat(seat=0, user_id=host_id, name=host_name)],
            )
        except ChannelBusy:
            raise Refusal("This channel already has a game. Finish or cancel it first, "
                          "or start a new one in a thread with /game new thread:True.") from None
        defaults = await server_settings(self.store, guild_id)
        if defaults != ServerSettings():
            async with self.sessions.lock(session.id):
                meta = await self.meta.get(session)
                meta.rated, meta.deadline_hours = defaults.rated, defaults.deadline_hours
                if defaults.reminder_hours is not None:
                    meta.remind_after = defaults.reminder_hours * 3600
                await self.meta.save(session.id, meta)
            self.deadlines.changed()
        return session

    async def still_open(self, session_id: int) -> SessionRow:
        session = await self.sessions.fresh(session_id)
        if session.status != "lobby":
            raise Refusal("This lobby is closed.")
        return session

    async def _update_lobby(self, session: SessionRow, seats: list[Seat], options: dict[str, str]) -> SessionRow:
        renumbered = [s.model_copy(update={"seat": i}) for i, s in enumerate(seats)]
        try:
            return await self.store.update_lobby(session.id, seats=renumbered, options=options,
                                                 expected_version=session.version)
        except StaleVersion:
            raise Refusal("The lobby changed at the same moment; please try again.") from None

    async def join(self, session_id: int, user_id: int, name: str) -> SessionRow:
        async with self.sessions.lock(session_id):
            session = await self.still_open(session_id)
            engine = self.game(session.game)
            if seats_of(session, user_id):
                raise Refusal("You are already in this lobby.")
            if len(session.seats) >= engine.info.max_players:
                raise Refusal(f"{engine.info.title} seats at most {engine.info.max_players} players; the lobby is "
                              "full.")
            seats = [*session.seats, Seat(seat=len(session.seats), user_id=user_id, name=name)]
            return await self._update_lobby(session, seats, session.options)

    async def leave(self, session_id: int, user_id: int) -> SessionRow:
        async with self.sessions.lock(session_id):
            session = await self.still_open(session_id)
            if not seats_of(session, user_id):
                raise Refusal("You are not in this lobby.")
            if user_id == session.host_id:
                raise Refusal("You are the host: cancel the lobby instead of leaving it.")
            seats = [s for s in session.seats if s.user_id != user_id or s.is_ai]
            return await self._update_lobby(session, seats, session.options)

    async def add_ai(self, session_id: int, user_id: int, *, manager: bool = False) -> SessionRow:
        async with self.sessions.lock(session_id):
            session = await self.still_open(session_id)
            engine = self.game(session.game)
            if user_id != session.host_id and not manager:
                raise Refusal("Only the host (or someone who may manage this channel) adds AI players.")
            await self._ai_allowed(session)
            if len(session.seats) >= engine.info.max_players:
                raise Refusal(f"{engine.info.title} seats at most {engine.info.max_players} players; the lobby is "
                              "full.")
            taken = {s.name for s in session.seats}
            number = next(n for n in range(1, len(taken) + 2) if f"AI {n}" not in taken)  # a name no seat has
            seats = [*session.seats, Seat(seat=len(session.seats), user_id=None, name=f"AI {number}", is_ai=True,
                                          level=levels.default_for(engine))]
            return await self._update_lobby(session, seats, session.options)

    async def _ai_allowed(self, session: SessionRow) -> None:
        if not (await server_settings(self.store, session.guild_id)).ai_seats:
            raise Refusal("AI seats are turned off on this server (the server setting ai_seats of /tarmac settings): "
                          "every seat needs a member.")

    async def set_ai_level(self, session_id: int, user_id: int, seat_number: int, level: str, *,
                           manager: bool) -> SessionRow:
        """The host picks how well an AI seat of the lobby plays (seat_number counts from 1)."""
        async with self.sessions.lock(session_id):
            session = await self.still_open(session_id)
            seats, _seat = with_level(session, user_id, seat_number, level, manager=manager)
            return await self._update_lobby(session, seats, session.options)

    async def set_level(self, session: SessionRow, user_id: int, seat_number: int, level: str, *,
                        manager: bool) -> tuple[SessionRow, Seat]:
        """The level of an AI seat of a lobby or a running game (a seat the AI took over too), kept with the seats so
        it survives a restart; the AI's next plan uses it. Returns the session and that seat."""
        if session.status == "lobby":
            session = await self.set_ai_level(session.id, user_id, seat_number, level, manager=manager)
        else:
            # The lock waits for an AI turn being thought out, so a search never sees its seat's level change.
            async with self.sessions.lock(session.id):
                session = await self.sessions.fresh(session.id)
                if session.status != "active":
                    raise Refusal("This game is not running any more.")
                seats, _seat = with_level(session, user_id, seat_number, level, manager=manager)
                session = await self.store.set_seats(session.id, seats)
            log.info("AI level changed", extra={"session_id": session.id, "guild_id": session.guild_id,
                                                "channel_id": session.channel_id, "seat": seat_number - 1})
        return session, next(s for s in session.seats if s.seat == seat_number - 1)

    async def remove(self, session_id: int, user_id: int, seat_number: int, *, manager: bool) -> SessionRow:
        """The host takes a seat out of the lobby: an AI, or a member who joined (never the host's own)."""
        async with self.sessions.lock(session_id):
            session = await self.still_open(session_id)
            if user_id != session.host_id and not manager:
                raise Refusal("Only the host (or someone who may manage this channel) removes seats.")
            seat = next((s for s in session.seats if s.seat == seat_number - 1), None)
            if seat is None:
                raise Refusal(f"The lobby has no seat {seat_number}.")
            if seat.user_id == session.host_id and not seat.is_ai:
                raise Refusal("The host's own seat stays; cancel the lobby instead.")
            seats = [s for s in session.seats if s.seat != seat.seat]
            return await self._update_lobby(session, seats, session.options)

    async def options_lobby(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        """The open lobby, if this member may change its options (asked before a form opens, too)."""
        session = await self.still_open(session_id)
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host (or someone who may manage this channel) sets the options.")
        return session

    async def set_option(self, session_id: int, user_id: int, key: str, value: str, *, manager: bool) -> SessionRow:
        """Set one option by key or label, to a choice's value or label or to typed text. The game's own options go
        to the engine, which checks the whole set, so an invalid value is refused with its sentence and nothing is
        stored; the turn deadline goes to the bot's bookkeeping, which the game keeps once started (the host changes
        it later with /game host deadline)."""
        session = await self.sessions.fresh(session_id)
        if typed_option(self.game(session.game), key, value)[0] == RATED_KEY:
            async with self.sessions.lock(session_id):
                session = await self.options_lobby(session_id, user_id, manager=manager)
                value = typed_option(self.game(session.game), key, value)[1]
                if all(c.value != value for c in RATED_OPTION.choices):
                    raise Refusal("Rated is one of: " + ", ".join(c.label for c in RATED_OPTION.choices) + ".")
                meta = await self.meta.get(session)
                if value == ON and meta.hints:
                    raise Refusal("Hints are on, and a game with hints is never rated: turn Hints off first.")
                meta.rated = value
                await self.meta.save(session.id, meta)
            return session
        if typed_option(self.game(session.game), key, value)[0] == HINTS_KEY:
            async with self.sessions.lock(session_id):
                session = await self.options_lobby(session_id, user_id, manager=manager)
                value = typed_option(self.game(session.game), key, value)[1]
                if all(c.value != value for c in HINTS_OPTION.choices):
                    raise Refusal("Hints is one of: " + ", ".join(c.label for c in HINTS_OPTION.choices) + ".")
                meta = await self.meta.get(session)
                if value == "on" and meta.rated == ON:
                    raise Refusal("This game is set to Rated, and a rated game never has hints: set Rated to "
                                  "another value first.")
                meta.hints = value == "on"
                await self.meta.save(session.id, meta)
            return session
        if typed_option(self.game(session.game), key, value)[0] == DEADLINE_KEY:
            async with self.sessions.lock(session_id):
                session = await self.options_lobby(session_id, user_id, manager=manager)
                await self.deadlines.set_option(session, value)
            self.deadlines.changed()
            return session
        async with self.sessions.lock(session_id):
            session = await self.options_lobby(session_id, user_id, manager=manager)
            engine = self.game(session.game)
            key, value = typed_option(engine, key, value)
            try:
                options = engine.check_options(len(session.seats), {**session.options, key: value})
            except IllegalAction as exc:
                raise Refusal(exc.sentence) from None  # it may quote what the host typed: left as they typed it
            return await self._update_lobby(session, session.seats, options)

    async def values(self, session: SessionRow) -> dict[str, str]:
        """The values the lobby shows for `lobby_specs`: the game's options, the turn deadline, Rated and Hints."""
        async with self.sessions.lock(session.id):
            meta = await self.meta.get(await self.sessions.fresh(session.id))
        return {**session.options, DEADLINE_KEY: str(meta.deadline_hours), RATED_KEY: meta.rated,
                HINTS_KEY: "on" if meta.hints else "off"}

    async def start(self, session_id: int, user_id: int, *, manager: bool, seed: int | None = None) -> SessionRow:
        """The lobby becomes a game: first panel posted, then the AI plays if it opens."""
        async with self.sessions.lock(session_id):
            session, state = await self._begin(session_id, user_id, manager=manager, seed=seed)
            await self.publisher.publish(session, state, [], first=True)
        self.deadlines.changed()
        await self.turns.run_ai(session.id)
        if self.sessions.take_unposted(session.id):
            raise PostFailed()
        return session

    async def _begin(self, session_id: int, user_id: int, *, manager: bool,
                     seed: int | None = None) -> tuple[SessionRow, GameState]:
        """The engine sets the game up with a fresh seed (or `seed`), the store saves the first state. Call with the
        session lock held."""
        session = await self.still_open(session_id)
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can start the game.")
        if any(s.is_ai for s in session.seats):  # a lobby played again keeps its AI seats: the setting holds there too
            await self._ai_allowed(session)
        engine = self.game(session.game)
        chosen = seed is not None
        seed = seed if seed is not None else self.seeds()
        try:
            state = new_game(engine, len(session.seats), seed, session.options)
        except IllegalAction as exc:
            raise Refusal(name_seats(exc.sentence, seat_names(session), markdown=False)) from None
        session = await self.store.start_session(
            session.id, seed=seed, seats=session.seats, state_json=dump_state(state),
            state_version=state.version, expected_version=session.version,
        )
        if chosen:
            meta = await self.meta.get(session)
            meta.seed_chosen = True
            await self.meta.save(session.id, meta)
        self.sessions.remember(session.id, state)
        self.sessions.take_unposted(session.id)
        log.info("session started", extra={"session_id": session.id, "guild_id": session.guild_id,
                                           "channel_id": session.channel_id})
        return session, state

    async def play_again(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        """A new lobby in the finished game's channel with its seats and options, for the same host to start:
        offered on the final panel where the rules settle a result by another game (Planes: a complete tie). The
        finished game keeps its own record, and the new one its turn deadline and Rated. Members come back to their
        seats (a seat the AI held while its member was away too); AI seats stay as they were; a resigned member's
        seat is left out, for anyone to take."""
        old = await self.sessions.fresh(session_id)
        async with self.sessions.lock(session_id):
            old_meta = await self.meta.get(old)
            deadline, rated = old_meta.deadline_hours, old_meta.rated
        session = await self._again(old, user_id, manager=manager)
        if rated != RATED_OPTION.default:
            async with self.sessions.lock(session.id):
                meta = await self.meta.get(session)
                meta.rated = rated
                await self.meta.save(session.id, meta)
        if deadline:
            async with self.sessions.lock(session.id):
                await self.deadlines.set_option(session, str(deadline))
            self.deadlines.changed()
        log.info("game played again", extra={"session_id": session.id, "guild_id": session.guild_id,
                                             "channel_id": session.channel_id, "after": session_id})
        return session

    async def _again(self, old: SessionRow, user_id: int, *, manager: bool) -> SessionRow:
        """The new lobby of `play_again`, with the seats and options of `old` (its turn deadline is set after)."""
        if old.status != "finished":
            raise Refusal("Only a finished game can be played again.")
        members = {s.user_id for s in old.seats if s.user_id is not None}
        if user_id not in members and user_id != old.host_id and not manager:
            raise Refusal("Only the players of that game (or someone who may manage this channel) start it again.")
        seats = [again(s) for s in old.seats if s.user_id is not None or not s.name.endswith(RESIGNED)]
        try:
            return await self.store.create_session(
                guild_id=old.guild_id, channel_id=old.channel_id, game=old.game, host_id=old.host_id,
                options=dict(old.options), seats=[s.model_copy(update={"seat": i}) for i, s in enumerate(seats)])
        except ChannelBusy:
            raise Refusal("This channel already has a game open (someone may have pressed Play again first); "
                          "join that one, or finish or cancel it first.") from None

    async def rated(self, session: SessionRow) -> bool:
        """Whether this started game moves ratings when it ends (its Rated option, members, seed; bot/ratings)."""
        meta = await self.meta.get(session)
        return self.ratings.counts(session, option=meta.rated, seed_chosen=meta.seed_chosen)

    async def cancel_resigns(self, session_id: int, user_id: int, *, manager: bool) -> bool:
        """Whether this member's cancel counts as their resignation: a rated game that has started is never
        cancelled (a loss would vanish with it), so its host's cancel resigns them (Turns.resign: they count as last
        and the game goes on, or the AI plays it out). Refused for whoever may not cancel, and, in a started rated
        game, for a canceller who does not play in it (only its players end it). False: `cancel` cancels."""
        session = await self.sessions.fresh(session_id)
        if session.status not in OPEN:
            raise Refusal("This game is already closed.")
        if user_id != session.host_id and not manager:
            raise Refusal("Only the host or someone who may manage this channel can cancel the game.")
        if session.status != "active" or not await self.rated(session):
            return False
        if not seats_of(session, user_id):
            raise Refusal("This game is rated and has started, so it is not cancelled: it ends when it is played "
                          "out, or when its players resign (`/game resign`; whoever resigns counts as last).")
        return True

    async def cancel(self, session_id: int, user_id: int, *, manager: bool) -> SessionRow:
        """Cancel a lobby or an unrated game (the Discord layer asks a started game's canceller to confirm first). A
        started game keeps its record; its last panel loses its buttons with a word saying why. A started rated game
        is refused: cancelling it is resigning (see `cancel_resigns`)."""
        async with self.sessions.lock(session_id):
            session = await self.sessions.fresh(session_id)
            if session.status not in OPEN:
                raise Refusal("This game is already closed.")
            if user_id != session.host_id and not manager:
                raise Refusal("Only the host or someone who may manage this channel can cancel the game.")
            if session.status == "active" and await self.rated(session):
                raise Refusal("This game is rated and has started, so it is not cancelled: a player leaves it with "
                              "`/game resign` (and counts as last).")
            await self.store.set_status(session.id, "cancelled")
            log.info("session cancelled", extra={"session_id": session.id, "guild_id": session.guild_id,
                                                 "channel_id": session.channel_id})
            session = await self.sessions.fresh(session_id)
        if session.seed is not None and session.board_message_id is not None:
            await self.publisher.retire(session, session.board_message_id,
                                        "This game was cancelled; `/game history` keeps its record.")
        return session


def again(seat: Seat) -> Seat:
    """A finished game's seat as the lobby of a game played again seats it: a seat the AI held while its member was
    away goes back to the member; the others stay as they were."""
    if seat.is_ai and seat.user_id is not None:
        return Seat(seat=seat.seat, user_id=seat.user_id, name=seat.name.removesuffix(AWAY))
    return seat.model_copy()


def lobby_specs(engine: Game) -> list[GameOptionSpec]:
    """The options a lobby shows: the game's own, then the ones every game has, which the bot keeps (the turn
    deadline, see deadlines.py; Rated, see bot/ratings/rated.py; Hints, see coach.py)."""
    return [*engine.option_specs, DEADLINE_OPTION, RATED_OPTION, HINTS_OPTION]


def typed_option(engine: Game, name: str, value: str) -> tuple[str, str]:
    """A typed option name and value as the lobby knows them: a label the lobby shows stands for its key or value
    (case aside); anything else goes to the engine as typed, which accepts it or says why not."""
    name, value = name.strip(), value.strip()
    specs = lobby_specs(engine)
    spec = next((s for s in specs if name in (s.key, s.label)), None) or next(
        (s for s in specs if name.casefold() in (s.key.casefold(), s.label.casefold())), None)
    if spec is None:
        return name, value
    if any(c.value == value for c in spec.choices):
        return spec.key, value
    choice = next((c for c in spec.choices if value.casefold() in (c.value.casefold(), c.label.casefold())), None)
    return spec.key, choice.value if choice else value
