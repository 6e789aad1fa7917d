"""The sandbox's world has the same ids on every run (its stored games name them), its clock follows the real time,
and its games never go to the production database."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from simcord import Env

from bot.config import ConfigError, MissingToken, load_settings
from bot.discord import create_bot
from bot.sandbox.world import CHANNELS, build_world, carry_clock
from bot.store import SqliteStore


def ids_of_a_fresh_world(tmp_path: Path) -> list[int]:
    env = Env(create_bot(SqliteStore(tmp_path / "never-opened.sqlite3")))
    world = build_world(env)
    return [world.guild.id, *(c.id for c in world.channels.values()), *(m.id for m in world.members)]


def test_the_world_has_the_same_ids_on_every_run(tmp_path: Path) -> None:
    first, second = ids_of_a_fresh_world(tmp_path), ids_of_a_fresh_world(tmp_path)
    assert first == second and len(set(first)) == 1 + len(CHANNELS) + 4


def test_the_clock_moves_on_to_the_real_time_and_never_back(tmp_path: Path) -> None:
    env = Env(create_bot(SqliteStore(tmp_path / "never-opened.sqlite3")))
    build_world(env)
    later = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)
    carry_clock(env, later)
    assert env.now() == later
    carry_clock(env, datetime(2026, 6, 1, tzinfo=UTC))
    assert env.now() == later


def test_no_token_means_the_sandbox_and_its_file_is_never_the_production_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(MissingToken):
        load_settings(env_file=None)
    settings = load_settings(env_file=None, require_token=False)
    assert settings.sandbox_db_path != settings.db_path
    monkeypatch.setenv("TARMAC_SANDBOX_DB_PATH", "var/tarmac.sqlite3")
    with pytest.raises(ConfigError, match="must differ"):
        load_settings(env_file=None, require_token=False)
