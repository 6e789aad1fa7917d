"""Ratings as people read them: 1500 + 20 × (μ − 3σ) of openskill's own figures, a new member at 1,500, "?" while
provisional (fewer than the board's 5 games), μ and σ only in /game stats' details; boards and stats on the same
scale; /game stats with no game chosen shows the member's most played game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from openskill.models import PlackettLuce

from bot.discord.ratings_texts import board_text, stats_text
from bot.ratings import Ratings
from bot.ratings.scale import MIN_GAMES, provisional, shown, shown_text
from bot.store import ResultRow, ResultSeat, Seat, SqliteStore
from tests.support.toy_game import ToyGame

PL = PlackettLuce()
T0 = datetime(2026, 11, 2, tzinfo=UTC)


async def duel(ratings: Ratings, store: SqliteStore, winner: int, loser: int, at: datetime,
               game: str = "toy") -> None:
    row = await store.create_session(guild_id=5, channel_id=int(at.timestamp()), game=game, host_id=winner,
                                     options={}, seats=[Seat(seat=0, user_id=winner, name="w"),
                                                        Seat(seat=1, user_id=loser, name="l")])
    await store.set_status(row.id, "finished")
    await ratings.add(ResultRow(session_id=row.id, guild_id=5, channel_id=row.channel_id, game=game, finished_at=at,
                                rated=True, seats=[ResultSeat(seat=0, user_id=winner, name="w", place=1, score=2),
                                                   ResultSeat(seat=1, user_id=loser, name="l", place=2, score=1)]))


def test_the_scale_maps_openskills_conservative_figure_linearly() -> None:
    newcomer = PL.rating()
    assert shown(newcomer.mu, newcomer.sigma) == 1500, "a new member is at 1,500"
    [[won], [lost]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1, 2])
    for r in (won, lost):
        assert shown(r.mu, r.sigma) == round(1500 + 20 * (r.mu - 3 * r.sigma))
    assert shown(won.mu, won.sigma) - 1500 == round(20 * (won.mu - 3 * won.sigma))
    assert shown(won.mu, won.sigma) > 1500 > shown(lost.mu, lost.sigma)
    assert shown(40.0, 2.0) == 2180 and shown(10.0, 5.0) == 1400
    assert [provisional(n) for n in range(MIN_GAMES + 1)] == [True] * MIN_GAMES + [False]
    assert shown_text(40.0, 2.0, 4) == "2,180?" and shown_text(40.0, 2.0, 5) == "2,180"
    assert shown_text(40.0, 2.0) == "2,180", "a reference player is never provisional"


async def test_stats_and_board_show_the_same_figure_and_mu_sigma_only_in_details(store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    me, other = PL.rating(), PL.rating()
    for i in range(MIN_GAMES):
        await duel(ratings, store, 1, 2, T0 + timedelta(hours=i))
        [[me], [other]] = PL.rate([[me], [other]], ranks=[1, 2])
        stats = await ratings.stats(5, 1, "toy")
        assert stats is not None
        text = stats_text(stats, 1, ToyGame())
        rating_line = next(line for line in text.splitlines() if line.startswith("Rating:"))
        figure = f"{shown(me.mu, me.sigma):,}"
        if i + 1 < MIN_GAMES:
            assert rating_line == f"Rating: **{figure}?** (provisional: {i + 1} of {MIN_GAMES} rated games)."
        else:
            assert rating_line == f"Rating: **{figure}** ({MIN_GAMES} rated games)."
        assert "μ" not in rating_line and f"Details: μ {me.mu:.2f}, σ {me.sigma:.2f};" in text
    board = board_text(await ratings.board(5, 1, "toy", ""), 1, ToyGame())
    assert board.splitlines()[0] == f"1. <@1>: **{shown(me.mu, me.sigma):,}** ({MIN_GAMES} rated games)"
    assert f"**{shown(other.mu, other.sigma):,}**" in board and "μ" not in board
    stats = await ratings.stats(5, 1, "toy")
    assert stats is not None and stats.trend[-1] == shown(me.mu, me.sigma), "the trend is on the same scale"
    assert f"→ {shown(me.mu, me.sigma):,})" in stats_text(stats, 1, ToyGame())


async def test_stats_without_a_game_show_the_most_played_one(store: SqliteStore) -> None:
    ratings = Ratings(store, {"toy": ToyGame(), "planes": ToyGame()})
    await duel(ratings, store, 1, 2, T0, game="toy")  # played first, once
    for i in range(2):
        await duel(ratings, store, 2, 1, T0 + timedelta(hours=1 + i), game="planes")
    stats = await ratings.stats(5, 1, None)
    assert stats is not None and (stats.game, stats.games) == ("planes", 2)
