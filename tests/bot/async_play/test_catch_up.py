"""The message that pings a member tells them what the others did since their last turn, turn by turn in plain words:
the latest turn as "What just happened", the ones before it under "Since your last turn, before that"."""

from __future__ import annotations

from tests.bot.helpers import (
    field_of,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    newest_id,
    prompt_of,
    start_with_all,
    title_of,
)


def field(panel, name: str) -> list[str]:
    return field_of(panel, name, "").splitlines()


async def test_the_ping_summarises_the_others_turns_since_the_members_last_one(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_with_all(table)
    for _ in range(3):  # alice, bob and carol pass: alice is called again
        panel = latest_panel(table.channel)
        await mentioned_actor(table, panel).click(panel, label="Pass")
    panel = latest_panel(table.channel)
    assert prompt_of(panel).startswith(alice.mention)
    assert field(panel, "What just happened") == ["carol passed."]
    assert field(panel, "Since your last turn, before that") == ["bob passed."], "each player named once"

    await alice.click(panel, label="Pass")
    panel = latest_panel(table.channel)
    assert prompt_of(panel).startswith(bob.mention)
    assert field(panel, "Since your last turn, before that") == ["carol passed."]


async def test_an_ai_turn_leaves_no_frozen_panel_behind(simcord_env):
    table = make_table(simcord_env, ("alice", "bob"))
    alice, _bob = table.players
    await start_with_all(table, ai=2)  # alice, bob, AI 1, AI 2
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")
    panel = latest_panel(table.channel)
    assert prompt_of(panel).startswith(table.players[1].mention)
    mark = newest_id(table.channel)
    await table.players[1].click(panel, label="Pass")  # the turn passes to AI 1, then AI 2, then alice
    new = [m for m in messages_after(table.channel, mark) if " — Turn " in title_of(m)]
    assert len(new) == 1 and prompt_of(new[0]).startswith(alice.mention), "one panel for both AI turns"
    # Everything since alice's own last turn, each once: the AI's turn just played as what just happened, the
    # turns before it since hers (bob's, AI 1's) a line each.
    happened = field(new[0], "What just happened")
    assert len(happened) == 1 and happened[0].startswith("AI 2 ")
    before = field(new[0], "Since your last turn, before that")
    assert before[0] == "bob passed." and len(before) == 2 and before[1].startswith("AI 1 ")
