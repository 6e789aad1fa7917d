"""Planes' "redo" (taking back an unfinished move) in the history: /game log says once what was undone, in words of
what happened (never the instruction to choose again), however often the player takes the move back in the same
turn; the panel's recap leaves it out, as it leaves out everything the game did not go on with."""

from __future__ import annotations

from engine import registry
from engine.core import GameState
from tests.bot.helpers import (
    Policy,
    Table,
    click_option,
    field_of,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    prompt_of,
    start_with_all,
    stored_state,
)

simcord_bot, bot_seed = one_game("planes", 5)
PLANES = registry.get("planes")


def reply_text(result) -> str:  # type: ignore[no-untyped-def]
    shown = [m for m in [result.response, *result.followups] if m is not None]
    message = shown[-1].message if hasattr(shown[-1], "message") else shown[-1]
    return " ".join([prompt_of(message), *(e.description or "" for e in message.embeds)])


async def choose(table: Table, state: GameState, option_id: str) -> None:
    decision = next(d for d in PLANES.pending(state) if d.option(option_id) is not None)
    panel = latest_panel(table.channel)
    index = [o.id for o in decision.options].index(option_id)
    await click_option(mentioned_actor(table, panel), panel, index)


async def test_a_move_taken_back_three_times_is_told_once_and_never_as_an_instruction(simcord_env) -> None:
    table = make_table(simcord_env)
    await start_with_all(table, "planes")
    policy = Policy(PLANES, 5)
    state = await stored_state(table)
    # Play by the policy up to a seat's choice of where its move starts.
    while not any(o.id.startswith("from:") for d in PLANES.pending(state) for o in d.options):
        decision = PLANES.pending(state)[0]
        await choose(table, state, decision.options[policy.choose(state, decision)].id)
        state = await stored_state(table)
    start = next(o.id for d in PLANES.pending(state) for o in d.options if o.id.startswith("from:"))
    for _ in range(3):
        await choose(table, state, start)
        await choose(table, await stored_state(table), "redo")
        state = await stored_state(table)

    said = f"took back their unfinished move from {start[5:]}"
    field = field_of(latest_panel(table.channel), "What just happened")
    log = reply_text(await table.players[0].slash(table.channel, "game log", count=1))
    assert log.count(said) == 1, log
    assert said not in field and "took back" not in field, field
    for text in (field, log):
        assert "choose where to start again" not in text
