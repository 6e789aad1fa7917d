"""A finished game as its result record: who sat where (the member of a seat the AI kept while they were away too),
AI levels, places, scores, the members who resigned, who count as last, and the seats the AI played for its
member."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from bot.ratings.rate import entrants
from bot.store import ResultRow, ResultSeat, SessionRow
from engine.core import Game, GameState
from engine.core.ai import levels

AI_SHARE = 0.25
"""A member's seat the AI played for more than this share of its moves (kept while they were away) is not their
game: the result keeps the seat, and no rating moves from it (see docs/ratings.md)."""


def places(scores: dict[int, int], winners: list[int], out: Collection[int],
           order: Mapping[int, int] | None = None) -> dict[int, int]:
    """Places by seat: the winners first (sharing 1), then the others by score (equal scores share a place), then the
    seats in `out` (resigned), last: by `order` (the resignation's number, see Seat.resigned_order), the latest
    resigner above earlier ones; seats of one resignation (or with no number) share their place."""
    found = {s: 1 for s in winners if s not in out}
    rest = sorted((s for s in scores if s not in found and s not in out), key=lambda s: -scores[s])
    for index, seat in enumerate(rest):
        before = rest[index - 1] if index else None
        same = before is not None and scores[before] == scores[seat]
        found[seat] = found[before] if same and before is not None else len(found) + 1
    nth = order or {}
    left = sorted(out, key=lambda s: -nth.get(s, 0))
    for index, seat in enumerate(left):
        before = left[index - 1] if index else None
        same = before is not None and nth.get(before, 0) == nth.get(seat, 0)
        found[seat] = found[before] if same and before is not None else len(found) + 1
    return found


def ai_kept(session: SessionRow, ai_moves: Mapping[int, tuple[int, int]]) -> set[int]:
    """The members' seats (not resigned) the AI played for more than AI_SHARE of their moves: (AI's, all) by seat,
    from the action log (store.ai_moves). A resigned seat is never among them: its member is last, whoever played."""
    return {s.seat for s in session.seats
            if s.user_id is not None and s.resigned_by is None
            and ai_moves.get(s.seat, (0, 0))[0] > AI_SHARE * ai_moves.get(s.seat, (0, 0))[1]}


def result_record(session: SessionRow, engine: Game, state: GameState, *, rated: bool,
                  finished_at: datetime, ai_moves: Mapping[int, tuple[int, int]] | None = None) -> ResultRow:
    """The result of `session`, finished at `state`; `ai_moves`: per seat, (moves the AI chose, all moves).
    ValueError when the state has no result (the game is not over)."""
    result = engine.result(state)
    if result is None:
        raise ValueError(f"session {session.id} is not over")
    scores = {s.seat: s.score for s in result.standings}
    resigned = {s.seat: s.resigned_order for s in session.seats if s.resigned_by is not None}
    if engine.info.cooperative:
        # The team against the game: 1 when the team won, 2 when the game beat it, then (below both) who resigned,
        # the latest resigner first.
        later = sorted(set(resigned.values()), reverse=True)
        place = {s: 3 + later.index(resigned[s]) if s in resigned else 1 if result.winners else 2 for s in scores}
    else:
        place = places(scores, result.winners, resigned, resigned)
    kept = ai_kept(session, ai_moves or {})
    seats = []
    for seat in session.seats:
        user = seat.user_id if seat.user_id is not None else seat.resigned_by
        level = "" if user is not None else (seat.level or levels.EASY)  # empty was the playout policy, now Easy
        seats.append(ResultSeat(seat=seat.seat, user_id=user, ai_level=level, name=seat.name,
                                place=place[seat.seat], score=scores.get(seat.seat, 0),
                                resigned=seat.seat in resigned, ai_kept=seat.seat in kept))
    record = ResultRow(session_id=session.id, guild_id=session.guild_id, channel_id=session.channel_id,
                       game=session.game, finished_at=finished_at, rated=rated, team=engine.info.cooperative,
                       seats=seats)
    # With the AI-played seats left out no contest may be left (one member alone): then the game rates nobody, and
    # says so, so that every member seat of a rated result is one game of its member's rating (Ratings.verify).
    return record if not rated or entrants(record) else record.model_copy(update={"rated": False})
