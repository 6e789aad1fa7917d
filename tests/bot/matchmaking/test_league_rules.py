"""Who may make a league and where: members who may manage the server or hold its host role, in one of the games
channels the server's settings name; sign-up and start refused in plain sentences."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from bot.session.server_settings import ServerSettings, save_server_settings
from engine import registry
from tests.bot.helpers import make_table, refusal


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"planes": registry.get("planes")})


async def test_the_host_role_makes_leagues_in_the_games_channels_only(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo"))
    ana, bo = table.players
    hosts = table.guild.create_role("hosts")
    hal = table.guild.add_member(simcord_env.create_user("hal"), roles=[hosts])
    other = table.guild.create_text_channel("chat")
    await save_server_settings(table.bot.store, table.guild.id,
                               ServerSettings(game_channels=[table.channel.id], host_role=hosts.id))
    assert "host role" in refusal(await ana.slash(table.channel, "league new", game="planes", name="Spring"))
    said = refusal(await hal.slash(other, "league new", game="planes", name="Spring"))
    assert "games channels" in said and f"<#{table.channel.id}>" in said
    made = await hal.slash(table.channel, "league new", game="planes", name="Spring", table=4, fill="bye")
    assert made.response is not None and not made.response.ephemeral, "the sign-up panel, for everyone"
    assert "already runs a league named Spring" in refusal(
        await hal.slash(table.channel, "league new", game="planes", name="spring"))
    await ana.click(made.response.message, label="Join the league")
    assert "needs more members" in refusal(await hal.slash(table.channel, "league start"))
    assert "not playing in Spring" in refusal(await bo.slash(table.channel, "league drop"))
    [league] = await table.bot.store.leagues_of(table.guild.id)
    assert [m.user_id for m in await table.bot.store.league_members(league.id)] == [ana.id]
