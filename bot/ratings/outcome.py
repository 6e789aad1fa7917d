"""A finished game as its result record: who sat where (the member of a seat the AI kept while they were away too),
AI levels, places, scores, and the members who resigned, who count as last."""

from __future__ import annotations

from datetime import datetime

from bot.store import ResultRow, ResultSeat, SessionRow
from engine.core import Game, GameState
from engine.core.ai import levels


def places(scores: dict[int, int], winners: list[int], out: set[int]) -> dict[int, int]:
    """Places by seat: the winners first (sharing 1), then the others by score (equal scores share a place), then the
    seats in `out` (resigned), sharing the last place."""
    found = {s: 1 for s in winners if s not in out}
    rest = sorted((s for s in scores if s not in found and s not in out), key=lambda s: -scores[s])
    for index, seat in enumerate(rest):
        before = rest[index - 1] if index else None
        same = before is not None and scores[before] == scores[seat]
        found[seat] = found[before] if same and before is not None else len(found) + 1
    last = len(found) + 1
    found.update({s: last for s in out})
    return found


def result_record(session: SessionRow, engine: Game, state: GameState, *, rated: bool,
                  finished_at: datetime) -> ResultRow:
    """The result of `session`, finished at `state`. ValueError when the state has no result (the game is not
    over)."""
    result = engine.result(state)
    if result is None:
        raise ValueError(f"session {session.id} is not over")
    scores = {s.seat: s.score for s in result.standings}
    resigned = {s.seat for s in session.seats if s.resigned_by is not None}
    if engine.cooperative:
        # The team against the game: 1 when the team won, 2 when the game beat it, 3 (below both) for who resigned.
        place = {s: 3 if s in resigned else 1 if result.winners else 2 for s in scores}
    else:
        place = places(scores, result.winners, resigned)
    seats = []
    for seat in session.seats:
        user = seat.user_id if seat.user_id is not None else seat.resigned_by
        level = "" if user is not None else (seat.level or levels.EASY)  # empty was the playout policy, now Easy
        seats.append(ResultSeat(seat=seat.seat, user_id=user, ai_level=level, name=seat.name,
                                place=place[seat.seat], score=scores.get(seat.seat, 0),
                                resigned=seat.seat in resigned))
    return ResultRow(session_id=session.id, guild_id=session.guild_id, channel_id=session.channel_id,
                     game=session.game, finished_at=finished_at, rated=rated, team=engine.cooperative, seats=seats)
