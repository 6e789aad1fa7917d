"""`/tarmac settings` on SimCord: each server setting, what it allows and what it refuses (with the sentence that
names the setting), its panel, who may change it, and that it is the server's own."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.naming import escape
from tests.bot.helpers import Table, make_table, messages_after, open_lobby, refusal, start_with_all, texts


def admin_of(table: Table) -> Any:
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("admin"), roles=[role])


async def change(admin: Any, table: Table, **options: Any) -> str:
    """The panel's text after `/tarmac settings` with these options."""
    result = await admin.slash(table.channel, "tarmac settings", **options)
    assert result.response is not None and result.response.ephemeral
    return str(result.response.message.embeds[0].description)


async def meta_of(table: Table, session_id: int = 1) -> dict[str, Any]:
    return await table.bot.store.get_meta(session_id)


async def test_the_panel_shows_every_setting_with_its_default(simcord_env):
    table = make_table(simcord_env)
    shown = await change(admin_of(table), table)
    for line in ("Games open in** (`games_channel`, `remove_games_channel`): any channel where I may post",
                 "New games open in a thread** (`threads`): no", "Host role** (`host_role`): none",
                 "Turn deadline of a new game** (`deadline`): none",
                 "Reminders in a new game** (`reminder_hours`): after 12 hours of quiet (the bot's default)",
                 "Rated, in a new lobby** (`rated`): Rated with 2+ members", "AI seats** (`ai_seats`): may be added",
                 "(`notice_channel`): nowhere"):
        assert line in shown
    assert await table.bot.store.get_server_settings(table.guild.id) == {}, "looking changes nothing"


