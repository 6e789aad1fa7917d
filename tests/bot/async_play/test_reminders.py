"""Reminders in slow games, on SimCord's virtual clock: after a quiet period the players who must act are mentioned
once (no one else, and never twice in one period), reminders survive a restart, /game nudge reminds at once, a game
can change its period, and a member with closed DMs hears about it once per game, not on every move."""

from __future__ import annotations

from typing import Any

from tests.bot.helpers import (
    Table,
    latest_panel,
    make_table,
    mentioned_actor,
    prompt_of,
    refusal,
    start_with_all,
)

HOUR = 3600.0


def reminders(table: Table) -> list[Any]:
    return [m for m in table.channel.history() if "waiting" in prompt_of(m) and "for your move" in prompt_of(m)]


def mention_requests(env: Any) -> list[dict[str, Any]]:
    """The bodies of the reminder posts, as the bot sent them (with their allowed_mentions)."""
    return [e.json for e in env.http_requests if e.method == "POST" and isinstance(e.json, dict)
            and "for your move" in (e.json.get("content") or "")]


async def test_one_reminder_per_quiet_period_for_whoever_must_act(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_with_all(table)

    await simcord_env.advance_time(11 * HOUR)
    assert reminders(table) == [], "not before the quiet period is over"
    await simcord_env.advance_time(2 * HOUR)
    [first] = reminders(table)
    # The wait as a Discord timestamp: each reader's client shows how long ago in their own zone, 12 hours here.
    began = int(first.created_at.timestamp() - 12 * HOUR)
    assert prompt_of(first).startswith(f"{alice.mention}, Toy Cards has been waiting since <t:{began}:R>")
    assert bob.mention not in prompt_of(first) and carol.mention not in prompt_of(first)
    [body] = mention_requests(simcord_env)
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [alice.id], "only the player who must act is notified"

    await simcord_env.advance_time(10 * HOUR)
    assert len(reminders(table)) == 1, "at most one reminder per quiet period"
    await simcord_env.advance_time(3 * HOUR)
    assert len(reminders(table)) == 1, "the second reminder waits twice as long (back-off)"
    await simcord_env.advance_time(11 * HOUR)
    assert len(reminders(table)) == 2, "a game that stays quiet is reminded again, 24 hours after the first"

    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")  # a move starts a new quiet period
    await simcord_env.advance_time(11 * HOUR)
    assert len(reminders(table)) == 2
    await simcord_env.advance_time(2 * HOUR)
    newest = reminders(table)[-1]
    began = int(newest.created_at.timestamp() - 12 * HOUR)
    assert prompt_of(newest).startswith(f"{bob.mention}, Toy Cards has been waiting since <t:{began}:R>")


async def test_reminders_survive_a_restart_without_repeating(simcord_env, make_bot):
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)

    await simcord_env.advance_time(6 * HOUR)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(7 * HOUR)
    [reminder] = reminders(table)
    assert prompt_of(reminder).startswith(alice.mention), "the quiet period went on counting across the restart"

    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(2 * HOUR)
    assert len(reminders(table)) == 1, "a new bot instance does not remind again"


async def test_nudge_reminds_now_but_not_again_and_again(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    mallory = table.guild.add_member(simcord_env.create_user("mallory"))  # in the server, not in the game
    await start_with_all(table)

    assert "less than 1 hour ago" in refusal(await bob.slash(table.channel, "game nudge"))
    await simcord_env.advance_time(2 * HOUR)
    assert "waiting for you" in refusal(await alice.slash(table.channel, "game nudge"))
    assert "Only the players" in refusal(await mallory.slash(table.channel, "game nudge"))
    assert reminders(table) == []

    done = await bob.slash(table.channel, "game nudge")
    assert done.response.ephemeral
    [nudge] = reminders(table)
    assert prompt_of(nudge).startswith(f"{alice.mention}, {bob.mention} nudges you")
    [body] = mention_requests(simcord_env)
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [alice.id]
    assert "less than 1 hour ago" in refusal(await bob.slash(table.channel, "game nudge"))

    # The nudge counts as this period's reminder: the automatic one comes 12 hours after it, not after the move.
    await simcord_env.advance_time(11 * HOUR)
    assert len(reminders(table)) == 1
    await simcord_env.advance_time(2 * HOUR)
    assert len(reminders(table)) == 2


async def test_the_host_sets_the_period_or_turns_reminders_off(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)

    assert "Only the host" in refusal(await bob.slash(table.channel, "game host reminders", hours=1))
    said = await alice.slash(table.channel, "game host reminders", hours=0)
    assert "off" in said.response.content and not said.response.ephemeral
    await simcord_env.advance_time(30 * HOUR)
    assert reminders(table) == []

    await alice.slash(table.channel, "game host reminders", hours=2)
    await simcord_env.advance_time(0.5 * HOUR)
    assert len(reminders(table)) == 1, "30 quiet hours are more than the new 2-hour period: reminded at once"
    await simcord_env.advance_time(3 * HOUR)
    assert len(reminders(table)) == 1
    await simcord_env.advance_time(1 * HOUR)
    assert len(reminders(table)) == 2, "the next one 4 hours later: twice the new period"


async def test_closed_dms_are_tried_once_and_mentioned_once_until_the_member_says_they_are_open(simcord_env, make_bot):
    table = make_table(simcord_env)
    alice, bob = table.players
    dm_path = f"/channels/{bob.user.dm_channel.id}/messages"
    simcord_env.inject_error("POST", dm_path, status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await start_with_all(table)

    def notices() -> list[Any]:
        return [m for m in table.channel.history() if prompt_of(m).startswith(f"{bob.mention}, I cannot send you DMs")]

    def tries() -> int:
        return sum(1 for e in simcord_env.http_requests if e.method == "POST" and e.path == dm_path)

    # Bob's hand changes when he passes (he draws): Discord counts refused requests toward its ban limit, so after
    # the first refusal nothing more is sent to him, not even by a new bot instance.
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")
    await simcord_env.restart_bot(make_bot())
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")
    assert tries() == 1 and len(notices()) == 1, "tried once, told once"

    assert "Hand by DM in this game: off" in refusal(await bob.slash(table.channel, "game settings"))
    await bob.slash(table.channel, "game settings", dms=True)
    assert "Hand by DM in this game: on" in refusal(await bob.slash(table.channel, "game settings"))
    simcord_env.backend.faults.clear()
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")  # the fourth pass ends the game
    assert tries() == 2, "after /game settings dms:True his hand comes by DM again"
    users = [e for e in simcord_env.http_requests if e.method == "GET" and e.path.startswith("/users/")]
    assert len(users) <= 2 * 2, "each member is looked up once per bot instance, not before every DM"


async def test_reminders_back_off_and_stop_when_the_game_is_abandoned(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)
    sent_at = []
    for hour in range(1, 16 * 24 + 1):
        await simcord_env.advance_time(HOUR)
        if len(reminders(table)) > len(sent_at):
            sent_at.append(hour)
    assert sent_at == [12, 36, 84, 180], "each wait doubles: 12, 24, 48, 96 hours"
    told = [m for m in table.channel.history() if "I stop reminding" in prompt_of(m)]
    assert len(told) == 1 and prompt_of(told[0]).startswith(f"<@{alice.id}>, nobody has moved"), "the host, once"
    assert "14 days" in prompt_of(told[0])

    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")  # a move: reminders start again
    await simcord_env.advance_time(13 * HOUR)
    assert len(reminders(table)) == 5
