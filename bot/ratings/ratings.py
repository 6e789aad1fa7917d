"""The ratings part: a result written when a game ends (its ratings moved in the same transaction), the results of
games that ended without one written at start-up, a member's stats and a server's boards.

Ratings are read-modify-write, done inside the store's transaction under the ratings lock every process shares
(Store.add_rated_result), so two processes rating two games of one member at the same moment both count. At
start-up `verify` compares a few aggregates of the stored ratings with the results (games per member, season
totals, steps, the rules' fingerprint) and rebuilds every rating from the results when they differ.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

import bot.ratings.rate as rate
import bot.ratings.rated as rated
from bot.ratings.keys import ALL_TIME, member, user_of
from bot.ratings.outcome import result_record
from bot.ratings.reference import levels_of
from bot.ratings.scale import MIN_GAMES, shown
from bot.store import RatingRow, RatingStep, ResultRow, SessionRow, Store
from bot.store.results import conservative
from engine.core import Game, GameState

log = logging.getLogger("tarmac.ratings")

TOP = 10
TREND = 10
CHART = 50
"""Rated games a rating chart shows at most, the latest: a line of more would be a smear at 400 px."""


@dataclass
class MemberStats:
    game: str
    games: int
    wins: int
    rating: RatingRow | None
    """All-time, in this server; None before their first rated game."""
    trend: list[int]
    """Their rating as shown (bot.ratings.scale) after each of their last rated games (up to 10), oldest first."""
    favourite_seat: int | None
    """The seat (from 0) they played most often, the earliest of equals."""
    average_score: float
    best: ResultRow | None
    """Their best game: the best place, then the highest score, then the earliest."""
    place: int | None
    """Their place on the server's all-time board (None: not on it yet)."""
    steps: list[RatingStep] = field(default_factory=list)
    """Their all-time rating after each of their last rated games (up to CHART), oldest first: the chart's points,
    exactly as the store keeps them (an unrated or cancelled game has none, a resigned one has its own)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class BoardLine:
    place: int
    rating: RatingRow

    @property
    def user_id(self) -> int | None:
        return user_of(self.rating.player)


@dataclass
class Board:
    game: str
    season: str
    lines: list[BoardLine]
    own: BoardLine | None = None
    """The asking member's line when they are on the board but not in its top 10."""
    own_rating: RatingRow | None = None
    """The asking member's rating on this board, shown or not (fewer than MIN_GAMES games)."""
    references: list[tuple[str, float, float]] = field(default_factory=list)
    """The game's AI levels as (level, μ, σ), best first: fixed yardsticks beside the board, not on it."""
    names: dict[int, str] = field(default_factory=dict)
    """The members of the lines (and `own`) by the name they play under here, as they wrote it (the picture's)."""


StateOf = Callable[[SessionRow], Awaitable[tuple[GameState, str, bool]]]
"""A finished session's final state, its Rated option and whether its seed was chosen (for catch_up)."""


