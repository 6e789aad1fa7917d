"""The lobby: join, leave, add an AI, set options, start; who may start; one game per channel; threads."""

from __future__ import annotations

from tests.bot.helpers import latest_panel, make_table, open_lobby, panels, refusal


def seats_field(message) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name.startswith("Seats"))


async def test_join_leave_add_ai_and_start_by_buttons(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    lobby = await open_lobby(table)
    assert "2–4 players" in lobby.embeds[0].description

    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    result = await carol.click(lobby, label="Leave")
    shown = result.response.message
    assert bob.mention in seats_field(shown) and carol.mention not in seats_field(shown)

    await alice.click(lobby, label="Add AI")
    result = await alice.click(lobby, label="Start")
    assert result.acknowledged
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.status == "active"
    assert [(s.user_id, s.is_ai) for s in session.seats] == [(alice.id, False), (bob.id, False), (None, True)]
    assert panels(table.channel), "starting posts the first turn panel"


async def test_only_the_host_starts_and_sets_options(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Join")

    assert "host" in refusal(await bob.click(lobby, label="Start"))
    assert "host" in refusal(await bob.select(lobby, ["3"], custom_id="to:1:hand"))

    changed = await alice.select(lobby, ["3"], custom_id="to:1:hand")
    assert any(f.value == "3 cards" for f in changed.response.message.embeds[0].fields)
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.status == "lobby" and session.options == {"hand": "3"}

    await alice.click(lobby, label="Start")
    # The host's option reached the engine: each seat was dealt three cards.
    state = await table.bot.service._state(await table.bot.store.session_in_channel(table.channel.id))
    assert [len(h) for h in state.hands] == [3, 3]


async def test_start_needs_enough_players(simcord_env):
    table = make_table(simcord_env, ("alice",))
    lobby = await open_lobby(table)
    assert "2 to 4 players" in refusal(await table.players[0].click(lobby, label="Start"))
    assert (await table.bot.store.session_in_channel(table.channel.id)).status == "lobby"


async def test_one_game_per_channel_and_threads_for_more(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    assert "already has a game" in refusal(await bob.slash(table.channel, "game new", game="toy"))

    opened = await bob.slash(table.channel, "game new", game="toy", thread=True)
    assert not opened.response.ephemeral
    [thread] = table.channel.threads
    session = await table.bot.store.session_in_channel(thread.id)
    assert session is not None and session.host_id == bob.id
    assert thread.history()[0].embeds[0].title == "Toy Cards — lobby"


async def test_join_and_cancel_by_command(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    joined = await bob.slash(table.channel, "game join")
    assert joined.response.ephemeral
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [s.user_id for s in session.seats] == [alice.id, bob.id]
    assert "host" in refusal(await bob.slash(table.channel, "game cancel"))
    await alice.slash(table.channel, "game cancel")
    assert await table.bot.store.session_in_channel(table.channel.id) is None
    # The channel is free again.
    again = await bob.slash(table.channel, "game new", game="toy")
    assert not again.response.ephemeral


async def test_start_by_command_posts_the_first_panel(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await open_lobby(table)
    await bob.slash(table.channel, "game join")
    await alice.slash(table.channel, "game start")
    panel = latest_panel(table.channel)
    assert panel.components, "the first panel offers the legal options"
