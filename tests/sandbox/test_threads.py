"""The sandbox's page shows channels, not threads: `/game new thread:True` there says so and opens the lobby in the
sandbox's other game channel, where the page can show it. On SimCord, with the sandbox's own world and presenter."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from simcord import Env

from bot.discord import TarmacBot, create_bot
from bot.sandbox.presenter import SandboxPresenter
from bot.sandbox.world import build_world, stand_ins
from bot.store import SqliteStore
from tests.bot.helpers import texts
from tests.support.discord_spec import assert_requests_valid
from tests.support.toy_game import GAME as TOY


@pytest.fixture
async def simcord_bot(tmp_path: Path) -> AsyncIterator[TarmacBot]:
    bot = create_bot(SqliteStore(tmp_path / "sandbox.sqlite3"), games={"toy": TOY}, presenter=SandboxPresenter)
    yield bot
    await bot.store.close()  # SimCord detaches the bot without closing it


async def test_a_game_asked_for_in_a_thread_opens_in_the_other_game_channel_and_says_so(simcord_env: Env) -> None:
    world = build_world(simcord_env)
    presenter = simcord_env.bot.presenter  # type: ignore[attr-defined]
    assert isinstance(presenter, SandboxPresenter)
    presenter.stand_ins = stand_ins(world)
    games, other = world.channels["games"], world.channels["games-2"]
    ada = world.members[0]

    result = await ada.slash(games, "game new", game="toy", thread=True)
    assert result.response is not None
    assert result.response.content == (f"Threads do not show in the sandbox, so your Toy Cards lobby is open in "
                                       f"<#{other.id}>, the sandbox's other game channel, instead.")
    [lobby] = other.history()
    assert texts(lobby)[0].startswith("### Toy Cards — lobby")
    assert not [t for t in simcord_env.backend.channels.values() if getattr(t, "type", None) in (10, 11, 12)], (
        "no thread the page could not show")
    session = await simcord_env.bot.store.session_in_channel(other.id)  # type: ignore[attr-defined]
    assert session is not None and session.panel_message_id == lobby.id
    assert_requests_valid(simcord_env)
