"""The result rules that keep a loss on the rating: resigned members last in the order they left, and a member's
seat the AI played for more than a quarter of its moves rated for nobody (the others rated among themselves)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from openskill.models import PlackettLuce

from bot.ratings import rate
from bot.ratings.outcome import ai_kept, places, result_record
from bot.store import ResultRow, ResultSeat, Seat, SessionRow
from engine.core import Result, SeatResult
from tests.support.toy_game import ToyGame

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PL = PlackettLuce()


def session_of(seats: list[Seat]) -> SessionRow:
    return SessionRow(id=3, guild_id=5, channel_id=10, game="toy", host_id=1, status="finished", options={}, seed=1,
                      version=9, seats=seats, created_at=T0, updated_at=T0)


def scored(*scores: int, winners: list[int], cooperative: bool = False) -> ToyGame:
    class Done(ToyGame):
        def result(self, state):  # type: ignore[no-untyped-def]
            return Result(standings=[SeatResult(seat=s, score=v) for s, v in enumerate(scores)], winners=winners,
                          summary="")

    Done.info = replace(ToyGame.info, cooperative=cooperative)
    return Done()


def test_resigned_seats_come_last_the_latest_resigner_above_the_earlier() -> None:
    assert places({0: 50, 1: 30, 2: 10, 3: 5}, [0], {0, 2}, {0: 1, 2: 2}) == {1: 1, 3: 2, 2: 3, 0: 4}
    assert places({0: 1, 1: 2, 2: 3}, [2], {0, 1, 2}, {0: 1, 1: 2, 2: 3}) == {2: 1, 1: 2, 0: 3}
    assert places({0: 1, 1: 2, 2: 3}, [2], {0, 1}, {0: 1, 1: 1}) == {2: 1, 0: 2, 1: 2}, "one resignation: one place"
    seats = [Seat(seat=0, user_id=None, name="ana (resigned)", is_ai=True, resigned_by=1, resigned_order=1),
             Seat(seat=1, user_id=None, name="bo (resigned)", is_ai=True, resigned_by=2, resigned_order=2),
             Seat(seat=2, user_id=None, name="AI 1", is_ai=True, level="easy")]
    record = result_record(session_of(seats), scored(9, 7, 1, winners=[0]), None,  # type: ignore[arg-type]
                           rated=True, finished_at=T0)
    assert [(s.user_id, s.place, s.resigned) for s in record.seats] == [(1, 3, True), (2, 2, True), (None, 1, False)]
    team = result_record(session_of(seats), scored(1, 1, 1, winners=[0, 1, 2], cooperative=True),
                         None, rated=True, finished_at=T0)  # type: ignore[arg-type]
    assert [s.place for s in team.seats] == [4, 3, 1], "a team game: below the team and the game, in order too"
    [_day, *members] = rate.entrants(team)
    assert sorted((e.player, e.rank) for e in members) == [("ai:easy", 1), ("member:1", 4), ("member:2", 3)]


def test_more_than_a_quarter_of_the_moves_by_the_ai_keeps_the_seat_off_the_ratings() -> None:
    seats = [Seat(seat=0, user_id=1, name="ana"), Seat(seat=1, user_id=2, name="bo (AI while away)", is_ai=True),
             Seat(seat=2, user_id=None, name="cy (resigned)", is_ai=True, resigned_by=3, resigned_order=1),
             Seat(seat=3, user_id=4, name="di")]
    moves = {0: (1, 4), 1: (2, 7), 2: (9, 10), 3: (0, 0)}
    assert ai_kept(session_of(seats), moves) == {1}, \
        "exactly a quarter still counts; a resigned seat is never spared its loss; no moves is no AI's"
    assert ai_kept(session_of(seats), {**moves, 0: (2, 7)}) == {0, 1}


def test_the_others_are_rated_among_themselves_and_a_lone_member_is_not_rated() -> None:
    seats = [ResultSeat(seat=0, user_id=1, name="ana", place=1, score=9),
             ResultSeat(seat=1, user_id=2, name="bo", place=2, score=5, ai_kept=True),
             ResultSeat(seat=2, user_id=3, name="cy", place=3, score=1)]
    result = ResultRow(session_id=1, guild_id=5, channel_id=10, game="toy", finished_at=T0, rated=True, seats=seats)
    moved, _steps = rate.update(result, {})
    got = {r.player: (r.mu, r.sigma) for r in moved if r.season == ""}
    [[ana], [cy]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1, 3])
    assert got == {"member:1": (ana.mu, ana.sigma), "member:3": (cy.mu, cy.sigma)}
    alone = result.model_copy(update={"seats": [seats[0], seats[1]]})
    assert rate.update(alone, {}) == ([], []), "with one side left there is no contest to rate"
