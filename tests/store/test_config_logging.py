"""Settings and logs: clear errors, and the token never shows in an error, a repr or a log line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.config import ConfigError, load_settings
from bot.logging_setup import KeyValueFormatter, RedactFilter, log_context

TOKEN = "MTIzNDU2Nzg5.secret-token-value.xyz"
VARS = ("DISCORD_TOKEN", "TARMAC_DB_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "AI_DELAY_SECONDS", "TARMAC_DATABASE_URL",
        "TARMAC_SHARD_COUNT", "TARMAC_SHARD_IDS", "TARMAC_REQUESTS_PER_SECOND")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


def test_reads_dotenv_and_defaults(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nDEV_GUILD_ID=\nLOG_LEVEL=debug\n")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == TOKEN
    assert settings.dev_guild_id is None and settings.log_level == "DEBUG"
    assert settings.db_path == Path("var/tarmac.sqlite3") and settings.ai_delay_seconds == 1.5
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.model_dump())


def test_environment_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("TARMAC_DB_PATH", "/data/t.db")
    settings = load_settings()
    assert settings.dev_guild_id == 123456789012345678 and settings.db_path == Path("/data/t.db")


def test_database_url_and_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    settings = load_settings()
    assert settings.store_location == "var/tarmac.sqlite3", "SQLite stays the default"
    assert settings.shard_count is None and settings.shard_ids is None, "one process, Discord's shard count"
    monkeypatch.setenv("TARMAC_DATABASE_URL", "postgresql://tarmac@db/tarmac")
    monkeypatch.setenv("TARMAC_SHARD_COUNT", "4")
    monkeypatch.setenv("TARMAC_SHARD_IDS", "2, 3")
    settings = load_settings()
    assert settings.store_location == "postgresql://tarmac@db/tarmac"
    assert settings.shard_count == 4 and settings.shard_ids == [2, 3]
    monkeypatch.setenv("TARMAC_SHARD_COUNT", "auto")
    monkeypatch.delenv("TARMAC_SHARD_IDS")
    assert load_settings().shard_count is None and load_settings().requests_per_second is None
    monkeypatch.setenv("TARMAC_REQUESTS_PER_SECOND", "12.5")
    assert load_settings().requests_per_second == 12.5
    monkeypatch.setenv("TARMAC_REQUESTS_PER_SECOND", "0")
    with pytest.raises(ConfigError, match="TARMAC_REQUESTS_PER_SECOND"):
        load_settings()


@pytest.mark.parametrize(("count", "ids"), [("0", ""), ("2", "0,2"), ("auto", "1"), ("two", "")])
def test_bad_shards_are_named(monkeypatch: pytest.MonkeyPatch, count: str, ids: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("TARMAC_SHARD_COUNT", count)
    monkeypatch.setenv("TARMAC_SHARD_IDS", ids)
    with pytest.raises(ConfigError, match="TARMAC_SHARD_(COUNT|IDS)"):
        load_settings()


@pytest.mark.parametrize("dotenv", ["", "DISCORD_TOKEN=\n", "DISCORD_TOKEN=   \n"])
def test_missing_token_says_where_to_put_it(tmp_path: Path, dotenv: str) -> None:
    (tmp_path / ".env").write_text(dotenv)
    with pytest.raises(ConfigError) as info:
        load_settings()
    assert str(info.value).startswith("No Discord bot token found. Put DISCORD_TOKEN=<your token> in a .env file in")
    assert str(tmp_path) in str(info.value) and ".env.example" in str(info.value)


def test_every_bad_field_named_and_no_token(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\nDEV_GUILD_ID=my-server\nLOG_LEVEL=LOUD\n"
                                   "AI_DELAY_SECONDS=-1\n")
    with pytest.raises(ConfigError) as info:
        load_settings()
    lines = str(info.value).splitlines()[1:]
    assert "DEV_GUILD_ID: must be a number (a server id)" in lines
    assert any(line.startswith("LOG_LEVEL:") for line in lines)
    assert any(line.startswith("AI_DELAY_SECONDS:") for line in lines)
    assert len(lines) == 3
    assert TOKEN not in str(info.value) and "my-server" not in str(info.value)


def _record(msg: str, *args: object, **extra: object) -> logging.LogRecord:
    record = logging.LogRecord("tarmac.test", logging.INFO, __file__, 1, msg, args, None)
    record.__dict__.update(extra)
    return record


def test_log_lines_carry_context_and_extras() -> None:
    formatter = KeyValueFormatter()
    with log_context(session_id=7, guild=1, channel=2):
        with log_context(seat=3):
            line = formatter.format(_record("move applied", version=4))
        outer = formatter.format(_record("after"))
    assert "session_id=7" in line and "seat=3" in line and "channel=2" in line and "version=4" in line
    assert 'msg="move applied"' in line
    assert "session_id=7" in outer and "seat=" not in outer
    assert "session_id" not in formatter.format(_record("outside"))


def test_the_token_is_redacted_from_logs() -> None:
    record = _record("login failed with %s", TOKEN)
    try:
        raise RuntimeError(f"bad token {TOKEN}")
    except RuntimeError:
        import sys

        record.exc_info = sys.exc_info()
    assert RedactFilter([TOKEN]).filter(record)
    text = KeyValueFormatter().format(record)
    assert TOKEN not in text and "***" in text and "RuntimeError" in text
