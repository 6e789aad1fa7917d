"""Fixtures for end-to-end bot tests: the real discord.py client on SimCord, a store on a tmp SQLite file,
the toy game registered in place of the real registry, and no AI pause."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.discord import TarmacBot, create_bot
from bot.store import SqliteStore
from tests.support.toy_game import GAME as TOY

GAMES = {"toy": TOY}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tarmac.sqlite3"


@pytest.fixture
async def make_bot(db_path: Path) -> AsyncIterator[Callable[..., TarmacBot]]:
    """Build a fresh bot on the same database file: a restart is `env.restart_bot(make_bot())`."""
    built: list[TarmacBot] = []

    def build(games: dict[str, Any] | None = None) -> TarmacBot:
        # Each bot opens the file anew, as a restarted process would.
        bot = create_bot(SqliteStore(db_path), games=games or GAMES, ai_delay=0.0)
        built.append(bot)
        return bot

    yield build
    # SimCord detaches a bot without calling its close(), so every store opened here is closed here: an open
    # aiosqlite connection is a non-daemon thread that would keep the test process from ever exiting.
    for bot in built:
        await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot()


def validate_all(env: Any) -> None:
    """Every body the bot sent passes Discord's spec and limits (tests/support/discord_spec.py, from the store
    work). Until that module lands, the limits of LIMITS.md that our messages could break are checked here."""
    try:
        from tests.support.discord_spec import assert_requests_valid
    except ModuleNotFoundError:
        for entry in env.http_requests:
            _check_limits(entry.method, entry.path, entry.json)
    else:
        assert_requests_valid(env)


def _check_limits(method: str, path: str, body: Any) -> None:
    if not isinstance(body, dict):
        return
    message = body.get("data") if "/callback" in path and isinstance(body.get("data"), dict) else body
    where = f"{method} {path}"
    assert len(message.get("content") or "") <= 2000, where
    embeds = message.get("embeds") or []
    assert len(embeds) <= 10, where
    total = 0
    for embed in embeds:
        assert len(embed.get("title") or "") <= 256 and len(embed.get("description") or "") <= 4096, where
        fields = embed.get("fields") or []
        assert len(fields) <= 25, where
        for field in fields:
            assert 0 < len(field["name"]) <= 256 and 0 < len(field["value"]) <= 1024, where
        total += sum(len(embed.get(k) or "") for k in ("title", "description"))
        total += sum(len(f["name"]) + len(f["value"]) for f in fields)
    assert total <= 6000, where
    rows = message.get("components") or []
    assert len(rows) <= 5, where
    ids: set[str] = set()
    for row in rows:
        children = row.get("components") or []
        assert 1 <= len(children) <= 5, where
        for item in children:
            if "custom_id" in item:
                assert 1 <= len(item["custom_id"]) <= 100 and item["custom_id"] not in ids, where
                ids.add(item["custom_id"])
            assert len(item.get("label") or "") <= 80, where
            if item.get("type") == 3:
                assert len(children) == 1 and 1 <= len(item["options"]) <= 25, where
                for option in item["options"]:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100, where
                    assert len(option.get("description") or "") <= 100, where


@pytest.fixture(autouse=True)
def _requests_valid(simcord_env: Any) -> Any:
    """After each end-to-end test (all of tests/bot run on SimCord), check every request the bot made."""
    yield
    validate_all(simcord_env)
