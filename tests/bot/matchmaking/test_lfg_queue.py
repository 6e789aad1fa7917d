"""The matchmaking queue on SimCord: /lfg join, tables opened in threads with one ping, confirmations, a member who
does not confirm sent to the back, AI seats after the longer wait, the queue panel, and a restart in between."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import Env

from bot.lfg.entries import QueueRules
from engine import registry
from tests.bot.helpers import make_table, refusal, texts

MINUTE = 60.0


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"planes": registry.get("planes")})


def words(message: discord.Message) -> str:
    return "\n".join(texts(message))


def tables_of(channel: Any) -> list[Any]:
    return sorted(channel.threads, key=lambda t: t.id)


async def test_eight_members_make_two_tables_and_a_member_who_does_not_confirm_goes_back(
        simcord_env: Env, make_bot: Any) -> None:
    names = ("ana", "bo", "cy", "di", "ed", "flo", "gus", "hal", "ivy")
    table = make_table(simcord_env, names)
    members = table.players
    for member in members[:8]:
        reply = await member.slash(table.channel, "lfg join", game="planes", seats="3-4")
        assert reply.response is not None and reply.response.ephemeral
    first, second = tables_of(table.channel)
    assert [t.name for t in (first, second)] == ["Planes table 1", "Planes table 2"]
    [asked] = first.history()
    assert all(m.mention in words(asked) for m in members[:4]) and "Confirm your seat" in words(asked)
    assert sorted(u.id for u in asked.mentions) == sorted(m.id for m in members[:4]), "one ping, to the four"
    # Someone else's seat is not theirs to confirm.
    assert "no seat at this table" in refusal(await members[5].click(asked, label="Confirm my seat"))
    for member in members[:4]:
        await member.click(asked, label="Confirm my seat")
    session = await table.bot.store.session_in_channel(first.id)
    assert session is not None and session.status == "active"
    assert [s.user_id for s in session.seats] == [m.id for m in members[:4]]

    # ivy joins after the eight; hal leaves table 2 unconfirmed, and a restart comes in between.
    await members[8].slash(table.channel, "lfg join", game="planes", seats="3-4")
    [other] = second.history()
    for member in members[4:7]:
        await member.click(other, label="Confirm my seat")
    await simcord_env.restart_bot(make_bot({"planes": registry.get("planes")}))
    await simcord_env.advance_time(QueueRules().confirm + 2 * MINUTE)
    [called_off] = second.history()
    assert "called off" in words(called_off) and members[7].mention in words(called_off)
    assert await table.bot.store.session_in_channel(second.id) is None
    # The three who confirmed and ivy make the next table at once; hal waits, behind them.
    third = tables_of(table.channel)[2]
    [asked] = third.history()
    assert sorted(u.id for u in asked.mentions) == sorted(m.id for m in (*members[4:7], members[8]))
    waiting = await table.bot.store.lfg_entries(table.guild.id)
    assert [(e.user_id, e.misses, e.table_id) for e in waiting if e.table_id is None] == [(members[7].id, 1, None)]
    listed = (await members[0].slash(table.channel, "lfg list")).response
    assert listed.ephemeral and members[7].mention in listed.content and "<t:" in listed.content


async def test_two_members_with_ai_allowed_get_an_ai_seat_after_the_longer_wait(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo"))
    ana, bo = table.players
    await ana.slash(table.channel, "lfg join", game="planes", seats="3-4", ai=True)
    await bo.slash(table.channel, "lfg join", game="planes", seats="3-4", ai=True)
    await simcord_env.advance_time(QueueRules().wait + MINUTE)
    assert table.channel.threads == [], "two are too few, and the AI waits for the longer wait"
    await simcord_env.advance_time(QueueRules().ai_wait - QueueRules().wait)
    [thread] = table.channel.threads
    [asked] = thread.history()
    assert "AI" in words(asked)
    for member in (ana, bo):
        await member.click(asked, label="Confirm my seat")
    session = await table.bot.store.session_in_channel(thread.id)
    assert session is not None and session.status == "active"
    assert [(s.user_id, s.is_ai) for s in session.seats] == [(ana.id, False), (bo.id, False), (None, True)]
    assert session.seats[2].level == QueueRules().ai_level


async def test_the_queue_panel_joins_renews_and_leaves(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo"))
    ana, bo = table.players
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    boss = table.guild.add_member(simcord_env.create_user("boss"), roles=[mods])
    assert "manage the server" in refusal(await ana.slash(table.channel, "lfg panel"))
    reply = await boss.slash(table.channel, "lfg panel")
    panel = reply.response.message
    assert "Planes: nobody waiting" in words(panel)
    await ana.click(panel, label="Join Planes")
    [shown] = [m for m in table.channel.history() if m.id == panel.id]
    assert "Planes: 1 waiting" in words(shown), "the panel counts who waits"
    assert "not waiting" in refusal(await bo.click(panel, label="Renew my waits"))
    renewed = await ana.click(panel, label="Renew my waits")
    assert "last until <t:" in renewed.response.content
    await ana.click(panel, label="Leave the queue")
    assert await table.bot.store.lfg_entries(table.guild.id) == []
    assert "seats 2 to 4" in refusal(await ana.slash(table.channel, "lfg join", game="planes", seats="5-6"))
