"""Where the queue opens its tables: the panel's channel, the first channel /lfg was used in, or one of the games
channels the server's settings name (bot/session/queue.py, Queue.games_channel)."""

from __future__ import annotations

from pathlib import Path

from bot.session import Parts
from bot.session.server_settings import ServerSettings, save_server_settings
from bot.store import SqliteStore
from engine import registry


async def test_the_channel_follows_the_panel_and_the_servers_games_channels(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    await store.open()
    try:
        queue = Parts(store, None, games={"planes": registry.get("planes")}).queue
        assert await queue.games_channel(1, here=50) == 50, "the first channel used becomes the queue's"
        assert await queue.games_channel(1, here=60) == 50
        await save_server_settings(store, 1, ServerSettings(game_channels=[70, 80]))
        assert await queue.games_channel(1, here=80) == 80, "a named games channel, the panel's being unnamed"
        assert await queue.games_channel(1, here=60) == 70, "the first named one from anywhere else"
        await store.lfg_set_panel(1, 80, 5)
        assert await queue.games_channel(1, here=60) == 80, "the panel's channel, now that it is named"
    finally:
        await store.close()
