"""The matchmaking queue's storage (bot/store/queue.py), on both backends: joining, leaving, expiry, and tables
claimed from the queue exactly once, also by two processes claiming at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.lfg.entries import QueueEntry, QueueRules
from bot.store import Store

NOW = 1_800_000_000.0
RULES = QueueRules()


def entry(user: int, *, guild: int = 1, game: str = "planes", seats: tuple[int, int] = (3, 4), at: float = 0.0,
          ai: bool = False, expires: float = NOW + 86_400) -> QueueEntry:
    return QueueEntry(guild_id=guild, channel_id=50, user_id=user, name=f"m{user}", game=game, min_seats=seats[0],
                      max_seats=seats[1], ai_allowed=ai, joined_at=NOW + at, queued_at=NOW + at, expires_at=expires)


async def test_joining_again_changes_the_wishes_and_keeps_the_place(store: Store) -> None:
    first = await store.lfg_join(entry(1))
    await store.lfg_join(entry(2, at=1))
    again = await store.lfg_join(entry(1, seats=(2, 4), at=5))
    assert (again.id, again.queued_at, again.min_seats) == (first.id, NOW, 2)
    assert [e.user_id for e in await store.lfg_entries(1)] == [1, 2]
    await store.lfg_join(entry(1, game="flight_plan", at=2))
    assert [(e.user_id, e.game) for e in await store.lfg_entries(1)] == [(1, "planes"), (2, "planes"),
                                                                         (1, "flight_plan")]


async def test_leaving_one_game_or_all(store: Store) -> None:
    for game in ("planes", "flight_plan", "now_boarding"):
        await store.lfg_join(entry(1, game=game))
    assert [e.game for e in await store.lfg_leave(1, 1, "flight_plan")] == ["flight_plan"]
    assert sorted(e.game for e in await store.lfg_leave(1, 1)) == ["now_boarding", "planes"]
    assert await store.lfg_entries(1) == []


async def test_expired_entries_go_and_renewed_ones_stay(store: Store) -> None:
    await store.lfg_join(entry(1, expires=NOW + 10))
    await store.lfg_join(entry(2, expires=NOW + 10))
    await store.lfg_join(entry(3, guild=7))
    assert await store.lfg_waiting_guilds() == [1, 7]
    assert await store.lfg_renew(1, 2, NOW + 100) == 1
    assert [e.user_id for e in await store.lfg_expire(NOW + 20)] == [1]
    assert [e.user_id for e in await store.lfg_entries(1)] == [2]


async def test_a_claim_seats_each_entry_once_and_keeps_the_table(store: Store) -> None:
    for user in range(1, 9):
        await store.lfg_join(entry(user, at=user))
    made = await store.lfg_claim(1, NOW + 10, RULES)
    assert [[e.user_id for e in seated] for _, seated in made] == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert await store.lfg_claim(1, NOW + 10, RULES) == []
    table, seated = made[0]
    assert (table.seats, table.ai_seats, table.status, table.channel_id) == (4, 0, "confirming", 50)
    assert await store.lfg_table(table.id) == (table, seated)
    assert [t.id for t in await store.lfg_confirming(1)] == [made[0][0].id, made[1][0].id]
    # Seated members keep their entry as it is, whatever they ask meanwhile.
    assert (await store.lfg_join(entry(1, seats=(2, 2)))).table_id == table.id
    assert await store.lfg_leave(1, 1) == []


async def test_confirm_then_start_once(store: Store) -> None:
    for user in range(1, 5):
        await store.lfg_join(entry(user, at=user))
    [(table, _)] = await store.lfg_claim(1, NOW + 10, RULES)
    assert await store.lfg_confirm(table.id, 99) is None
    after = await store.lfg_confirm(table.id, 2)
    assert after is not None and [e.confirmed for e in after[1]] == [False, True, False, False]
    await store.lfg_place_table(table.id, thread_id=700, message_id=701)
    assert await store.lfg_waiting_guilds() == []
    assert await store.lfg_start_table(table.id, NOW + 120)
    assert not await store.lfg_start_table(table.id, NOW + 120)
    assert [e.table_id for e in await store.lfg_entries(1)] == [table.id] * 4, "kept until the game is made"
    await store.lfg_table_session(table.id, 9)
    assert await store.lfg_drop_table(table.id, NOW, RULES) is None
    found = await store.lfg_table(table.id)
    assert found is not None and (found[0].status, found[0].thread_id, found[0].session_id) == ("started", 700, 9)
    assert await store.lfg_entries(1) == []


async def test_a_started_table_whose_game_was_not_made_is_handed_on_once_its_opening_time_passes(
        store: Store) -> None:
    for user in range(1, 5):
        await store.lfg_join(entry(user, at=user))
    [(table, _)] = await store.lfg_claim(1, NOW + 10, RULES)
    for user in range(1, 5):
        await store.lfg_confirm(table.id, user)
    assert await store.lfg_start_table(table.id, NOW + 120)
    assert [(t.id, t.opening_until) for t in await store.lfg_opening()] == [(table.id, NOW + 120)]
    assert await store.lfg_unopened(NOW + 60, NOW + 180) == [], "its process may still be making it"
    [(found, seated)] = await store.lfg_unopened(NOW + 130, NOW + 250)
    assert (found.id, found.status, found.opening_until) == (table.id, "started", NOW + 250)
    assert [e.user_id for e in seated] == [1, 2, 3, 4]
    assert await store.lfg_unopened(NOW + 130, NOW + 250) == [], "handed to one caller"
    assert await store.lfg_drop_table(table.id, NOW + 130, RULES) is None, "not confirming any more"
    after = await store.lfg_drop_table(table.id, NOW + 130, RULES, unopened=True)
    assert after is not None and [(e.user_id, e.queued_at, e.misses) for e in after] == [
        (u, NOW + u, 0) for u in range(1, 5)], "everyone confirmed: all wait again at their place"
    assert await store.lfg_opening() == []
    assert [(e.user_id, e.table_id) for e in await store.lfg_entries(1)] == [(u, None) for u in range(1, 5)]
    # A table whose game is made is nobody's to open any more.
    [(table, _)] = await store.lfg_claim(1, NOW + 200, RULES)
    assert await store.lfg_start_table(table.id, NOW + 320)
    await store.lfg_table_session(table.id, 9)
    assert await store.lfg_unopened(NOW + 1000, NOW + 1120) == [] and await store.lfg_opening() == []
    assert await store.lfg_drop_table(table.id, NOW + 1000, RULES, unopened=True) is None


async def test_a_dropped_table_sends_the_unconfirmed_back_and_out_after_two(store: Store) -> None:
    for user in range(1, 5):
        await store.lfg_join(entry(user, at=user))
    [(table, _)] = await store.lfg_claim(1, NOW + 10, RULES)
    for user in (1, 2, 4):
        await store.lfg_confirm(table.id, user)
    after = await store.lfg_drop_table(table.id, NOW + 400, RULES)
    assert after is not None and [(e.user_id, e.misses) for e in after] == [(1, 0), (2, 0), (3, 1), (4, 0)]
    assert await store.lfg_drop_table(table.id, NOW + 400, RULES) is None
    # Member 3 waits again, behind the others.
    assert [(e.user_id, e.table_id) for e in await store.lfg_entries(1)] == [(1, None), (2, None), (4, None),
                                                                             (3, None)]
    [(table, seated)] = await store.lfg_claim(1, NOW + 500, RULES)
    assert [e.user_id for e in seated] == [1, 2, 4, 3]
    await store.lfg_drop_table(table.id, NOW + 900, RULES)
    # This time nobody confirmed: member 3's second miss takes them out.
    assert sorted(e.user_id for e in await store.lfg_entries(1)) == [1, 2, 4]


async def test_an_ai_table_names_the_queues_level(store: Store) -> None:
    await store.lfg_join(entry(1, ai=True))
    await store.lfg_join(entry(2, ai=True, at=1))
    [(table, seated)] = await store.lfg_claim(1, NOW + RULES.ai_wait, RULES)
    assert (table.seats, table.ai_seats, table.ai_level, len(seated)) == (3, 1, RULES.ai_level, 2)


async def test_the_panel_is_kept_per_server(store: Store) -> None:
    assert await store.lfg_panel(1) is None
    await store.lfg_set_panel(1, 50, None)
    await store.lfg_set_panel(1, 50, 77)
    assert await store.lfg_panel(1) == (50, 77)


async def test_two_processes_claiming_at_once_seat_each_entry_once(new_store: Callable[[], Store]) -> None:
    one, two = new_store(), new_store()
    await one.open()
    await two.open()
    users = range(1, 121)
    for user in users:
        await one.lfg_join(entry(user, seats=(3, 3), at=user))

    async def claims(store: Store) -> list[list[int]]:
        seated: list[list[int]] = []
        for _ in range(20):
            for _, entries in await store.lfg_claim(1, NOW + 10, RULES):
                seated.append([e.id for e in entries])
            await asyncio.sleep(0)
        return seated

    a, b = await asyncio.gather(claims(one), claims(two))
    ids = [i for table in a + b for i in table]
    assert len(ids) == len(set(ids)) == len(users)
    tables = await one.lfg_confirming(1)
    assert len(tables) == len(a) + len(b) == 40
