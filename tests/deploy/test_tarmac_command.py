"""The `tarmac` command: `doctor` against a fake Discord on 127.0.0.1 (reached through discord.py's own HTTP client),
`backup`, `ratings rebuild`, and that with no subcommand it is `python -m bot`."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import stat
import tomllib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp import web
from discord.http import Route

from bot import cli
from bot.backup import pg_dump_command
from bot.config import load_settings
from bot.doctor import doctor
from bot.store import ResultRow, ResultSeat, SqliteStore

TOKEN = "fake.bot.token"
BOT_ID, GUILD_ID, EVERYONE = 100, 200, 200
GAMES_ID, CHAT_ID, BOT_ROLE = 300, 301, 400
ATTACH_FILES = discord.Permissions(attach_files=True).value
INVITED = 309237763072  # the README's invite link


@dataclass
class FakeDiscord:
    """Just the routes doctor asks for. Every answer is a 200 or a 401: discord.py takes a 429 without a `Via`
    header for a Cloudflare ban and gives up, so a fake never sends one by accident."""

    base: str = ""
    seen: list[str] = field(default_factory=list)
    overwrites: dict[int, list[dict[str, Any]]] = field(default_factory=dict)

    async def answer(self, request: web.Request) -> web.Response:
        self.seen.append(request.path)
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            return json_answer({"message": "401: Unauthorized", "code": 0}, status=401)
        path = request.path.removeprefix("/api/v10")
        guild = {"id": str(GUILD_ID), "name": "Skyport", "owner_id": "1",
                 "roles": [{"id": str(EVERYONE), "name": "@everyone", "permissions": "0"},
                           {"id": str(BOT_ROLE), "name": "Tarmac", "permissions": str(INVITED)}]}
        answers: dict[str, Any] = {
            "/users/@me": {"id": str(BOT_ID), "username": "tarmac", "discriminator": "0", "bot": True},
            "/users/@me/guilds": [{"id": str(GUILD_ID), "name": "Skyport"}],
            f"/guilds/{GUILD_ID}": guild,
            f"/guilds/{GUILD_ID}/members/{BOT_ID}": {"user": {"id": str(BOT_ID), "username": "tarmac"},
                                                     "roles": [str(BOT_ROLE)]},
            f"/guilds/{GUILD_ID}/channels": [
                {"id": str(c), "name": name, "type": 0, "permission_overwrites": self.overwrites.get(c, [])}
                for c, name in ((GAMES_ID, "board-games"), (CHAT_ID, "chat"))],
        }
        if path not in answers:
            return json_answer({"message": "404: Not Found", "code": 0}, status=404)
        return json_answer(answers[path])


def json_answer(body: Any, status: int = 200) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py reads any other content type as plain text.
    return web.Response(body=json.dumps(body).encode(), status=status, headers={"Content-Type": "application/json"})


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    app = web.Application()
    app.router.add_route("GET", "/{tail:.*}", fake.answer)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    fake.base = f"http://127.0.0.1:{runner.addresses[0][1]}/api/v10"
    monkeypatch.setattr(Route, "BASE", fake.base)
    yield fake
    await runner.cleanup()


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings as an admin's .env would give them, in a folder of their own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("TARMAC_DB_PATH", str(tmp_path / "var" / "tarmac.sqlite3"))
    monkeypatch.setenv("TARMAC_SANDBOX_DB_PATH", str(tmp_path / "var" / "sandbox.sqlite3"))
    monkeypatch.setattr("renderers.kit.faces.problems", lambda: [])  # the fonts are this machine's, not the test's
    return tmp_path


async def run_doctor() -> tuple[int, list[str]]:
    said: list[str] = []
    code = await doctor(load_settings(None, require_token=False), said.append)
    return code, said


async def test_doctor_finds_nothing_on_a_good_set_up(env: Path, fake_discord: FakeDiscord) -> None:
    code, said = await run_doctor()
    assert code == 0, said
    [line] = said
    assert line.startswith("Nothing to fix. Checked: the database opens and is up to date; the token (the bot tarmac)")
    assert "2 channels on Skyport" in line and "no privileged intent needed" in line
    assert f"/api/v10/guilds/{GUILD_ID}/channels" in fake_discord.seen, "it asked the fake, not Discord"


async def test_doctor_names_the_channel_and_the_permission_it_lacks(env: Path, fake_discord: FakeDiscord) -> None:
    fake_discord.overwrites[CHAT_ID] = [{"id": str(BOT_ROLE), "type": 0, "allow": "0", "deny": str(ATTACH_FILES)}]
    code, said = await run_doctor()
    assert code == 1
    assert said == ["In #chat on Skyport the bot lacks Attach Files: grant it to the bot's role in that channel's "
                    "permissions, or games there cannot be played."]


async def test_doctor_checks_only_the_games_channels_a_server_named(env: Path, fake_discord: FakeDiscord) -> None:
    store = SqliteStore(env / "var" / "tarmac.sqlite3")
    await store.open()
    await store.set_server_settings(GUILD_ID, {"game_channels": [GAMES_ID], "notice_channel": CHAT_ID})
    await store.close()
    fake_discord.overwrites[CHAT_ID] = [{"id": str(EVERYONE), "type": 0, "allow": "0",
                                         "deny": str(discord.Permissions(view_channel=True).value)}]
    fake_discord.overwrites[GAMES_ID] = [{"id": str(BOT_ID), "type": 1, "allow": "0",
                                          "deny": str(discord.Permissions(embed_links=True,
                                                                          attach_files=True).value)}]
    code, said = await run_doctor()
    assert code == 1
    assert said == ["In #board-games on Skyport the bot lacks Embed Links and Attach Files: grant them to the bot's "
                    "role in that channel's permissions, or games there cannot be played.",
                    "In #chat on Skyport, the notice channel of /tarmac settings, the bot lacks View Channels: it "
                    "cannot say there that it restarted or could not post."], "#chat is no games channel"


async def test_doctor_says_the_token_is_refused(env: Path, fake_discord: FakeDiscord,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not.the.token")
    code, said = await run_doctor()
    assert code == 1
    assert said == ["Discord refused the token in DISCORD_TOKEN: copy the bot's current token from the developer "
                    "portal (Bot -> Reset Token) into .env."]
    assert fake_discord.seen == ["/api/v10/users/@me"], "one request"


async def test_doctor_names_a_database_others_may_read(env: Path, fake_discord: FakeDiscord) -> None:
    db = env / "var" / "tarmac.sqlite3"
    store = SqliteStore(db)
    await store.open()
    await store.close()
    os.chmod(db, 0o644)
    code, said = await run_doctor()
    assert code == 1
    [line] = said
    # SQLite gives the -wal and -shm files the database's mode: all three are named, in one sentence.
    files = [f"{db}", f"{db}-wal", f"{db}-shm"]
    assert line == ("Other accounts on this machine can read the database, and with it every player's hidden cards: "
                    + ", ".join(f"{f} (mode 0644)" for f in files) + f"; run `chmod 600 {' '.join(files)}`.")


async def test_doctor_says_when_there_is_no_token(env: Path, fake_discord: FakeDiscord,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "")
    code, said = await run_doctor()
    assert code == 1 and said[0].startswith("No DISCORD_TOKEN is set") and not fake_discord.seen


async def test_backup_is_a_private_consistent_copy(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = env / "var" / "tarmac.sqlite3"
    store = SqliteStore(db)
    await store.open()
    await store.create_session(guild_id=1, channel_id=2, game="toy", host_id=3, options={}, seats=[])
    target = env / "copies" / "one.sqlite3"
    os.umask(0o022)  # an admin's usual umask: the copy must be private all the same
    assert cli.main(["backup", str(target)]) == 0  # while the store is open, as with a running bot
    await store.close()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT game FROM sessions").fetchall() == [("toy",)]
    assert f"into {target} (1 games" in capsys.readouterr().out
    assert cli.main(["backup", str(target)]) == 1, "never over an existing file"
    assert "exists already" in capsys.readouterr().err


def test_backup_of_postgres_prints_the_command_without_the_password(env: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TARMAC_DATABASE_URL", "postgresql://tarmac:secret@db.internal:5433/tarmac")
    assert cli.main(["backup", "night.dump"]) == 0
    out = capsys.readouterr().out
    assert "secret" not in out
    assert out.splitlines()[-1] == ("umask 077 && pg_dump --format=custom --file=night.dump "
                                    "--dbname='postgresql://tarmac@db.internal:5433/tarmac'")
    assert pg_dump_command("postgresql://db/tarmac", "x").endswith("--dbname='postgresql://db/tarmac'")


def test_ratings_rebuild_recomputes_from_the_results(env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async def write() -> None:
        store = SqliteStore(env / "var" / "tarmac.sqlite3")
        await store.open()
        row = await store.create_session(guild_id=5, channel_id=9, game="planes", host_id=1, options={}, seats=[])
        result = ResultRow(session_id=row.id, guild_id=5, channel_id=9, game="planes", finished_at=datetime.now(UTC),
                           rated=True, seats=[ResultSeat(seat=0, user_id=1, name="a", place=1, score=3),
                                              ResultSeat(seat=1, user_id=2, name="b", place=2, score=1)])
        await store.add_result(result, [], [])  # a result whose ratings were never written
        await store.close()

    async def board() -> list[Any]:
        store = SqliteStore(env / "var" / "tarmac.sqlite3")
        await store.open()
        try:
            return await store.leaderboard(5, "planes", "", min_games=1, limit=10)
        finally:
            await store.close()

    asyncio.run(write())
    assert asyncio.run(board()) == []
    assert cli.main(["ratings", "rebuild"]) == 0
    assert capsys.readouterr().out.strip() == "Ratings rebuilt from 1 results (1 rated)."
    assert len(asyncio.run(board())) == 2, "both players are on the board now"


def test_with_no_subcommand_it_runs_the_bot_as_python_m_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []
    monkeypatch.setattr("bot.__main__.main", lambda argv=None: ran.append(list(argv or [])) or 0)
    assert cli.main(["--sandbox", "--port", "8123"]) == 0
    assert cli.main([]) == 0
    assert ran == [["--sandbox", "--port", "8123"], []]


def test_the_console_script_is_declared() -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"tarmac": "bot.cli:main"}
    assert any(d.startswith("prometheus-client") for d in project["project"]["dependencies"])
