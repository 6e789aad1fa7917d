"""Two clicks at the same moment on one Planes panel, delivered through SimCord to the real discord.py client: the
first applies, the second is refused with an ephemeral sentence, and the channel gets one new board (a new panel, or
the panel edited in place while the same seat goes on), not two."""

from __future__ import annotations

import asyncio
from typing import Any

from simcord import MemberActor
from simcord.actors import _component_click
from simcord.results import InteractionResult

from engine import registry
from tests.bot.helpers import (
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    refusal,
    start_with_all,
    state_version,
    stored_state,
    turn_bodies,
)

simcord_bot, bot_seed = one_game("planes", 5)


async def clicks_at_once(actor: MemberActor, message: Any, custom_ids: list[str]) -> list[InteractionResult]:
    """`asyncio.gather` of clicks by one member on one message, every one delivered before the bot handles any (a
    double click, or two devices). SimCord's public `click` waits for the bot to settle and refuses to overlap
    another operation, so this gathers the click it wraps, inside one operation."""
    env = actor._env
    mark = len(env.http_requests)
    env._begin_operation("click")
    try:
        clicks = [_component_click(actor, message, label=None, custom_id=c) for c in custom_ids]
        results = list(await asyncio.gather(*clicks))
    finally:
        env._end_operation()
    # They really overlapped: every click was acknowledged before the bot posted or edited anything for the first.
    sent = [e.path for e in env.http_requests[mark:] if e.method in ("POST", "PATCH")]
    first_post = next(i for i, path in enumerate(sent) if path.startswith("/channels/") and "/messages" in path)
    assert sum(path.endswith("/callback") for path in sent[:first_post]) == len(custom_ids)
    return results


async def assert_applied_once(table: Any, results: list[InteractionResult], version: int, shown: int) -> None:
    assert await state_version(table) == version + 1, "exactly one of the clicks applied"
    assert len(await table.bot.store.actions(1, last=10)) == version + 1, "one action logged, not two"
    assert len(turn_bodies(table.env, table.channel)) == shown + 1, "one new board, not two"
    # Each click is acknowledged first (a deferred update), so a refusal comes as an ephemeral followup.
    refused = [r for r in results if any(m.ephemeral for m in r.followups)]
    assert len(refused) == len(results) - 1, "every other click got an ephemeral sentence"
    assert all("out of date" in refusal(r) or "moved on" in refusal(r) for r in refused)


async def test_a_double_click_and_two_different_choices_at_once_apply_once(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    checked = 0
    # Play on until both a private panel (cards shown to the chooser alone) and a public one have been raced.
    for _ in range(40):
        panel = latest_panel(table.channel)
        actor = mentioned_actor(table, panel)
        version, count = await state_version(table), len(turn_bodies(simcord_env, table.channel))
        choices = [i.custom_id for i in items(panel) if i.custom_id.startswith("tc:")]
        shows = [i.custom_id for i in items(panel) if i.custom_id.endswith(":s")]
        if shows and not checked & 1:
            # Open the private list, then click two of the chooser's own options on it at once.
            shown = (await actor.click(panel, custom_id=shows[0])).response.message
            options = [i.custom_id for i in items(shown) if i.custom_id.startswith("tc:")]
            results = await clicks_at_once(actor, shown, [options[0], options[-1]])
            checked |= 1
        elif len(choices) >= 2 and not shows and not checked & 2:
            results = await clicks_at_once(actor, panel, [choices[0], choices[0], choices[-1]])
            checked |= 2
        else:
            state = await stored_state(table)
            (decision,) = game.pending(state)
            await click_option(actor, panel, next(i for i, o in enumerate(decision.options) if o.id != "redo"))
            continue
        await assert_applied_once(table, results, version, count)
        if checked == 3:
            break
    assert checked == 3, "raced both kinds of panel"
