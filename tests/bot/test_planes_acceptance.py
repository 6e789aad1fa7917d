"""THE acceptance test: three members play a whole game of Planes through the real discord.py client on SimCord,
from /game new to the final scores, every choice made by clicking an offered button or select option."""

from __future__ import annotations

import random

import pytest

from engine import registry
from renderers import for_game
from tests.bot.conftest import validate_all
from tests.bot.helpers import Table, latest_panel, make_table, mentioned_actor, panels

pytestmark = pytest.mark.skipif("planes" not in registry.names(), reason="the Planes engine is not present")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot({"planes": registry.get("planes")})


async def click_an_offered_option(table: Table, rng: random.Random) -> None:
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    components = [c for row in panel.components for c in row.children]  # type: ignore[attr-defined]
    select = next((c for c in components if (c.custom_id or "").startswith("ts:")), None)
    if select is not None:
        pages = [c for c in components if (c.custom_id or "").startswith("tp:")]
        if pages and rng.random() < 0.3:
            # Look at another page of options (ephemeral to the clicker) and choose there.
            page = await actor.click(panel, custom_id=rng.choice(pages).custom_id)
            shown = page.response.message
            menu = next(c for row in shown.components for c in row.children  # type: ignore[attr-defined]
                        if (c.custom_id or "").startswith("ts:"))
            await actor.select(shown, [rng.choice(menu.options).value], custom_id=menu.custom_id)
            return
        await actor.select(panel, [rng.choice(select.options).value], custom_id=select.custom_id)
        return
    buttons = [c for c in components if (c.custom_id or "").startswith("tc:")]
    await actor.click(panel, custom_id=rng.choice(buttons).custom_id)


async def test_three_members_play_planes_to_the_final_scores(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    ana, ben, cleo = table.players
    opened = await ana.slash(table.channel, "game new", game="planes")
    lobby = opened.response.message
    await ben.click(lobby, label="Join")
    await cleo.click(lobby, label="Join")
    # A shorter game (the rulebook's own variant) keeps the test quick; the host picks it in the lobby.
    await ana.select(lobby, ["3"], custom_id="to:1:end_space")
    await ana.click(lobby, label="Start")

    rng = random.Random(2026)
    moves = 0
    while latest_panel(table.channel).components:
        await click_an_offered_option(table, rng)
        moves += 1
        assert moves < 3000, "the game should have ended"

    final = latest_panel(table.channel)
    assert final.content.startswith("Game over.")
    assert any(f.name == "Final scores" for f in final.embeds[0].fields)
    session = await table.bot.store.get_session(1)
    assert session.status == "finished"
    _json, version = await table.bot.store.load_snapshot(1)
    assert version == moves
    all_panels = panels(table.channel)
    assert len(all_panels) == moves + 1, "a board follows every move"
    if for_game("planes") is not None:
        assert all(p.attachments and p.attachments[0].filename == "board.png" for p in all_panels)
    validate_all(simcord_env)
