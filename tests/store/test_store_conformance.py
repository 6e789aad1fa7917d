"""The Store conformance suite: every test runs against SQLite and a real PostgreSQL (the `store` and `new_store`
fixtures of tests/store/conftest.py). Migrations, the session life cycle, version guards, the action log, the
latest state, the tables kept, and the queries. What only SQLite has is in test_sqlite_only.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store import (
    ChannelBusy,
    SessionClosed,
    SessionNotFound,
    SqliteStore,
    StaleVersion,
    Store,
    open_store,
)
from bot.store.postgres import PostgresStore
from tests.store.conftest import new_active, seats


async def test_migrations_apply_once_and_are_recorded(new_store: Callable[[], Store]) -> None:
    first = new_store()
    await first.open()
    recorded = await first.applied_migrations()  # type: ignore[attr-defined]
    await first.close()
    assert recorded and recorded[0][0] == 1 and [n for n, _ in recorded] == sorted(n for n, _ in recorded)

    again = new_store()
    await again.open()  # would fail with "table sessions already exists" if a migration ran twice
    assert await again.applied_migrations() == recorded  # type: ignore[attr-defined]


async def test_two_processes_starting_at_once_migrate_once(new_store: Callable[[], Store]) -> None:
    one, two = new_store(), new_store()
    await asyncio.gather(one.open(), two.open())
    assert await one.applied_migrations() == await two.applied_migrations()  # type: ignore[attr-defined]


async def test_create_and_get(store: Store) -> None:
    row = await store.create_session(guild_id=5, channel_id=10, game="planes", host_id=1,
                                     options={"hand": "3"}, seats=seats(1, None))
    assert row.status == "lobby" and row.version == 0 and row.seed is None
    assert row.created_at.tzinfo is not None
    got = await store.get_session(row.id)
    assert got == row
    assert got.seats[1].user_id is None and got.seats[1].is_ai
    assert await store.session_in_channel(10) == row
    assert await store.get_session(row.id + 100) is None
    assert await store.session_in_channel(11) is None


async def test_a_dm_session_has_no_guild(store: Store) -> None:
    row = await store.create_session(guild_id=None, channel_id=99, game="toy", host_id=1, options={}, seats=seats(1))
    assert (await store.get_session(row.id)).guild_id is None


@pytest.mark.parametrize("closing", ["finished", "cancelled", "abandoned"])
async def test_one_open_session_per_channel(store: Store, closing: str) -> None:
    first = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=1, options={}, seats=seats(1))
    with pytest.raises(ChannelBusy):
        await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=2, options={}, seats=seats(2))
    other = await store.create_session(guild_id=5, channel_id=11, game="toy", host_id=2, options={}, seats=seats(2))
    assert other.id != first.id

    await store.set_status(first.id, closing)
    assert await store.session_in_channel(10) is None
    second = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=2, options={}, seats=seats(2))
    assert (await store.session_in_channel(10)).id == second.id
    with pytest.raises(ChannelBusy):  # reopening the old one would make two open games in the channel
        await store.set_status(first.id, "active")


async def test_an_active_game_also_blocks_the_channel(store: Store) -> None:
    await new_active(store, channel_id=10)
    with pytest.raises(ChannelBusy):
        await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=3, options={}, seats=seats(3))


async def test_update_lobby_bumps_version_and_refuses_stale(store: Store) -> None:
    row = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=1, options={}, seats=seats(1))
    updated = await store.update_lobby(row.id, seats=seats(1, 2), options={"hand": "4"}, expected_version=0)
    assert updated.version == 1 and [s.user_id for s in updated.seats] == [1, 2] and updated.options == {"hand": "4"}
    with pytest.raises(StaleVersion):
        await store.update_lobby(row.id, seats=seats(1, 3), options={}, expected_version=0)
    assert await store.get_session(row.id) == updated, "a stale update writes nothing"


async def test_lobby_edits_and_start_only_in_the_lobby(store: Store) -> None:
    sid = await new_active(store)
    with pytest.raises(SessionClosed):
        await store.update_lobby(sid, seats=seats(1), options={}, expected_version=0)
    with pytest.raises(SessionClosed):
        await store.start_session(sid, seed=1, seats=seats(1), state_json="{}", state_version=0, expected_version=0)


async def test_start_session_stores_seed_seats_and_first_snapshot(store: Store) -> None:
    row = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=1, options={}, seats=seats(1))
    row = await store.update_lobby(row.id, seats=seats(1, 2, None), options={}, expected_version=0)
    with pytest.raises(StaleVersion):
        await store.start_session(row.id, seed=7, seats=row.seats, state_json="{}", state_version=0,
                                  expected_version=0)
    big_seed = 2**64 + 3  # engine seeds are Python ints; larger than SQLite's INTEGER must still round-trip
    started = await store.start_session(row.id, seed=big_seed, seats=row.seats, state_json='{"v": 0}',
                                        state_version=0, expected_version=1)
    assert started.status == "active" and started.seed == big_seed and started.version == 0
    assert [s.is_ai for s in started.seats] == [False, False, True]
    assert await store.load_snapshot(row.id) == ('{"v": 0}', 0)


async def test_record_move_appends_action_state_and_version(store: Store) -> None:
    sid = await new_active(store)
    after = await store.record_move(sid, expected_version=0, seat=0, choice="draw", events=[{"text": "Ana drew"}],
                                    state_json='{"v": 1}', new_version=1)
    assert after.version == 1 and after.status == "active"
    await store.record_move(sid, expected_version=1, seat=1, choice="play:3", events=[], state_json='{"v": 2}',
                            new_version=2)
    assert await store.load_snapshot(sid) == ('{"v": 2}', 2)
    log = await store.actions(sid)
    assert [(a.version, a.seat, a.choice) for a in log] == [(1, 0, "draw"), (2, 1, "play:3")]
    assert log[0].events == [{"text": "Ana drew"}] and log[0].session_id == sid
    assert [a.version for a in await store.actions(sid, last=1)] == [2]
    assert await store.actions(sid, last=0) == []


async def test_the_log_keeps_which_moves_the_ai_chose(store: Store) -> None:
    sid = await new_active(store)
    for version, (seat, by_ai) in enumerate([(0, False), (1, True), (0, True), (1, True), (0, False)], start=1):
        await store.record_move(sid, expected_version=version - 1, seat=seat, choice=f"c{version}", events=[],
                                state_json="{}", new_version=version, by_ai=by_ai)
    assert [a.by_ai for a in await store.actions(sid)] == [False, True, True, True, False]
    assert await store.ai_moves(sid) == {0: (1, 3), 1: (2, 2)}
    assert await store.ai_moves(await new_active(store, channel_id=11)) == {}


async def test_the_schema_holds_only_what_the_store_reads(store: Store) -> None:
    """No table that is written and never read: earlier states are rebuilt from the log (test_replay_corpus.py), so
    the checkpoints they were once kept in are gone, from new databases and, by migration, from old ones."""
    if isinstance(store, SqliteStore):
        found = {r[0] for r in await store.db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}  # not its own
    else:
        assert isinstance(store, PostgresStore)
        found = {r["tablename"] for r in await store.pool.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    assert found == {"schema_migrations", "sessions", "actions", "session_state", "session_meta", "session_seats",
                     "member_settings", "server_settings", "results", "result_seats", "ratings", "rating_steps",
                     "finals_due", "lfg_entries", "lfg_tables", "lfg_panels", "leagues", "league_members",
                     "league_games", "league_byes", "ratings_basis"}


async def test_states_round_trip_exactly(store: Store) -> None:
    """Compression must give back the very text written: replay checks compare states byte for byte."""
    row = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=1, options={}, seats=seats(1))
    text = '{"name": "Zoë ✈ 名前", "pad": "' + "x" * 9000 + '", "n": 1.50}'
    await store.start_session(row.id, seed=1, seats=row.seats, state_json=text, state_version=0, expected_version=0)
    assert await store.load_snapshot(row.id) == (text, 0)


async def test_record_move_stale_writes_nothing(store: Store) -> None:
    sid = await new_active(store)
    await store.record_move(sid, expected_version=0, seat=0, choice="a", events=[], state_json='{"v": 1}',
                            new_version=1)
    with pytest.raises(StaleVersion):
        await store.record_move(sid, expected_version=0, seat=1, choice="b", events=[], state_json='{"v": "x"}',
                                new_version=1)
    with pytest.raises(StaleVersion):  # from the future is as wrong as from the past
        await store.record_move(sid, expected_version=5, seat=1, choice="b", events=[], state_json='{}',
                                new_version=6)
    assert [a.choice for a in await store.actions(sid)] == ["a"]
    assert await store.load_snapshot(sid) == ('{"v": 1}', 1)


async def test_record_move_finishes_and_closed_games_take_no_moves(store: Store) -> None:
    sid = await new_active(store)
    done = await store.record_move(sid, expected_version=0, seat=0, choice="win", events=[], state_json="{}",
                                   new_version=1, finished=True)
    assert done.status == "finished" and await store.session_in_channel(10) is None
    with pytest.raises(SessionClosed):
        await store.record_move(sid, expected_version=1, seat=0, choice="more", events=[], state_json="{}",
                                new_version=2)
    other = await new_active(store, channel_id=11)
    await store.set_status(other, "cancelled")
    with pytest.raises(StaleVersion):  # SessionClosed is a StaleVersion: callers that catch one catch both
        await store.record_move(other, expected_version=0, seat=0, choice="x", events=[], state_json="{}",
                                new_version=1)


async def test_record_move_must_raise_the_version(store: Store) -> None:
    sid = await new_active(store)
    with pytest.raises(ValueError):
        await store.record_move(sid, expected_version=0, seat=0, choice="x", events=[], state_json="{}",
                                new_version=0)


async def test_two_concurrent_moves_for_one_version_apply_once(new_store: Callable[[], Store]) -> None:
    """Two processes (two stores on one database) race for each version: exactly one wins every time."""
    one, two = new_store(), new_store()
    await one.open()
    await two.open()
    sid = await new_active(one)
    if True:  # (kept as a block: the stores are closed by the fixture)
        for version in range(20):  # many rounds: a race that slips through sometimes would show
            results = await asyncio.gather(
                one.record_move(sid, expected_version=version, seat=0, choice=f"one{version}", events=[],
                                state_json=f'{{"by": "one", "v": {version + 1}}}', new_version=version + 1),
                two.record_move(sid, expected_version=version, seat=1, choice=f"two{version}", events=[],
                                state_json=f'{{"by": "two", "v": {version + 1}}}', new_version=version + 1),
                return_exceptions=True,
            )
            assert sum(isinstance(r, StaleVersion) for r in results) == 1, results
            assert sum(not isinstance(r, BaseException) for r in results) == 1, results
        log = await one.actions(sid)
        assert [a.version for a in log] == list(range(1, 21))
        state_json, version = await two.load_snapshot(sid)
        assert version == 20 and f'"by": "{log[-1].choice[:3]}"' in state_json, "snapshot is the winner's"


async def test_one_store_serialises_its_own_tasks(store: Store) -> None:
    """Tasks sharing one connection must not interleave two transactions (BEGIN inside BEGIN)."""
    sid = await new_active(store)
    results = await asyncio.gather(
        *(store.record_move(sid, expected_version=0, seat=0, choice=str(i), events=[], state_json="{}",
                            new_version=1) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleVersion) for r in results) == 4, results
    assert len(await store.actions(sid)) == 1


async def test_queries_active_and_of_user(store: Store) -> None:
    a = await new_active(store, channel_id=10, users=(1, 2))
    b = await new_active(store, channel_id=11, users=(3, None))
    lobby = await store.create_session(guild_id=5, channel_id=12, game="toy", host_id=2, options={},
                                       seats=seats(2))
    done = await new_active(store, channel_id=13, users=(1, 3))
    await store.set_status(done, "finished")

    assert [s.id for s in await store.active_sessions()] == [a, b]
    assert [s.id for s in await store.sessions_of_user(1)] == [a, done]
    assert [s.id for s in await store.sessions_of_user(2)] == [a, lobby.id]
    assert [s.id for s in await store.sessions_of_user(3)] == [b, done]
    assert await store.sessions_of_user(4) == []
    again = await new_active(store, channel_id=13, users=(2, 3))
    assert [s.id for s in await store.sessions_in_channel(13)] == [done, again]
    assert await store.sessions_in_channel(99) == []


async def test_set_messages_and_status(store: Store) -> None:
    sid = await new_active(store)
    await store.set_messages(sid, board_message_id=111, panel_message_id=222)
    row = await store.get_session(sid)
    assert (row.board_message_id, row.panel_message_id, row.version) == (111, 222, 0)
    await store.set_messages(sid, board_message_id=None, panel_message_id=333)
    row = await store.get_session(sid)
    assert (row.board_message_id, row.panel_message_id) == (None, 333)
    with pytest.raises(ValueError):
        await store.set_status(sid, "paused")
    with pytest.raises(SessionNotFound):
        await store.set_status(sid + 50, "finished")
    with pytest.raises(SessionNotFound):
        await store.set_messages(sid + 50, board_message_id=1, panel_message_id=2)
    assert (await store.set_status(sid, "abandoned")).status == "abandoned"


async def test_load_snapshot_of_a_lobby_says_so(store: Store) -> None:
    row = await store.create_session(guild_id=5, channel_id=10, game="toy", host_id=1, options={}, seats=seats(1))
    with pytest.raises(SessionNotFound):
        await store.load_snapshot(row.id)


async def test_using_a_closed_store_is_a_clear_error(new_store: Callable[[], Store]) -> None:
    with pytest.raises(RuntimeError, match="not open"):
        await new_store().get_session(1)


def test_open_store_picks_the_backend(tmp_path: Path) -> None:
    assert isinstance(open_store(tmp_path / "a.db"), SqliteStore)
    assert open_store(f"sqlite:///{tmp_path}/b.db").path == f"{tmp_path}/b.db"
    assert open_store("sqlite:///var/x.db").path == "var/x.db"
    assert open_store(":memory:").path == ":memory:"
    assert type(open_store("postgresql://db/tarmac")).__name__ == "PostgresStore"
    with pytest.raises(ValueError, match="postgresql"):
        open_store("mysql://db/tarmac")


async def test_the_move_that_ends_a_game_makes_its_final_message_due(store: Store) -> None:
    """Listed with the move itself, in its transaction: no stop between the move and the final message loses it."""
    going, ending = await new_active(store, channel_id=10), await new_active(store, channel_id=11)
    await store.record_move(going, expected_version=0, seat=0, choice="a", events=[], state_json="{}", new_version=1)
    await store.record_move(ending, expected_version=0, seat=0, choice="a", events=[], state_json="{}",
                            new_version=1, finished=True)
    assert [s.id for s in await store.finals_due()] == [ending]
    await store.final_posted(ending)
    await store.final_posted(ending)  # again: nothing to do
    assert await store.finals_due() == []


async def test_a_stale_final_move_makes_nothing_due(store: Store) -> None:
    sid = await new_active(store)
    await store.record_move(sid, expected_version=0, seat=0, choice="a", events=[], state_json="{}", new_version=1)
    with pytest.raises(StaleVersion):
        await store.record_move(sid, expected_version=0, seat=0, choice="b", events=[], state_json="{}",
                                new_version=1, finished=True)
    assert await store.finals_due() == []
