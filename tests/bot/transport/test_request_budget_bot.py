"""The request budget on the real bot (SimCord): it stands in front of every REST call the bot makes except the
interaction callbacks Discord does not count, and a 429 that outlasts discord.py's own retries loses no move."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import create_bot
from bot.store import SqliteStore
from tests.bot.conftest import GAMES
from tests.bot.helpers import latest_panel, make_table, panel_version, refusal, start_with_all, state_version


@pytest.fixture
def simcord_bot(db_path: Path):  # type: ignore[no-untyped-def]
    bot = create_bot(SqliteStore(db_path), games=GAMES, ai_delay=0.0, requests_per_second=1000.0)
    yield bot


@pytest.fixture(autouse=True)
async def _close_store(simcord_bot):  # type: ignore[no-untyped-def]
    yield
    await simcord_bot.store.close()


async def test_every_counted_request_goes_through_the_budget(simcord_env, simcord_bot):
    table = make_table(simcord_env)
    await start_with_all(table)
    await table.players[0].click(latest_panel(table.channel), label="Pass")
    budgeted = simcord_bot.budgeted
    assert budgeted is not None and budgeted.budget.per_second == 1000.0
    # Login's application lookup comes before setup_hook, where the budget is put in place.
    counted = [e for e in simcord_env.http_requests if "/interactions/" not in e.path and "/webhooks/" not in e.path
               and e.path != "/oauth2/applications/@me"]
    assert budgeted.sent == len(counted) > 0, "each REST call but the interaction callbacks took a token"


async def test_a_429_on_the_board_loses_no_move(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    panel = latest_panel(table.channel)
    # What discord.py raises once its own retries of a 429 are used up: the board post fails, the move must stay.
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=429, code=0,
                             message="You are being rate limited.", times=1)
    sorry = refusal(await alice.click(panel, label="Pass"))
    assert "your move is saved" in sorry and "/game panel" in sorry
    assert await state_version(table) == 1, "the move was saved before anything was posted"
    await bob.slash(table.channel, "game panel")
    assert panel_version(latest_panel(table.channel)) == 1
