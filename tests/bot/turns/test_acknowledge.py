"""Every interaction is acknowledged before any slow work (making a thread, posting a reminder, posting a board), so
a slow Discord never makes the 3-second deadline fail: the interaction's callback is the bot's first request."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import latest_panel, make_table, mentioned_actor, start_with_all

HOUR = 3600.0


def requests_from(env: Any, start: int) -> list[tuple[str, str]]:
    return [(e.method, e.path) for e in env.http_requests[start:]]


def first_is_callback(requests: list[tuple[str, str]]) -> bool:
    return bool(requests) and requests[0][0] == "POST" and requests[0][1].endswith("/callback")


async def test_a_new_thread_is_made_after_the_command_is_acknowledged(simcord_env):
    table = make_table(simcord_env)
    start = len(simcord_env.http_requests)
    await table.players[0].slash(table.channel, "game new", game="toy", thread=True)
    sent = requests_from(simcord_env, start)
    assert first_is_callback(sent), sent
    assert any(path.endswith("/threads") for _m, path in sent), "a thread was made"


async def test_a_nudge_is_acknowledged_before_the_reminder_is_posted(simcord_env):
    table = make_table(simcord_env)
    await start_with_all(table)
    await simcord_env.advance_time(2 * HOUR)
    start = len(simcord_env.http_requests)
    await table.players[1].slash(table.channel, "game nudge")
    sent = requests_from(simcord_env, start)
    assert first_is_callback(sent), sent
    assert ("POST", f"/channels/{table.channel.id}/messages") in sent, "the reminder was posted"


async def test_a_click_is_acknowledged_before_the_board_is_posted(simcord_env):
    table = make_table(simcord_env)
    await start_with_all(table)
    panel = latest_panel(table.channel)
    start = len(simcord_env.http_requests)
    await mentioned_actor(table, panel).click(panel, label="Pass")
    sent = requests_from(simcord_env, start)
    assert first_is_callback(sent), sent
    assert ("POST", f"/channels/{table.channel.id}/messages") in sent, "the new panel was posted"