async def test_only_server_managers_may_use_it(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    with pytest.raises(Exception, match="(?i)permission"):
        await alice.slash(table.channel, "tarmac settings", threads=True)  # Discord hides it from them by default
    # A server that lets everyone see the command still keeps the change to its managers.
    [tarmac] = [c for c in await table.bot.tree.fetch_commands() if c.name == "tarmac"]
    table.guild.set_command_permissions(tarmac, {alice: True})
    assert refusal(await alice.slash(table.channel, "tarmac settings", threads=True)) == (
        "Only members who may manage this server change its settings.")
    assert await table.bot.store.get_server_settings(table.guild.id) == {}


async def test_games_open_only_in_the_games_channels(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    board_games = table.guild.create_text_channel("board-games")
    admin = admin_of(table)
    shown = await change(admin, table, games_channel=board_games)
    assert f"Games open in** (`games_channel`, `remove_games_channel`): <#{board_games.id}>" in shown

    said = refusal(await alice.slash(table.channel, "game new", game="toy"))
    assert said == f"Games open only in <#{board_games.id}> on this server."
    assert await table.bot.store.session_in_channel(table.channel.id) is None
    opened = await alice.slash(board_games, "game new", game="toy")
    assert not opened.response.ephemeral, "the lobby opens in a games channel"
    threaded = await bob.slash(board_games, "game new", game="toy", thread=True)
    assert not threaded.response.ephemeral and board_games.threads, "a thread of a games channel counts as it"

    await change(admin, table, games_channel=table.channel)
    assert f"<#{board_games.id}> or <#{table.channel.id}>" in await change(admin, table)
    await change(admin, table, remove_games_channel=board_games)
    other = table.guild.create_text_channel("chat")
    assert refusal(await bob.slash(other, "game new", game="toy")) == (
        f"Games open only in <#{table.channel.id}> on this server.")
    await change(admin, table, clear="game_channels")
    assert not (await bob.slash(other, "game new", game="toy")).response.ephemeral, "anywhere again"


async def test_new_games_open_in_a_thread_by_default_when_set(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await change(admin_of(table), table, threads=True)
    await alice.slash(table.channel, "game new", game="toy")
    [thread] = table.channel.threads
    assert (await table.bot.store.session_in_channel(thread.id)).host_id == alice.id
    assert await table.bot.store.session_in_channel(table.channel.id) is None
    await bob.slash(table.channel, "game new", game="toy", thread=False)  # the member's own say wins
    assert (await table.bot.store.session_in_channel(table.channel.id)).host_id == bob.id


async def test_the_host_role_opens_games_and_acts_as_host_in_any(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    hosts = table.guild.create_role("hosts")
    host = table.guild.add_member(simcord_env.create_user("dana"), roles=[hosts])
    admin = admin_of(table)
    await open_lobby(table)  # before the setting: anyone opened games
    await bob.slash(table.channel, "game join")
    assert "Only the host" in refusal(await carol.slash(table.channel, "game start"))
    await change(admin, table, host_role=hosts)

    await host.slash(table.channel, "game start")  # the role counts as managing every game of the server
    assert (await table.bot.store.get_session(1)).status == "active"
    other = table.guild.create_text_channel("more")
    assert refusal(await carol.slash(other, "game new", game="toy")) == (
        "On this server only members with the role @hosts (or who may manage the channel) open games.")
    assert not (await host.slash(other, "game new", game="toy")).response.ephemeral
    await change(admin, table, clear="host_role")
    third = table.guild.create_text_channel("third")
    assert not (await carol.slash(third, "game new", game="toy")).response.ephemeral


async def test_a_new_lobby_takes_the_servers_deadline_reminders_and_rated(simcord_env):
    table = make_table(simcord_env)
    admin = admin_of(table)
    await open_lobby(table)
    meta = await meta_of(table)
    assert meta.get("deadline_hours", 0) == 0 and meta.get("rated", "auto") == "auto"
    await table.players[0].slash(table.channel, "game host cancel")

    shown = await change(admin, table, deadline=24,
                         reminder_hours=0.0, rated="off")
    assert "deadline`): 24 hours" in shown and "reminder_hours`): off" in shown and "(`rated`): Not rated" in shown
    lobby = await open_lobby(table)
    meta = await meta_of(table, 2)
    assert (meta["deadline_hours"], meta["remind_after"], meta["rated"]) == (24, 0, "off")
    assert "24 hours" in "\n".join(texts(lobby)) and "Not rated" in "\n".join(texts(lobby)), "the lobby shows them"
    await table.players[0].slash(table.channel, "game host option", name="rated", value="on")
    assert (await meta_of(table, 2))["rated"] == "on", "a default, which the host changes like any option"


async def test_ai_seats_off_refuses_adding_one(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    admin = admin_of(table)
    lobby = await open_lobby(table)
    await alice.click(lobby, label="Add AI")
    assert [s.is_ai for s in (await table.bot.store.get_session(1)).seats] == [False, True], "allowed by default"
    await change(admin, table, ai_seats=False)
    said = refusal(await alice.click(lobby, label="Add AI"))
    assert said == escape("AI seats are turned off on this server (the server setting ai_seats of /tarmac "
                          "settings): every seat needs a member.")
    assert len((await table.bot.store.get_session(1)).seats) == 2
    assert "ai\\_seats" in refusal(await alice.slash(table.channel, "game start")), "nor starts with one"
    assert (await table.bot.store.get_session(1)).status == "lobby"


async def test_the_notice_channel_hears_of_a_restart_and_a_board_not_posted(simcord_env, make_bot):
    table = make_table(simcord_env)
    notices = table.guild.create_text_channel("bot-notices")
    await change(admin_of(table), table, notice_channel=notices)
    await start_with_all(table)
    assert not messages_after(notices, 0), "nothing to say yet"

    await simcord_env.restart_bot(make_bot())
    [said] = messages_after(notices, 0)
    assert said.content == "Tarmac restarted: 1 game carries on where it was."

    # Someone took the bot's permission to post in the game's channel.
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                             message="Missing Permissions", times=None)
    await table.players[0].slash(table.channel, "game panel")
    last = messages_after(notices, said.id)
    assert [m.content for m in last] == [
        f"I could not post the board of game #1 in <#{table.channel.id}> (I lack a permission there): check that I "
        "may view the channel, send messages, embed links and attach files there; /game panel posts it again."]
    await table.players[0].slash(table.channel, "game panel")
    assert len(messages_after(notices, said.id)) == 1, "told once per game"


async def test_settings_are_each_servers_own(simcord_env):
    table = make_table(simcord_env)
    await change(admin_of(table), table, ai_seats=False)
    other = make_table(simcord_env, ("erin", "finn"))
    lobby = await open_lobby(other)
    await other.players[0].click(lobby, label="Add AI")
    assert (await other.bot.store.session_in_channel(other.channel.id)).seats[-1].is_ai