class Ratings:
    def __init__(self, store: Store, games: Mapping[str, Game]) -> None:
        self.store = store
        self.games = games

    def members(self, session: SessionRow) -> int:
        return len({s.user_id if s.user_id is not None else s.resigned_by for s in session.seats} - {None})

    def counts(self, session: SessionRow, *, option: str, seed_chosen: bool) -> bool:
        return rated.counts(self.games[session.game], option=option, members=self.members(session),
                            guild_id=session.guild_id, options=session.options, seed_chosen=seed_chosen)

    async def record(self, session: SessionRow, state: GameState, *, option: str, seed_chosen: bool,
                     finished_at: datetime) -> ResultRow | None:
        """Write the result of a game that just ended, and move its ratings when it is rated. None when it already
        had a result."""
        result = result_record(session, self.games[session.game], state, finished_at=finished_at,
                               rated=self.counts(session, option=option, seed_chosen=seed_chosen),
                               ai_moves=await self.store.ai_moves(session.id))
        added = await self.add(result)
        if added:
            log.info("result recorded", extra={"session_id": session.id, "guild_id": session.guild_id,
                                               "rated": result.rated})
        return result if added else None

    async def add(self, result: ResultRow) -> bool:
        """Store a result with the ratings it moves, read from the store under its ratings lock (the newest result
        is the last in order, so this equals a recomputation). False when its session already had one."""
        return await self.store.add_rated_result(result, rate.RULES)

    async def catch_up(self, state_of: StateOf) -> int:
        """Write the results of finished games that have none (games that ended before results were kept, or whose
        result the process did not write before it stopped), then rebuild every rating in order. Returns how many."""
        added = 0
        for session in await self.store.finished_without_result():
            if session.game not in self.games:
                continue  # another build's game: left for that build
            state, option, seed_chosen = await state_of(session)
            if self.games[session.game].result(state) is None:
                log.warning("finished game without a result", extra={"session_id": session.id})
                continue
            result = result_record(session, self.games[session.game], state, finished_at=session.updated_at,
                                   rated=self.counts(session, option=option, seed_chosen=seed_chosen),
                                   ai_moves=await self.store.ai_moves(session.id))
            added += await self.store.add_result(result, [], [])
        if added:
            log.info("results caught up", extra={"results": added})
        await self.verify(rebuild=bool(added))
        return added

    async def verify(self, *, rebuild: bool = False) -> bool:
        """Whether the stored ratings agree with the results, by aggregates cheap enough for every start; when they
        do not (or `rebuild`), every rating is rebuilt from the results. True when a rebuild was needed."""
        audit = await self.store.ratings_audit()
        total = sum(audit.expected.values())
        short = [what for what, bad in (
            ("games per member", audit.stored != audit.expected),
            ("season games", audit.season_games != total),
            ("steps", audit.steps != total)) if bad]
        if short:
            log.warning("stored ratings differ from the results; rebuilding", extra={"differs": ", ".join(short)})
        elif audit.fingerprint != rate.RULES.fingerprint:
            # A new database, or new reference constants since the ratings were stored: expected, not a fault.
            log.info("ratings rebuilt under the current reference ratings")
        differs = bool(short) or audit.fingerprint != rate.RULES.fingerprint
        if differs or rebuild:
            await self.rebuild()
        return differs

    async def rebuild(self) -> None:
        """Every rating recomputed from the results, in order, and stored in place of the old ones."""
        await self.store.rebuild_ratings(rate.RULES)

    # ------------------------------------------------------------------ reading
    async def stats(self, guild_id: int, user_id: int, game: str | None) -> MemberStats | None:
        """A member's record in this server for `game` (None: the game they played most here); None when they have
        finished no game of it here."""
        results = await self.store.results(guild_id=guild_id, user_id=user_id, game=game)
        if game is None:
            played = Counter(r.game for r in results)
            if not played:
                return None
            game = played.most_common(1)[0][0]  # of equals, the one played first
            results = [r for r in results if r.game == game]
        if not results:
            return None
        mine = [(r, next(s for s in r.seats if s.user_id == user_id)) for r in results]
        player = member(user_id)
        found = await self.store.get_ratings([(guild_id, game, ALL_TIME, player)])
        steps = await self.store.rating_steps(guild_id, game, player, last=CHART)
        seats = Counter(s.seat for _r, s in mine)
        best = min(mine, key=lambda m: (m[1].place, -m[1].score))[0]
        return MemberStats(
            game=game, games=len(mine), wins=sum(1 for _r, s in mine if s.place == 1 and not s.resigned),
            rating=found[0] if found else None, trend=[shown(t.mu, t.sigma) for t in steps[-TREND:]], steps=steps,
            favourite_seat=max(sorted(seats), key=lambda s: seats[s]),
            average_score=sum(s.score for _r, s in mine) / len(mine), best=best,
            place=await self.store.rating_place(guild_id, game, ALL_TIME, player, min_games=MIN_GAMES),
        )

    async def board(self, guild_id: int, user_id: int, game: str, season: str) -> Board:
        """The top 10 of a server's board for `game` in `season` ("" all time), and the asking member's place."""
        rows = await self.store.leaderboard(guild_id, game, season, min_games=MIN_GAMES, limit=TOP)
        lines: list[BoardLine] = []
        for row in rows:
            level = lines and conservative(lines[-1].rating) == conservative(row)
            lines.append(BoardLine(lines[-1].place if level else len(lines) + 1, row))
        player = member(user_id)
        own_rows = await self.store.get_ratings([(guild_id, game, season, player)])
        board = Board(game, season, lines, own_rating=own_rows[0] if own_rows else None,
                      references=levels_of(game))
        if board.own_rating is not None and all(line.rating.player != player for line in lines):
            place = await self.store.rating_place(guild_id, game, season, player, min_games=MIN_GAMES)
            if place is not None:
                board.own = BoardLine(place, board.own_rating)
        shown_lines = board.lines + ([board.own] if board.own else [])
        board.names = await self.store.member_names(
            guild_id, [u for u in (line.user_id for line in shown_lines) if u is not None])
        return board
