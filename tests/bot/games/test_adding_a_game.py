"""engine/README.md's "Adding a game", proved for every registered game, the example among them: a bot given the
registry's games offers each in the lobby, plays it, draws it with the renderer its manifest names and explains it
with its rules file; and a bot given no games offers the registry's, but the examples (tests/engine/test_manifests.py
checks the registry's side alone)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import TarmacBot, create_bot
from bot.store import SqliteStore
from engine import registry
from engine.core.rules_pages import rules
from renderers import for_game
from tests.bot.helpers import fixed_seed, gallery_items, latest_panel, make_table, start_with_all, title_of

MEMBERS = ("ana", "ben", "cy", "dee", "eli", "fay")


@pytest.fixture
async def simcord_bot(db_path: Path) -> AsyncIterator[TarmacBot]:
    bot = create_bot(SqliteStore(db_path), games={name: registry.get(name) for name in registry.names()},
                     ai_delay=0.0, seeds=fixed_seed(1))
    yield bot
    await bot.store.close()


@pytest.mark.parametrize("name", registry.names())
async def test_the_bot_offers_plays_draws_and_explains_every_registered_game(simcord_env, name: str) -> None:
    game = registry.get(name)
    table = make_table(simcord_env, MEMBERS[:game.info.min_players])
    await start_with_all(table, name)
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert session.game == name and session.status == "active"
    if for_game(name) is not None:
        panel = latest_panel(table.channel)
        assert "board.png" in [a.filename for a in panel.attachments], "drawn by the renderer its manifest names"
        assert "board.png" in [i.media.url.rsplit("/", 1)[1] for i in gallery_items(panel)], "shown in its gallery"

    reply = (await table.players[0].slash(table.channel, "game rules", game=name)).response
    _topic, page = next(iter(rules(game).items()))
    assert title_of(reply.message).startswith(f"{game.info.title} — ")
    assert reply.message.embeds[0].description.startswith(page.split("\n")[0][:60])


def test_a_bot_given_no_games_offers_the_registrys_but_the_examples() -> None:
    bot = create_bot(SqliteStore(":memory:"))  # never opened: nothing to close
    assert list(bot.parts.games) == registry.offered()
