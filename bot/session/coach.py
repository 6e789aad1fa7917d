"""After the game and the coach: the race chart a finished game's final message carries, the chances chart and
turning points that follow it once a worker has worked them out (`/coach chart` for a past game of the channel),
and `/coach hint` in a game whose lobby turned Hints on.

Everything here reads the action log, replayed in a worker thread (bot.session.replays.turns_of), and hands the
engine's analysis (engine/analysis) to renderers/after. The charts are made only for a game that is over: its full
state is public then (the export holds its seed), while a running game's holds hidden cards. A hint reads the
member's own view only (engine.analysis.coach), and is offered only where the lobby turned Hints on; such a game is
never rated (bot.ratings.rated: a hint is help from the AI), and its log says hints were on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.naming import seat_names
from bot.session.meta import MetaBook
from bot.session.replays import OLDER_RULES, turns_of
from bot.session.sessions import DONE, Sessions, seats_of
from bot.session.types import Refusal
from bot.store import SessionRow
from engine.analysis import NotOver, chances, hint, race, turning_points
from engine.analysis.chances import ANALYSIS, Budget
from engine.core import GameOptionSpec, IllegalAction, OptionChoice
from renderers.after.charts import chances_chart, race_chart
from renderers.after.words import chances_words, hint_sentence, race_words, turning_point

log = logging.getLogger("tarmac.coach")

HINTS_KEY = "hints"
HINTS_OPTION = GameOptionSpec(
    key=HINTS_KEY, label="Hints", default="off",
    choices=[OptionChoice(value="off", label="No hints"), OptionChoice(value="on", label="Hints for learners")],
    help="Lets each player ask /coach hint what the Normal AI would do in their place, worked out from what they "
         "alone can see. A game with hints is never rated.",
)
"""Hints as a lobby option, kept in the bot's bookkeeping like Rated (the engine never sees it)."""
HINTS_LOGGED = "Hints were on in this game: any player could ask /coach hint what the Normal AI would do."


@dataclass
class Chart:
    """A chart and its words (its alt text, and what `text:True` gives alone)."""

    png: bytes
    words: str
    lines: list[str] = field(default_factory=list)
    """The turning points, one sentence each (the chances chart only)."""


class Coach:
    def __init__(self, sessions: Sessions, meta: MetaBook, budget: Budget = ANALYSIS) -> None:
        self.sessions = sessions
        self.meta = meta
        self.budget = budget
        self.posting: Callable[[SessionRow, Chart], Awaitable[None]] | None = None
        """Posts the chances chart into the game's channel once it is worked out (set where the parts are built)."""
        self.running: dict[int, asyncio.Task[None]] = {}
        """The analyses in their workers, by session: the final message never waits for one."""

    async def hints_on(self, session: SessionRow) -> bool:
        return (await self.meta.get(session)).hints

    async def final_race(self, session: SessionRow) -> tuple[bytes, str] | None:
        """The race chart and its words for a final message (the session row may still say "active": the move that
        ended the game is saved, its status follows)."""
        chart = await self._race(session, over=True)
        return (chart.png, chart.words) if chart is not None else None

    # ---------------------------------------------------------------- charts
    async def race(self, session: SessionRow) -> Chart | None:
        """The race chart of a game that is over (None: its game keeps no score to draw), drawn in a worker."""
        self._over(session)
        return await self._race(session)

    async def _race(self, session: SessionRow, *, over: bool = False) -> Chart | None:
        """`over`: only if the log ends the game (its scores then hide nothing), whatever the session row says."""
        rows = await self.sessions.store.actions(session.id)
        engine = self.sessions.game(session.game)
        names = seat_names(session)

        def draw() -> Chart | None:
            history, turns = turns_of(engine, session, rows)
            if over and engine.result(history.latest) is None:
                return None
            found = race(engine, history.states[history.start], turns)
            if found is None:
                return None
            word = engine.info.turn_word
            return Chart(race_chart(found, names, word), race_words(found, names, word))

        try:
            return await asyncio.to_thread(draw)
        except IllegalAction:
            raise Refusal(OLDER_RULES) from None

    async def analysis(self, session: SessionRow) -> Chart:
        """The chances chart and turning points of a game played to its end, worked out in a worker thread."""
        self._over(session)
        rows = await self.sessions.store.actions(session.id)
        engine = self.sessions.game(session.game)
        names = seat_names(session)
        seed = session.seed or 0
        budget = self.budget

        def work() -> Chart:
            history, turns = turns_of(engine, session, rows)
            found = chances(engine, history.states[history.start], turns, seed, budget)
            points = turning_points(found)
            word = engine.info.turn_word
            return Chart(chances_chart(found, names, points, word), chances_words(found, points, names, word),
                         [turning_point(p, names, word, found.team) for p in points])

        try:
            return await asyncio.to_thread(work)
        except IllegalAction:
            raise Refusal(OLDER_RULES) from None
        except NotOver:
            raise Refusal("This game was not played to its end, so there are no chances to chart: the race chart "
                          "(/coach chart) shows how far it got.") from None

    def analyse_later(self, session_id: int) -> None:
        """Start the chances of a game that just ended in a worker; they are posted when ready, after the final
        message (which never waits for them). Only for a game that is over (checked again in the worker, from the
        store): a running game's full state is not public."""
        if session_id in self.running or self.posting is None:
            return
        task = asyncio.create_task(self._analyse(session_id))
        self.running[session_id] = task
        task.add_done_callback(lambda _t: self.running.pop(session_id, None))

    async def _analyse(self, session_id: int) -> None:
        try:
            session = await self.sessions.fresh(session_id)
            if session.status not in DONE:
                return
            chart = await self.analysis(session)
            assert self.posting is not None
            await self.posting(session, chart)
        except Refusal:
            pass  # not played to its end (a cancelled game): nothing to say
        except Exception:
            log.exception("could not work out the turning points", extra={"session_id": session_id})

    @staticmethod
    def _over(session: SessionRow) -> None:
        if session.status not in DONE or session.seed is None:
            raise Refusal("The charts come once the game is over: until then its full state holds cards some "
                          "players may not see.")

    # ---------------------------------------------------------------- hints
    async def hint(self, session: SessionRow, user_id: int) -> str:
        """What Normal would choose for the member now, from their own view, in one sentence."""
        if session.status != "active":
            raise Refusal("Hints are for a game in progress; /coach chart shows a finished one.")
        if not await self.hints_on(session):
            raise Refusal("Hints are off in this game. The host turns them on in the lobby (option Hints) for the "
                          "next one; a game with hints is not rated.")
        mine = seats_of(session, user_id)
        if not mine:
            raise Refusal("You are not in the game of this channel.")
        engine = self.sessions.game(session.game)
        state = await self.sessions.state(session)
        seat = next((d.seat for d in engine.pending(state) if d.seat in mine), None)
        if seat is None:
            raise Refusal("You have nothing to choose right now; ask again on your turn.")
        # Seeded by the game and the moment, so asking twice gives the same answer.
        seed = ((session.seed or 0) * 1_000_003 + state.version) & 0xFFFFFFFF
        found = await asyncio.to_thread(hint, engine, state, seat, seed)
        return hint_sentence(found)
