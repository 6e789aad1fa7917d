"""Restarts in the middle of a Planes game: a new bot instance on the same database picks the game up from the
stored snapshot, in the middle of a move, and the panels the old instance posted still work (or, once outdated,
are refused)."""

from __future__ import annotations

from engine import registry
from tests.bot.helpers import (
    Policy,
    click_first,
    click_option,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    one_game,
    refusal,
    state_version,
    stored_state,
)

simcord_bot, _seeded_start = one_game("planes", 11)


async def test_restarts_mid_move_and_on_a_private_panel_then_finish(simcord_env, make_bot):
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
    while (panel := latest_panel(table.channel)).components:
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
            assert "out of date" in refusal(await click_first(mentioned_actor(table, panel), older))
            if move is not None:
                reloaded = (await stored_state(table)).move  # type: ignore[attr-defined]
                assert reloaded is not None and reloaded.drops == move.drops, "the move in progress survived"
        await click_option(mentioned_actor(table, panel), panel, policy.choose(state, decision))
        clicks += 1
        assert await state_version(table) == clicks, "the old panel's click applied, once"
        older = panel if latest_panel(table.channel).id != panel.id else older
        assert clicks < 500, "the game should have ended"

    assert restarted == {"mid-move", "private panel"}
    assert latest_panel(table.channel).content.startswith("Game over.")
    assert (await table.bot.store.get_session(1)).status == "finished"
