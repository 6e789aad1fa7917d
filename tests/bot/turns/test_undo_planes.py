"""The panel's "Undo my last step" button on a real game: every step of a Planes turn that shows nothing hidden can
be taken back from the panel, one step at a time, back to exactly the state before it."""

from __future__ import annotations

import json

from engine import registry
from tests.bot.helpers import (
    Policy,
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    start_with_all,
    stored_state,
)

SEED = 2026

simcord_bot, bot_seed = one_game("planes", SEED)


def content(state) -> dict:
    data = json.loads(state.model_dump_json())
    data.pop("version")
    return data


def labels(message) -> list[str]:
    return [c.label for c in items(message)]


async def test_each_step_of_a_turn_is_taken_back_from_the_panel(simcord_env):
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    policy = Policy(game, SEED)
    first = latest_panel(table.channel)
    actor = mentioned_actor(table, first)
    assert "Undo my last step" not in labels(first), "nothing to take back yet"
    states = [await stored_state(table)]
    for _ in range(2):  # the action, then the start of the move
        state = states[-1]
        (decision,) = game.pending(state)
        await click_option(actor, latest_panel(table.channel), policy.choose(state, decision))
        states.append(await stored_state(table))
    panel = latest_panel(table.channel)
    assert mentioned_actor(table, panel) is actor and "Undo my last step" in labels(panel)

    await actor.click(panel, label="Undo my last step")
    assert content(await stored_state(table)) == content(states[1])
    panel = latest_panel(table.channel)
    assert "Undo my last step" in labels(panel), "the step before is theirs too"
    await actor.click(panel, label="Undo my last step")
    back = await stored_state(table)
    assert content(back) == content(states[0]) and back.version == 4
    assert "Undo my last step" not in labels(latest_panel(table.channel))


async def test_the_log_counts_turns_and_count_1_mid_turn_shows_the_turn_so_far(simcord_env):
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    policy = Policy(game, SEED)
    actor = mentioned_actor(table, latest_panel(table.channel))
    for _ in range(3):
        state = await stored_state(table)
        (decision,) = game.pending(state)
        await click_option(actor, latest_panel(table.channel), policy.choose(state, decision))
    assert mentioned_actor(table, latest_panel(table.channel)) is actor, "still ana's turn"
    shown = await actor.slash(table.channel, "game log", count=1)
    message = shown.followups[0].message if shown.followups else shown.response.message
    [line] = message.embeds[0].description.splitlines()
    assert line.startswith(f"**Turn 1 · round 1** ({actor.name}): "), "one line: the turn so far"
