"""engine/README.md's "Adding a game", proved: a tiny game that no list in the code names, registered through its
manifest alone, is offered by the lobby, played, drawn by its own renderer, explained by its rules file, and its
sample picture joins the renderers' catalogue (tests/engine/test_manifests.py checks the registry's side alone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.discord import TarmacBot, create_bot
from bot.store import SqliteStore
from engine.core.manifest import register, unregister
from tests.bot.helpers import gallery_items, latest_panel, make_table, start_with_all, title_of
from tests.support import tiny_game


@pytest.fixture
def tiny() -> Iterator[None]:
    register(tiny_game.MANIFEST)
    yield
    unregister("tiny")


@pytest.fixture
async def simcord_bot(tiny: None, db_path: Path) -> Iterator[TarmacBot]:
    bot = create_bot(SqliteStore(db_path), ai_delay=0.0)  # no games given: the registry's, as in production
    yield bot
    await bot.store.close()


async def test_the_bot_offers_plays_draws_and_explains_a_registered_game(simcord_env) -> None:
    table = make_table(simcord_env)
    await start_with_all(table, "tiny")
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.game == "tiny" and session.status == "active"
    panel = latest_panel(table.channel)
    assert [a.filename for a in panel.attachments] == ["board.png"], "drawn by the renderer its manifest names"
    assert [i.media.url.rsplit("/", 1)[1] for i in gallery_items(panel)] == ["board.png"], "shown in its gallery"

    reply = (await table.players[0].slash(table.channel, "game rules", game="tiny")).response
    assert title_of(reply.message) == "Tiny Cards — overview"
    assert reply.message.embeds[0].description.startswith("Each of you holds a few numbered cards.")
