"""Restarts in the middle of a Planes game: a new bot instance on the same database picks the game up from the
stored snapshot, in the middle of a move, and the panels the old instance posted still work (or, once outdated,
are refused)."""

from __future__ import annotations

import pytest

from bot.session import Refusal
from engine import registry
from tests.bot.helpers import (
    Policy,
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    now_shown,
    one_game,
    prompt_of,
    state_version,
    stored_state,
)

simcord_bot, bot_seed = one_game("planes", 11)


async def test_restarts_mid_move_and_on_a_private_panel_then_finish(simcord_env, make_bot):
    simcord_env.settle_timeout = 60.0  # the final click draws the whole game's replay before the bot settles
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana, ben, cleo = table.players
    lobby = (await ana.slash(table.channel, "game new", game="planes")).response.message
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    # The rulebook's shortest game (the track ends at space 1) keeps this test to a few dozen clicks.
    await ana.click(lobby, custom_id="tlp:1:0")  # the track end is on the lobby's second page of options
    await ana.select(lobby, ["1"], custom_id="to:1:end_space")
    await ana.click(lobby, label="Start")

    game = registry.get("planes")
    policy = Policy(game, 11)
    older = None  # the newest panel of an earlier turn (a turn's own panel is edited as it goes): outdated buttons
    restarted: set[str] = set()
    clicks = 0
    while items(panel := latest_panel(table.channel)):
        state = await stored_state(table)
        (decision,) = game.pending(state)
        move = state.move  # type: ignore[attr-defined]
        private = any((i.custom_id or "").endswith(":s") for i in items(panel))
        where = "mid-move" if move is not None and move.drops else "private panel" if private else None
        if where is not None and where not in restarted and older is not None:
            restarted.add(where)
            version = await state_version(table)
            await simcord_env.restart_bot(make_bot({"planes": game}))
            # Nothing moved on: the newest panel is still the old instance's, and its older panels are outdated.
            assert await state_version(table) == version
            assert latest_panel(table.channel).id == panel.id
            assert not items(now_shown(table.channel, older)), "an earlier turn's panel gave its buttons up"
            _kind, _sid, old_version, seat, *_rest = items(older)[0].custom_id.split(":")
            with pytest.raises(Refusal, match="out of date"):  # a click it sent before that, after the restart
                await table.bot.parts.turns.choose(1, mentioned_actor(table, panel).id, version=int(old_version),
                                                   seat=int(seat), index=0)
            if move is not None:
                reloaded = (await stored_state(table)).move  # type: ignore[attr-defined]
                assert reloaded is not None and reloaded.drops == move.drops, "the move in progress survived"
        await click_option(mentioned_actor(table, panel), panel, policy.choose(state, decision))
        clicks += 1
        assert await state_version(table) == clicks, "the old panel's click applied, once"
        older = panel if latest_panel(table.channel).id != panel.id else older
        assert clicks < 500, "the game should have ended"

    assert restarted == {"mid-move", "private panel"}
    assert prompt_of(latest_panel(table.channel)).startswith("Game over.")
    assert (await table.bot.store.get_session(1)).status == "finished"
