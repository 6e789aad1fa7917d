"""/game panel is for the game's players, pings nobody again within a short while, and the panel it replaces keeps
no buttons that could only answer "out of date"."""

from __future__ import annotations

from tests.bot.helpers import latest_panel, make_table, refusal, start_with_all, turn_bodies


async def test_game_panel_is_for_players_retires_the_old_buttons_and_pings_only_after_a_while(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    mallory = table.guild.add_member(simcord_env.create_user("mallory"))
    await start_with_all(table)
    old = latest_panel(table.channel)
    assert "Only the players" in refusal(await mallory.slash(table.channel, "game panel"))

    await bob.slash(table.channel, "game panel")
    new = latest_panel(table.channel)
    assert new.id != old.id and new.components
    _method, body = turn_bodies(simcord_env, table.channel)[-1]
    assert body["allowed_mentions"]["users"] == [], "posted again at once: nobody is pinged twice"
    retired = next(m for m in table.channel.history() if m.id == old.id)
    assert not retired.components and retired.content == "This panel was posted again below."

    await simcord_env.advance_time(20 * 60)
    await bob.slash(table.channel, "game panel")
    _method, body = turn_bodies(simcord_env, table.channel)[-1]
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [alice.id], "later, the player is called again"
