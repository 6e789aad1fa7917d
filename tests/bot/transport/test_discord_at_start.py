"""What `python -m bot` says when Discord fails it before the connection is open: the real entry
point and the real discord.py, against a stand-in for Discord's HTTP API on 127.0.0.1 that answers the log-in and
then fails one request. Each failure ends with exit code 2 and a sentence naming Discord, never a traceback."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import discord.http
import pytest

import bot.__main__ as entry

_USER = {"id": "1000", "username": "tarmac", "discriminator": "0", "avatar": None, "global_name": None, "bot": True}
_APP = {"id": "1000", "name": "Tarmac", "description": "", "icon": None, "bot_public": True,
        "bot_require_code_grant": False, "owner": _USER, "verify_key": "00", "flags": 0}
_ANSWERS: dict[tuple[str, str], tuple[int, object]] = {
    ("GET", "/api/v10/users/@me"): (200, _USER),
    ("GET", "/api/v10/oauth2/applications/@me"): (200, _APP),
    ("PUT", "/api/v10/applications/1000/commands"): (200, []),
}


class FakeDiscord(ThreadingHTTPServer):
    """Answers what a log-in asks; `failing` maps a path to the status it answers instead."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.failing: dict[str, int] = {}
        self.asked: list[str] = []


class _Handler(BaseHTTPRequestHandler):
    server: FakeDiscord

    def _answer(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.asked.append(f"{self.command} {self.path}")
        if self.path in self.server.failing:
            status, body = self.server.failing[self.path], {"message": "Service Unavailable", "code": 0}
        else:
            status, body = _ANSWERS.get((self.command, self.path), (404, {"message": "Unknown", "code": 0}))
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_PUT = do_POST = _answer

    def log_message(self, format: str, *args: object) -> None:  # the test reads `asked`, not stderr
        pass


@pytest.fixture
def fake_discord(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    server = FakeDiscord()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "dummy.token.value")
    monkeypatch.setenv("TARMAC_DB_PATH", str(tmp_path / "games.sqlite3"))
    monkeypatch.setattr(entry, "_configure_logging", lambda _settings, **_: None)
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_failing_gateway_look_up_gets_a_sentence(fake_discord: FakeDiscord, capsys) -> None:
    fake_discord.failing["/api/v10/gateway/bot"] = 503
    assert entry.main() == 2
    err = capsys.readouterr().err
    assert "GET /api/v10/gateway/bot" in fake_discord.asked, "the log-in went through; the look-up failed"
    assert "Discord did not say where to connect (its gateway look-up answered HTTP 503)" in err, err
    assert "Traceback" not in err and "dummy.token.value" not in err


def test_an_error_from_discord_during_the_log_in_gets_a_sentence(fake_discord: FakeDiscord, capsys) -> None:
    fake_discord.failing["/api/v10/users/@me"] = 503
    assert entry.main() == 2
    err = capsys.readouterr().err
    assert "Discord answered HTTP 503" in err and "before the connection was open" in err, err
    assert "Traceback" not in err


def test_a_discord_whose_name_does_not_resolve_is_still_could_not_reach_discord(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """A real network failure keeps its sentence, now with the exit code of every other failed start."""
    monkeypatch.setattr(discord.http.Route, "BASE", "http://discord.invalid/api/v10")  # .invalid never resolves
    assert entry.main() == 2
    err = capsys.readouterr().err
    assert "Could not reach Discord" in err and "Traceback" not in err, err
