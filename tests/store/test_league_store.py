"""Leagues' storage (bot/store/leagues.py) on both backends: sign-up, pairing a round once, results written once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.leagues.rows import League, LeagueGame, LeagueMember
from bot.leagues.standings import SeatResult
from bot.store import Store

NOW = 1_800_000_000.0


def league(**changes: object) -> League:
    base = League(guild_id=1, channel_id=2, game="planecrafters", name="Winter", table_size=3, rounds=3,
                  created_by=9, created_at=NOW)
    return base.model_copy(update=changes)


def games(league_id: int, round_no: int) -> list[LeagueGame]:
    return [LeagueGame(league_id=league_id, round=round_no, table_no=1, members=[1, 2, 3]),
            LeagueGame(league_id=league_id, round=round_no, table_no=2, members=[4, 5], ai_seats=1)]


async def test_sign_up_once_while_open(store: Store) -> None:
    made = await store.league_create(league())
    assert made.id and made.status == "signup" and await store.league_get(made.id) == made
    for user in (3, 1):
        assert await store.league_join(LeagueMember(league_id=made.id, user_id=user, name=f"m{user}",
                                                    joined_at=NOW + user))
    assert not await store.league_join(LeagueMember(league_id=made.id, user_id=1, name="m1", joined_at=NOW))
    assert [m.user_id for m in await store.league_members(made.id)] == [1, 3]
    assert await store.league_set_status(made.id, "running", was=("signup",))
    assert not await store.league_set_status(made.id, "running", was=("signup",))
    assert not await store.league_join(LeagueMember(league_id=made.id, user_id=5, name="m5", joined_at=NOW))
    assert [x.id for x in await store.leagues_running()] == [made.id]
    assert [x.id for x in await store.leagues_of(1)] == [made.id] and await store.leagues_of(7) == []


async def test_a_round_is_paired_once_and_a_result_written_once(store: Store) -> None:
    made = await store.league_create(league())
    await store.league_set_status(made.id, "running", was=("signup",))
    assert await store.league_pair(made.id, 1, games(made.id, 1), byes=[6])
    assert not await store.league_pair(made.id, 1, games(made.id, 1), byes=[6])
    found = await store.league_games(made.id)
    assert [(g.round, g.table_no, g.members, g.ai_seats, g.status) for g in found] == [
        (1, 1, [1, 2, 3], 0, "open"), (1, 2, [4, 5], 1, "open")]
    assert await store.league_byes(made.id) == [(1, 6)]
    await store.league_place_game(found[0].id, thread_id=70, session_id=700)
    placed = await store.league_game_of(700)
    assert placed is not None and placed.thread_id == 70
    result = [SeatResult(1, 1, 30), SeatResult(2, 2, 20), SeatResult(3, 3, 10, left=True)]
    assert await store.league_finish_game(found[0].id, result)
    assert not await store.league_finish_game(found[0].id, [])
    assert (await store.league_games(made.id))[0].result == result
    assert await store.league_drop(made.id, 3) is False, "not signed up"


async def test_two_processes_pair_the_next_round_once(new_store: Callable[[], Store]) -> None:
    one, two = new_store(), new_store()
    await one.open()
    await two.open()
    made = await one.league_create(league())
    await one.league_set_status(made.id, "running", was=("signup",))
    done = await asyncio.gather(one.league_pair(made.id, 1, games(made.id, 1), []),
                                two.league_pair(made.id, 1, games(made.id, 1), []))
    assert sorted(done) == [False, True]
    assert len(await one.league_games(made.id)) == 2
