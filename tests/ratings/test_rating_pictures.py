"""The views of the rating pictures as bot/ratings builds them from a real (SQLite) store: the chart has a point for
each rating step the store keeps, exactly (a resigned game counts, an unrated, cancelled or AI-kept one does not),
numbered among all the member's rated games and on the shown scale; the leaderboard names each member by the name of
their latest finished seat here."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.ratings import Ratings
from bot.ratings import ratings as ratings_module
from bot.ratings.pictures import UNKNOWN, leaderboard_view, rating_history
from bot.ratings.scale import BASE, PER_POINT, shown
from bot.store import ResultRow, ResultSeat, Seat, SqliteStore
from tests.ratings.test_stats_and_boards import T0, add
from tests.support.toy_game import ToyGame


async def finished_with(ratings: Ratings, store: SqliteStore, seats: list[ResultSeat], hours: int) -> int:
    row = await store.create_session(guild_id=5, channel_id=900 + hours, game="toy", host_id=1, options={},
                                     seats=[Seat(seat=s.seat, user_id=s.user_id, name=s.name) for s in seats])
    await store.set_status(row.id, "finished")
    await ratings.add(ResultRow(session_id=row.id, guild_id=5, channel_id=row.channel_id, game="toy",
                                finished_at=T0 + timedelta(hours=hours), rated=True, seats=seats))
    return row.id


async def test_a_point_for_each_stored_step_and_none_for_unrated_cancelled_or_ai_kept_games(
        store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    await add(ratings, store, [(1, 1, 20), (2, 2, 10)], T0)
    await add(ratings, store, [(1, 2, 5), (2, 1, 9)], T0 + timedelta(hours=1), rated=False)
    cancelled = await store.create_session(guild_id=5, channel_id=77, game="toy", host_id=1, options={},
                                           seats=[Seat(seat=0, user_id=1, name="u1"), Seat(seat=1, user_id=2,
                                                                                            name="u2")])
    await store.set_status(cancelled.id, "cancelled")
    resigned = await finished_with(ratings, store, [  # member 1 resigned: last, and a step of its own
        ResultSeat(seat=0, user_id=1, name="u1 (resigned)", place=2, score=3, resigned=True),
        ResultSeat(seat=1, user_id=2, name="u2", place=1, score=8)], hours=2)
    await finished_with(ratings, store, [  # the AI kept member 1's seat: nobody is rated
        ResultSeat(seat=0, user_id=1, name="u1", place=1, score=9, ai_kept=True),
        ResultSeat(seat=1, user_id=2, name="u2", place=2, score=1)], hours=3)
    await add(ratings, store, [(1, 1, 30), (2, 2, 10)], T0 + timedelta(hours=4))
    stats = await ratings.stats(5, 1, "toy")
    assert stats is not None and stats.rating is not None
    steps = await store.rating_steps(5, "toy", "member:1", last=100)
    assert stats.steps == steps and len(steps) == 3 == stats.rating.games
    assert resigned in [s.session_id for s in steps] and cancelled.id not in [s.session_id for s in steps]
    history = rating_history(stats, "محمد", "Toy")
    assert [p.number for p in history.points] == [1, 2, 3]
    assert [p.rating for p in history.points] == [shown(s.mu, s.sigma) for s in steps]
    assert [p.top for p in history.points] == [round(BASE + PER_POINT * s.mu) for s in steps]
    assert all(p.provisional for p in history.points) and history.name == "محمد"
    assert history.points[1].rating < history.points[0].rating, "the resigned game took the rating down"
    assert stats.trend == [p.rating for p in history.points]


async def test_a_long_record_shows_its_latest_games_numbered_among_all(store: SqliteStore,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratings_module, "CHART", 4)
    ratings = Ratings(store, {"toy": ToyGame()})
    for n in range(7):
        await add(ratings, store, [(1, 1 + n % 2, 10), (2, 2 - n % 2, 10)], T0 + timedelta(hours=n))
    stats = await ratings.stats(5, 1, "toy")
    assert stats is not None
    history = rating_history(stats, "Zoë", "Toy")
    assert [p.number for p in history.points] == [4, 5, 6, 7]
    assert [p.provisional for p in history.points] == [True, False, False, False]
    assert len(stats.trend) == 4


async def test_the_board_names_members_as_they_last_played(store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    for n in range(5):
        await finished_with(ratings, store, [
            ResultSeat(seat=0, user_id=1, name="Zoë" if n < 4 else "李明", place=1, score=9),
            ResultSeat(seat=1, user_id=2, name="דוד", place=2, score=3),
            ResultSeat(seat=2, user_id=3, name="🎲 Sam" if n < 4 else "🎲 Sam (resigned)", place=3, score=1,
                       resigned=n == 4)], hours=n)
    board = await ratings.board(5, 2, "toy", "")
    assert board.names == {1: "李明", 2: "דוד", 3: "🎲 Sam"}, "the latest name, never a resigned seat's"
    view = leaderboard_view(board, "Toy", "all time")
    assert [(line.place, line.name) for line in view.lines] == [(1, "李明"), (2, "דוד"), (3, "🎲 Sam")]
    assert view.lines[0].rating == f"{shown(board.lines[0].rating.mu, board.lines[0].rating.sigma):,}"
    assert [line.games for line in view.lines] == [5, 5, 5] and view.season == "all time"
    assert leaderboard_view(board.__class__(board.game, "", board.lines), "Toy", "all time").lines[0].name == UNKNOWN
