"""What the queue tells a member whose waits end without them: a wait that ran out, with a button that starts it
again with the same wishes, and being taken out of the queue after two tables left unconfirmed, with why. Both in
the queue's channel, pinging that member alone; the button works for that member only."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import Env

from bot.lfg.entries import QueueRules
from engine import registry
from tests.bot.helpers import make_table, refusal, texts

MINUTE = 60.0
RULES = QueueRules()


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"planes": registry.get("planes")})


def words(message: discord.Message) -> str:
    return "\n".join(texts(message))


def threads(channel: Any) -> list[Any]:
    return sorted(channel.threads, key=lambda t: t.id)


def notices(channel: Any, text: str) -> list[discord.Message]:
    return [m for m in channel.history() if text in words(m)]


async def test_a_wait_that_runs_out_is_told_and_renewed_with_its_wishes(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo"))
    ana, bo = table.players
    await ana.slash(table.channel, "lfg join", game="planes", seats="4", pace=24, rated=False)
    await simcord_env.advance_time(RULES.expiry - MINUTE)
    assert notices(table.channel, "ran out") == [], "not before its time"
    await simcord_env.advance_time(2 * MINUTE)
    [told] = notices(table.channel, "ran out")
    said = words(told)
    assert ana.mention in said and "24 hours" in said and "Planes: 4 players, 24-hour turns, not rated" in said
    assert [u.id for u in told.mentions] == [ana.id], "it pings ana alone"
    assert await table.bot.store.lfg_entries(table.guild.id) == []

    assert "for the member it names" in refusal(await bo.click(told, label="Renew: wait for Planes again"))
    assert await table.bot.store.lfg_entries(table.guild.id) == []
    reply = await ana.click(told, label="Renew: wait for Planes again")
    assert reply.response is not None and reply.response.ephemeral and "You wait for a Planes table" in \
        reply.response.content
    [entry] = await table.bot.store.lfg_entries(table.guild.id)
    assert (entry.user_id, entry.min_seats, entry.max_seats, entry.pace, entry.rated, entry.ai_allowed) == \
        (ana.id, 4, 4, 24, False, False), "the same wishes as the wait that ran out"


async def test_a_member_out_after_two_unconfirmed_tables_is_told_why(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo"))
    ana, bo = table.players
    for member in (ana, bo):
        await member.slash(table.channel, "lfg join", game="planes", seats="2")
    for round_ in range(2):
        [asked] = threads(table.channel)[round_].history()
        await ana.click(asked, label="Confirm my seat")
        await simcord_env.advance_time(RULES.confirm + MINUTE)
        if round_ == 0:
            assert notices(table.channel, "out of the queue") == [], "one miss sends bo to the back only"
    [called_off] = threads(table.channel)[1].history()
    assert "Out of the queue, after a second table left unconfirmed: " + bo.mention in words(called_off)
    [told] = notices(table.channel, "out of the queue")
    assert bo.mention in words(told) and "did not confirm" in words(told) and "2 tables" in words(told)
    assert [u.id for u in told.mentions] == [bo.id]
    assert [e.user_id for e in await table.bot.store.lfg_entries(table.guild.id)] == [ana.id], "ana still waits"

    await bo.click(told, label="Join the Planes queue again")
    [asked] = threads(table.channel)[2].history()
    assert sorted(u.id for u in asked.mentions) == sorted((ana.id, bo.id)), "bo is back, and the two are seated"
