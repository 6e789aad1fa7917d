"""Settings from the environment and a `.env` file (pydantic-settings). The token never appears in any message."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# Says what a bad value should be, in words a server owner understands, per field.
_HINTS = {
    "discord_token": "DISCORD_TOKEN: must be the bot token text",
    "db_path": "TARMAC_DB_PATH: must be a file path",
    "sandbox_db_path": "TARMAC_SANDBOX_DB_PATH: must be a file path",
    "dev_guild_id": "DEV_GUILD_ID: must be a number (a server id)",
    "log_level": "LOG_LEVEL: must be one of DEBUG, INFO, WARNING, ERROR",
    "ai_delay_seconds": "AI_DELAY_SECONDS: must be a number of seconds, 0 or more",
    "reminder_hours": "REMINDER_HOURS: must be a number of hours, 0 or more (0 turns reminders off)",
    "requests_per_second": "TARMAC_REQUESTS_PER_SECOND: must be a number above 0 (or empty for this process's share)",
    "shard_count": "TARMAC_SHARD_COUNT: must be 'auto' or a number of shards, 1 or more",
    "metrics_addr": "TARMAC_METRICS_ADDR: must be an IP address and a port, such as 127.0.0.1:9464 (or empty: no "
                    "endpoint)",
    "shard_ids": "TARMAC_SHARD_IDS: must be shard numbers separated by commas (e.g. 0,1), each below the shard count",
}


class ConfigError(Exception):
    """A sentence (or one line per bad field) that says how to fix the configuration."""


class MissingToken(ConfigError):
    """No token at all: `python -m bot` then starts the sandbox instead of failing."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr = Field(default=SecretStr(""), validation_alias="DISCORD_TOKEN")
    db_path: Path = Field(default=Path("var/tarmac.sqlite3"), validation_alias="TARMAC_DB_PATH")
    # A postgresql://... URL puts the games in PostgreSQL (several sharded processes); empty: SQLite at db_path.
    database_url: str = Field(default="", validation_alias="TARMAC_DATABASE_URL")
    # The sandbox's games live in their own file: trying things out never touches the real server's games.
    sandbox_db_path: Path = Field(default=Path("var/sandbox.sqlite3"), validation_alias="TARMAC_SANDBOX_DB_PATH")
    dev_guild_id: int | None = Field(default=None, validation_alias="DEV_GUILD_ID")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(default="INFO", validation_alias="LOG_LEVEL")
    ai_delay_seconds: float = Field(default=1.5, ge=0, validation_alias="AI_DELAY_SECONDS")
    # Async play: whoever must act is mentioned again after this much quiet (one reminder per quiet period).
    reminder_hours: float = Field(default=12.0, ge=0, validation_alias="REMINDER_HOURS")

    # Sharding (docs/deploy.md): 'auto' asks Discord for its recommended count; several processes share the shards
    # by each naming its own TARMAC_SHARD_IDS (empty: all of them), with one TARMAC_SHARD_COUNT for all.
    shard_count: int | None = Field(default=None, validation_alias="TARMAC_SHARD_COUNT")
    # Requests per second this process may send; empty: its share of Discord's 50 a second by the shards it holds.
    requests_per_second: float | None = Field(default=None, gt=0, validation_alias="TARMAC_REQUESTS_PER_SECOND")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(default=None, validation_alias="TARMAC_SHARD_IDS")
    # The health and metrics endpoint (docs/deploy.md): off unless an address is given, and bound to exactly it.
    metrics_addr: str = Field(default="", validation_alias="TARMAC_METRICS_ADDR")

    @field_validator("metrics_addr")
    @classmethod
    def _address(cls, value: str) -> str:
        if value.strip():
            from bot.endpoint import parse_address

            parse_address(value)
        return value.strip()

    @field_validator("requests_per_second", "dev_guild_id", mode="before")
    @classmethod
    def _empty_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("shard_count", mode="before")
    @classmethod
    def _auto_is_none(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() in ("", "auto"):
            return None
        return value

    @field_validator("shard_count")
    @classmethod
    def _positive(cls, value: int | None) -> int | None:
        if value is not None and value < 1:
            raise ValueError("at least one shard")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        if isinstance(value, int):
            return [value]
        return value

    @property
    def store_location(self) -> str:
        """What `open_store` gets: the database URL when one is set, else the SQLite file."""
        return self.database_url.strip() or str(self.db_path)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value


def load_settings(env_file: str | Path | None = ".env", *, require_token: bool = True) -> Settings:
    try:
        settings = Settings(_env_file=env_file)
    except ValidationError as exc:
        # Never echo the input: for the token that would be the secret itself.
        lines = []
        for error in exc.errors(include_input=False):
            field = str(error["loc"][0]) if error["loc"] else ""
            key = next((k for k, v in Settings.model_fields.items() if k == field or v.validation_alias == field), "")
            lines.append(_HINTS.get(key, f"{field}: {error['msg']}"))
        raise ConfigError("The configuration has problems:\n" + "\n".join(sorted(set(lines)))) from None
    if settings.shard_ids is not None and (
        settings.shard_count is None or any(not 0 <= i < settings.shard_count for i in settings.shard_ids)
    ):
        raise ConfigError("The configuration has problems:\n" + _HINTS["shard_ids"]
                          + " (and TARMAC_SHARD_COUNT must be a number when they are given)")
    if require_token and not settings.discord_token.get_secret_value().strip():
        raise MissingToken(
            f"No Discord bot token found. Put DISCORD_TOKEN=<your token> in a .env file in {Path.cwd()} "
            "(see .env.example) or set it in the environment."
        )
    if settings.sandbox_db_path.resolve() == settings.db_path.resolve():
        raise ConfigError("TARMAC_SANDBOX_DB_PATH: must differ from TARMAC_DB_PATH (the sandbox never touches the "
                          "real server's games)")
    return settings
