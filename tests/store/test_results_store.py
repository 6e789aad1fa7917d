"""The store's results and ratings, on SQLite and PostgreSQL alike (the conformance suite's `store` fixtures): a result
and the ratings it moved are one transaction, a session has at most one result, results come back in the order
ratings take them, boards sort and count games, and a rebuild replaces everything derived."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import RatingRow, RatingStep, ResultRow, ResultSeat, SessionRow, SqliteStore, Store
from tests.store.conftest import new_active

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


async def finished(store: Store, channel_id: int, users: tuple[int | None, ...] = (1, 2)) -> SessionRow:
    sid = await new_active(store, channel_id=channel_id, users=users)
    return await store.set_status(sid, "finished")


def result_of(session: SessionRow, at: datetime, *, places: tuple[int, ...] = (1, 2), rated: bool = True) -> ResultRow:
    return ResultRow(session_id=session.id, guild_id=session.guild_id, channel_id=session.channel_id,
                     game=session.game, finished_at=at, rated=rated,
                     seats=[ResultSeat(seat=s.seat, user_id=s.user_id, ai_level="" if s.user_id else "easy",
                                       name=s.name, place=p, score=10 - p) for s, p in zip(session.seats, places,
                                                                                          strict=True)])


def rating(player: str, mu: float, games: int, *, season: str = "", guild_id: int = 5) -> RatingRow:
    return RatingRow(guild_id=guild_id, game="toy", season=season, player=player, mu=mu, sigma=2.0, games=games)


async def test_a_result_and_its_ratings_are_written_once(store: Store) -> None:
    game = await finished(store, 10)
    result = result_of(game, T0)
    moved = [rating("member:1", 27.0, 1), rating("member:2", 23.0, 1)]
    step = RatingStep(session_id=game.id, guild_id=5, game="toy", player="member:1", mu=27.0, sigma=2.0)
    assert await store.add_result(result, moved, [step]) is True
    assert await store.results() == [result]
    assert await store.add_result(result, [rating("member:1", 99.0, 9)], []) is False, "one result per game"
    assert {r.player: r.mu for r in await store.get_ratings([(5, "toy", "", "member:1"), (5, "toy", "", "x")])} \
        == {"member:1": 27.0}
    assert await store.rating_steps(5, "toy", "member:1", last=10) == [step]
    assert await store.finished_without_result() == []


async def test_results_come_in_finishing_order_and_filter_by_server_member_and_game(store: Store) -> None:
    late = await finished(store, 10, (1, 2))
    early = await finished(store, 11, (2, 3))
    await store.add_result(result_of(late, T0 + timedelta(hours=1)), [], [])
    await store.add_result(result_of(early, T0), [], [])
    assert [r.session_id for r in await store.results()] == [early.id, late.id]
    assert [r.session_id for r in await store.results(user_id=1)] == [late.id]
    assert [r.session_id for r in await store.results(guild_id=5, user_id=2, game="toy")] == [early.id, late.id]
    assert await store.results(guild_id=6) == [] and await store.results(game="planes") == []
    first = (await store.results(user_id=3))[0]
    assert first.finished_at == T0 and [s.place for s in first.seats] == [1, 2] and first.seats[0].score == 9


async def test_the_board_sorts_by_conservative_rating_and_hides_few_games(store: Store) -> None:
    game = await finished(store, 10)
    ratings = [rating("member:1", 30.0, 5), rating("member:2", 31.0, 4), rating("member:3", 28.0, 7),
               rating("member:4", 28.0, 6), rating("ai:easy", 29.0, 50, guild_id=0),
               rating("member:9", 40.0, 9, guild_id=6), rating("member:1", 20.0, 5, season="2026-Q4")]
    await store.add_result(result_of(game, T0), ratings, [])
    board = await store.leaderboard(5, "toy", "", min_games=5, limit=10)
    assert [r.player for r in board] == ["member:1", "member:3", "member:4"], \
        "another server's member, a season's rating, a rating of 4 games and a stray shared row stay off"
    assert [r.player for r in await store.leaderboard(5, "toy", "", min_games=5, limit=2)] == ["member:1", "member:3"]
    assert await store.rating_place(5, "toy", "", "member:4", min_games=5) == 2, "level ratings share a place"
    assert await store.rating_place(5, "toy", "", "member:2", min_games=5) is None
    assert [r.player for r in await store.leaderboard(5, "toy", "2026-Q4", min_games=5, limit=10)] == ["member:1"]


def named(result: ResultRow, *names: str, resigned: int | None = None) -> ResultRow:
    seats = [s.model_copy(update={"name": n, "resigned": s.seat == resigned})
             for s, n in zip(result.seats, names, strict=True)]
    return result.model_copy(update={"seats": seats})


async def test_members_are_named_by_their_latest_seat_they_did_not_resign(store: Store) -> None:
    early, late, quit_, other = [await finished(store, channel) for channel in (10, 11, 12, 13)]
    await store.add_result(named(result_of(late, T0 + timedelta(hours=1)), "李明", "דוד"), [], [])
    await store.add_result(named(result_of(early, T0), "Zoë", "David"), [], [])  # stored later, finished earlier
    await store.add_result(named(result_of(quit_, T0 + timedelta(hours=2)), "李明 (resigned)", "דוד 🎲",
                                 resigned=0), [], [])
    elsewhere = result_of(other, T0 + timedelta(hours=3)).model_copy(update={"guild_id": 6})
    await store.add_result(named(elsewhere, "another server's", "name"), [], [])
    assert await store.member_names(5, [1, 2, 3]) == {1: "李明", 2: "דוד 🎲"}
    assert await store.member_names(6, [1]) == {1: "another server's"}
    assert await store.member_names(5, []) == {}


async def test_a_rebuild_replaces_every_rating_and_step(store: Store) -> None:
    game = await finished(store, 10)
    await store.add_result(result_of(game, T0), [rating("member:1", 27.0, 1)],
                           [RatingStep(session_id=game.id, guild_id=5, game="toy", player="member:1", mu=27.0,
                                       sigma=2.0)])
    await store.replace_ratings([rating("member:2", 21.0, 1)], [])
    assert [r.player for r in await store.get_ratings([(5, "toy", "", "member:1"), (5, "toy", "", "member:2")])] \
        == ["member:2"]
    assert await store.rating_steps(5, "toy", "member:1", last=10) == []


async def test_finished_games_without_a_result_are_found(store: Store) -> None:
    done = await finished(store, 10)
    await new_active(store, channel_id=11)
    cancelled = await new_active(store, channel_id=12)
    await store.set_status(cancelled, "cancelled")
    assert [s.id for s in await store.finished_without_result()] == [done.id]


async def test_the_results_migration_adds_tables_to_a_database_with_games(new_store: Callable[[], Store]) -> None:
    """A database of today's schema (before the results migration) with a finished game: the migration keeps the game
    and adds empty results for the bot to fill (tests/bot/test_ratings_migration.py fills them)."""
    old = new_store()
    old.through = 5 if isinstance(old, SqliteStore) else 3  # type: ignore[attr-defined]
    await old.open()
    done = await finished(old, 10)
    with pytest.raises(Exception, match="results"):
        await old.results()
    await old.close()
    new = new_store()
    await new.open()
    assert [s.id for s in await new.finished_without_result()] == [done.id]
    assert await new.results() == []
