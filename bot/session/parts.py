"""The session side's parts, built once and wired together. The Discord layer holds one `Parts` and calls the part it
needs (`parts.lobby.join`, `parts.turns.choose`, ...); there is no façade in between. See the map in `__init__.py`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from bot.ratings import Ratings
from bot.ratings.rated import OFF
from bot.session.clock import RoundClock
from bot.session.coach import Chart, Coach
from bot.session.deadlines import Deadlines
from bot.session.leagues import Leagues
from bot.session.lobby import Lobby
from bot.session.meta import MetaBook
from bot.session.publish import Publisher
from bot.session.queue import Queue
from bot.session.records import Records
from bot.session.reminders import Reminders
from bot.session.replays import Replays
from bot.session.sessions import Sessions
from bot.session.settings import Settings
from bot.session.turns import Turns
from bot.session.types import Notice, Presenter, Reminder
from bot.session.undo import Undo
from bot.store import SessionRow, Store
from engine import registry
from engine.core import Game, GameState
from renderers import GameRenderer
from renderers import for_game as renderer_for_game
from renderers.words import GameWords
from renderers.words import for_game as words_for_game


class Parts:
    def __init__(
        self,
        store: Store,
        presenter: Presenter | None = None,
        *,
        games: Mapping[str, Game] | None = None,
        ai_delay: float = 0.0,
        renderer_for: Callable[[str], GameRenderer | None] = renderer_for_game,
        words_for: Callable[[str], GameWords | None] = words_for_game,
        remind_after: float = 12 * 3600,
        nudge_gap: float = 3600,
        abandon_after: float = 14 * 86400,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        owns: Callable[[SessionRow], bool] = lambda _session: True,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.store = store
        self.presenter = presenter
        # The examples (a manifest's `example`) only when given by name: a bot offers the games people came to play.
        self.games: Mapping[str, Game] = (games if games is not None
                                          else {n: registry.get(n) for n in registry.offered()})
        self.sessions = Sessions(store, self.games, now, owns)
        self.meta = MetaBook(self.sessions)
        self.clock = RoundClock(self.sessions, self.meta)
        self.settings = Settings(store)
        self.publisher = Publisher(self.sessions, self.meta, presenter, renderer_for, self.clock,
                                   words_for=words_for, settings=self.settings)
        self.turns = Turns(self.sessions, self.publisher, self.clock, ai_delay=ai_delay)
        self.clock.on_expire = self.turns.expire
        self.undo = Undo(self.sessions, self.meta, self.publisher, self.turns)
        self.reminders = Reminders(self.sessions, self.meta, self._remind, self._notify,
                                   remind_after=remind_after, nudge_gap=nudge_gap, abandon_after=abandon_after)
        self.deadlines = Deadlines(self.sessions, self.meta, self.turns, self._remind, self._notify,
                                   self.reminders.changed)
        self.turns.on_played = self.deadlines.moved
        self.ratings = Ratings(store, self.games)
        self.lobby = Lobby(self.sessions, self.meta, self.publisher, self.turns, self.deadlines, self.ratings, seeds)
        self.on_game_end: Callable[[], None] | None = None
        """Told when a game ends (the leagues' clock wakes to move a league on)."""
        self.queue = Queue(store, self.sessions, self.lobby, now)
        self.leagues = Leagues(store, self.sessions, self.lobby, self.turns, now)
        self.records = Records(self.sessions, self.meta, self.deadlines)
        self.turns.on_finished = self._finished
        self.replays = Replays(store, self.sessions.game, renderer_for)
        self.publisher.replays = self._final_replay
        self.coach = Coach(self.sessions, self.meta)
        self.publisher.races = self.coach.final_race
        self.publisher.ended = self.coach.analyse_later
        self.coach.posting = self._post_analysis

    async def _post_analysis(self, session: SessionRow, chart: Chart) -> None:
        if self.presenter is not None:
            await self.presenter.show_analysis(session, chart)

    async def _final_replay(self, session: SessionRow) -> bytes | None:
        made = await self.replays.whole(session)
        return made.gif if made is not None else None

    async def resume(self) -> None:
        """At start-up: run the round clocks again (ending the rounds whose time ran out meanwhile), play the AI turns
        that were due when the previous process stopped, then post the current panel of every game whose newest
        panel is behind its state (stopped between a saved move and its panel). First, the results of finished
        games that have none (see Ratings.catch_up)."""
        await self.ratings.catch_up(self._final)
        await self.turns.resume_clocks()
        await self.turns.resume_ai()
        await self.turns.recover()

    async def run_timers(self) -> float | None:
        """Send due reminders and act on ended deadlines; the seconds until the next could be due (None: none)."""
        waits = [await self.deadlines.run_due(), await self.reminders.run_due()]
        found = [w for w in waits if w is not None]
        return min(found) if found else None

    async def shutdown(self) -> None:
        """Wait for every move in flight (each holds its session lock) so none is cut in half."""
        self.clock.stop_all()
        for task in list(self.coach.running.values()):
            task.cancel()  # a turning-point analysis is never worth waiting for; its thread ends on its own
        await self.sessions.shutdown()

    async def _remind(self, reminder: Reminder) -> None:
        if self.presenter is not None:
            await self.presenter.remind(reminder)

    async def _notify(self, notice: Notice) -> None:
        if self.presenter is not None:
            await self.presenter.notify(notice)

    async def _finished(self, session: SessionRow, state: GameState) -> None:
        """A move ended the game (with its lock held): its result, and its ratings when it is rated. A failure here
        never takes the final panel from the players: the result is written at the next start (catch_up)."""
        try:
            meta = await self.meta.get(session)
            # A game with hints had the AI's help: never rated.
            await self.ratings.record(session, state, option=OFF if meta.hints else meta.rated,
                                      seed_chosen=meta.seed_chosen, finished_at=self.sessions.now())
        except Exception:
            logging.getLogger("tarmac.ratings").exception("could not record the result",
                                                          extra={"session_id": session.id})
        if self.on_game_end is not None:
            self.on_game_end()

    async def _final(self, session: SessionRow) -> tuple[GameState, str, bool]:
        """A finished session's final state, Rated option and chosen seed (for Ratings.catch_up)."""
        async with self.sessions.lock(session.id):
            meta = await self.meta.get(session)
            return await self.sessions.state(session), OFF if meta.hints else meta.rated, meta.seed_chosen
