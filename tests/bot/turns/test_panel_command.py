"""/game panel is for the game's players, pings nobody again within a short while, and the panel it replaces keeps
no buttons that could only answer "out of date"."""

from __future__ import annotations

from tests.bot.helpers import items, latest_panel, make_table, prompt_of, refusal, start_with_all, turn_bodies

SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS


async def test_game_panel_is_for_players_retires_the_old_buttons_and_pings_only_after_a_while(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    mallory = table.guild.add_member(simcord_env.create_user("mallory"))
    await start_with_all(table)
    old = latest_panel(table.channel)
    assert "Only the players" in refusal(await mallory.slash(table.channel, "game panel"))

    await bob.slash(table.channel, "game panel")
    new = latest_panel(table.channel)
    assert new.id != old.id and items(new)
    body = [b for m, b in turn_bodies(simcord_env, table.channel) if m == "POST"][-1]
    assert body["allowed_mentions"]["users"] == [], "posted again at once: nobody is pinged twice"
    assert body["flags"] & SILENT, "and nobody's phone buzzes for it"
    retired = next(m for m in table.channel.history() if m.id == old.id)
    assert not items(retired) and prompt_of(retired) == "-# This panel was posted again below."

    await simcord_env.advance_time(20 * 60)
    await bob.slash(table.channel, "game panel")
    body = [b for m, b in turn_bodies(simcord_env, table.channel) if m == "POST"][-1]
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [alice.id], "later, the player is called again"
    assert not body["flags"] & SILENT, "with a buzz"
    first = next(b for m, b in turn_bodies(simcord_env, table.channel) if m == "POST")
    assert not first["flags"] & SILENT, "the first panel calls on its player out loud"


async def test_a_panel_of_an_older_build_is_retired_to_a_note_too(simcord_env):
    """A panel posted before the move to Components V2 (content, an embed, buttons) is replaced by the V2 note."""
    import discord

    from bot.discord.panel import ChoiceButton

    table = make_table(simcord_env)
    await start_with_all(table)
    channel = table.bot.get_channel(table.channel.id)
    old_view = discord.ui.View(timeout=None)
    old_view.add_item(ChoiceButton(1, 0, 0, 0, "Pass"))
    old = await channel.send(content="an old panel", embed=discord.Embed(title="Toy Cards — move 0"), view=old_view)
    session = await table.bot.store.get_session(1)
    await table.bot.presenter.retire(session, old.id, "This panel was posted again below.")
    retired = next(m for m in table.channel.history() if m.id == old.id)
    assert not items(retired) and not retired.embeds and not retired.content
    assert prompt_of(retired) == "This panel was posted again below."
