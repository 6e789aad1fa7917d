"""The store calls the bot layer added for finished games, resigned seats and reminders."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.store import Seat, SessionClosed, Store
from tests.store.conftest import new_active, seats


async def test_latest_in_channel_finds_the_newest_session_of_a_status(store: Store) -> None:
    first = await new_active(store, channel_id=7)
    await store.set_status(first, "finished")
    second = await new_active(store, channel_id=7)
    await store.set_status(second, "abandoned")
    await new_active(store, channel_id=8)
    assert (await store.latest_in_channel(7, ("finished",))).id == first
    assert (await store.latest_in_channel(7, ("finished", "abandoned"))).id == second
    assert await store.latest_in_channel(7, ("cancelled",)) is None
    assert await store.latest_in_channel(7, ()) is None


async def test_set_seats_only_in_a_running_game_and_without_a_version_bump(store: Store) -> None:
    sid = await new_active(store, users=(1, 2))
    row = await store.set_seats(sid, seats(1, None))
    assert [(s.user_id, s.is_ai) for s in row.seats] == [(1, False), (None, True)] and row.version == 0
    await store.set_status(sid, "finished")
    with pytest.raises(SessionClosed):
        await store.set_seats(sid, seats(1, 2))


async def test_meta_round_trips_and_is_replaced_whole(new_store: Callable[[], Store]) -> None:
    store = new_store()
    await store.open()
    sid = await new_active(store)
    assert await store.get_meta(sid) == {}
    await store.set_meta(sid, {"version": 3, "dm_notice": [2]})
    await store.set_meta(sid, {"version": 4})
    again = new_store()
    await again.open()
    assert await again.get_meta(sid) == {"version": 4}


async def test_member_settings_are_each_members_own_and_kept(new_store: Callable[[], Store]) -> None:
    """A member's settings (text boards) hold in every server and game, and survive a restart."""
    store = new_store()
    await store.open()
    assert await store.get_member_settings(7) == {}
    await store.set_member_settings(7, {"text_boards": True})
    await store.set_member_settings(8, {"text_boards": False, "later": [1]})
    await store.set_member_settings(7, {"text_boards": False})  # replaced whole
    again = new_store()
    await again.open()
    assert await again.get_member_settings(7) == {"text_boards": False}
    assert await again.get_member_settings(8) == {"text_boards": False, "later": [1]}
    assert await again.get_member_settings(2**62) == {}  # Discord ids are 64-bit
    await again.set_member_settings(2**62, {"text_boards": True})
    assert await store.get_member_settings(2**62) == {"text_boards": True}


async def test_server_settings_are_each_servers_own_and_kept(new_store: Callable[[], Store]) -> None:
    """A server's settings (/tarmac settings) are its own, replaced whole, and survive a restart."""
    store = new_store()
    await store.open()
    assert await store.get_server_settings(5) == {}
    await store.set_server_settings(5, {"threads": True, "game_channels": [2**62]})
    await store.set_server_settings(6, {"ai_seats": False})
    await store.set_server_settings(5, {"threads": False})  # replaced whole
    again = new_store()
    await again.open()
    assert await again.get_server_settings(5) == {"threads": False}
    assert await again.get_server_settings(6) == {"ai_seats": False}
    assert await again.get_server_settings(2**62) == {}
    await again.set_server_settings(2**62, {"threads": True})
    assert await store.get_server_settings(2**62) == {"threads": True}


async def test_session_counts_are_by_game_and_status(new_store: Callable[[], Store]) -> None:
    store = new_store()
    await store.open()
    assert await store.session_counts() == []
    await new_active(store)
    await store.create_session(guild_id=1, channel_id=99, game="toy", host_id=1, options={},
                               seats=[Seat(seat=0, user_id=1, name="a")])
    counts = await store.session_counts()
    assert sum(n for _g, _s, n in counts) == 2 and {s for _g, s, _n in counts} == {"active", "lobby"}
