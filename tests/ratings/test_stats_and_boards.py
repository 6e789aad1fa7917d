"""A member's stats and a server's board as bot/ratings gathers them, on a real (SQLite) store: wins, win rate,
average score, favourite seat, best game, the trend of the last rated games; the top 10, level ratings sharing a
place, and the asker's own place under the top 10."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from openskill.models import PlackettLuce

from bot.ratings import Ratings
from bot.ratings.ratings import MIN_GAMES
from bot.ratings.scale import shown
from bot.store import RatingRow, ResultRow, ResultSeat, Seat, SqliteStore
from tests.support.toy_game import ToyGame

T0 = datetime(2026, 11, 2, tzinfo=UTC)
PL = PlackettLuce()


async def add(ratings: Ratings, store: SqliteStore, seats: list[tuple[int, int, int]], at: datetime,
              rated: bool = True) -> int:
    """A finished toy game of (user, place, score) per seat, through Ratings.add as the bot writes one."""
    row = await store.create_session(guild_id=5, channel_id=int(at.timestamp()), game="toy", host_id=seats[0][0],
                                     options={}, seats=[Seat(seat=i, user_id=u, name=f"u{u}")
                                                        for i, (u, _p, _s) in enumerate(seats)])
    await store.set_status(row.id, "finished")
    await ratings.add(ResultRow(session_id=row.id, guild_id=5, channel_id=row.channel_id, game="toy",
                                finished_at=at, rated=rated,
                                seats=[ResultSeat(seat=i, user_id=u, name=f"u{u}", place=p, score=s)
                                       for i, (u, p, s) in enumerate(seats)]))
    return row.id


async def test_a_members_stats(store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    assert await ratings.stats(5, 1, None) is None
    await add(ratings, store, [(1, 2, 10), (2, 1, 20)], T0)
    best = await add(ratings, store, [(2, 2, 8), (1, 1, 30)], T0 + timedelta(hours=1))
    await add(ratings, store, [(2, 1, 9), (1, 2, 5)], T0 + timedelta(hours=2), rated=False)
    stats = await ratings.stats(5, 1, None)
    assert stats is not None and stats.game == "toy"
    assert (stats.games, stats.wins, round(stats.win_rate, 3), stats.average_score) == (3, 1, 0.333, 15.0)
    assert stats.favourite_seat == 1 and stats.best is not None and stats.best.session_id == best
    [[first], [two]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[2, 1])
    [[two], [one]] = PL.rate([[two], [first]], ranks=[2, 1])
    assert stats.rating is not None and (stats.rating.mu, stats.rating.sigma, stats.rating.games) == \
        (one.mu, one.sigma, 2), "the unrated game moved nothing"
    assert stats.trend == [shown(first.mu, first.sigma), shown(one.mu, one.sigma)]
    assert stats.place is None, f"off the board before {MIN_GAMES} games"
    assert await ratings.stats(6, 1, None) is None, "another server's games are not this one's"


async def test_the_board_shows_the_top_ten_and_the_askers_place_under_it(store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    rows = [RatingRow(guild_id=5, game="toy", season="", player=f"member:{u}", mu=40.0 - u, sigma=1.0, games=5)
            for u in range(1, 13)]
    rows[1] = rows[1].model_copy(update={"mu": rows[0].mu})  # 1 and 2 level
    rows.append(RatingRow(guild_id=5, game="toy", season="", player="member:99", mu=50.0, sigma=1.0, games=4))
    await store.replace_ratings(rows, [])
    board = await ratings.board(5, 12, "toy", "")
    assert [line.place for line in board.lines] == [1, 1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [line.user_id for line in board.lines][:3] == [1, 2, 3]
    assert board.own is not None and (board.own.place, board.own.user_id) == (12, 12)
    newcomer = await ratings.board(5, 99, "toy", "")
    assert newcomer.own is None and newcomer.own_rating is not None and newcomer.own_rating.games == 4
    assert (await ratings.board(5, 3, "toy", "")).own is None, "a member in the top 10 is shown there only"
