"""Structured logs: one `key=value` line per record, with the session context and no secrets.

`log_context(session_id=..., guild=..., channel=..., seat=...)` puts keys on every record logged inside it
(contextvars, so each asyncio task keeps its own). `extra={...}` keys are printed too.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import Any

# Read-only default: every log_context() sets a new dict, nobody mutates a shared one.
_CONTEXT: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar(
    "tarmac_log_context", default=MappingProxyType({})
)
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime", "ctx"}


@contextmanager
def log_context(**values: Any) -> Iterator[None]:
    token = _CONTEXT.set({**_CONTEXT.get(), **{k: v for k, v in values.items() if v is not None}})
    try:
        yield
    finally:
        _CONTEXT.reset(token)


class RedactFilter(logging.Filter):
    """Replaces each secret anywhere in the final message (and traceback) by ***, wherever it came from."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = self._clean(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        return True


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {"ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), "level": record.levelname,
                                  "logger": record.name, "msg": record.getMessage()}
        fields.update(_CONTEXT.get())
        fields.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD and not k.startswith("_")})
        line = " ".join(f"{k}={_quote(v)}" for k, v in fields.items())
        if record.exc_text:
            line += "\n" + record.exc_text
        elif record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def _quote(value: Any) -> str:
    text = str(value)
    return text if text and not any(c in text for c in ' "=\n') else '"' + text.replace('"', '\\"') + '"'


class _LazyFile(logging.FileHandler):
    """A log file made (with its folder) at its first line, not at start: a start that stops at once on a bad
    database must leave the folder it was pointed at exactly as it found it."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8", delay=True)

    def _open(self) -> Any:
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def emit(self, record: logging.LogRecord) -> None:
        if self.stream is None:
            try:
                self.stream = self._open()
            except OSError:  # no folder can be made there (the start says why in a sentence); the terminal still logs
                return
        super().emit(record)


def configure(level: str = "INFO", *, secrets: list[str] | None = None, log_file: Path | None = None) -> None:
    """Send key=value lines to stderr. Reads the token from the settings when not given, to redact it.

    With `log_file` (the sandbox, run in a terminal where a person types), every line goes to that file and the
    terminal shows only warnings and errors, so the lines do not bury what the sandbox prints for the person."""
    if secrets is None:
        try:
            from bot.config import load_settings

            secrets = [load_settings().discord_token.get_secret_value()]
        except Exception:  # no settings, nothing to redact beyond what was passed
            secrets = []
    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if log_file is not None:
        handlers[0].setLevel(logging.WARNING)
        handlers.append(_LazyFile(log_file))
    for handler in handlers:
        handler.setFormatter(KeyValueFormatter())
        handler.addFilter(RedactFilter(secrets))
    root = logging.getLogger()
    for old in root.handlers:
        old.close()
    root.handlers[:] = handlers
    root.setLevel(level)
