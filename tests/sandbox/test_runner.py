"""The sandbox's runner, in-process: switching the page to the other channel keeps its address, and stopping closes
the database (the suite's guard fails a test that leaves it open)."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.runner import Sandbox, SandboxOptions
from tests.bot.helpers import field_of


async def test_the_host_switches_channel_and_the_address_stays_the_same(tmp_path: Path) -> None:
    sandbox = Sandbox(SandboxOptions(db_path=tmp_path / "sandbox.sqlite3", out=lambda _line: None))
    await sandbox.env.start()
    try:
        with sandbox.env.time_context():
            first = await sandbox.open_page("games")
            assert first.startswith("http://127.0.0.1:") and "#" in first
            again = await sandbox.open_page("games-2")
            assert again == first
            assert sandbox.preview.channel.id == sandbox.world.channels["games-2"].id
    finally:
        await sandbox.stop()


async def test_now_boarding_starts_with_no_round_timer_in_the_sandbox_and_the_lobby_says_so(tmp_path: Path) -> None:
    """One person plays every pilot in the sandbox: the book's 15-30 seconds a round cannot be met there."""
    sandbox = Sandbox(SandboxOptions(db_path=tmp_path / "sandbox.sqlite3", out=lambda _line: None))
    await sandbox.env.start()
    try:
        with sandbox.env.time_context():
            ada = sandbox.world.members[0]
            lobby = (await ada.slash(sandbox.world.channels["games"], "game new", game="now-boarding")).response
            assert lobby is not None
            timer = field_of(lobby.message, "Round timer (sandbox: none)")
            session = await sandbox.bot.store.session_in_channel(sandbox.world.channels["games"].id)
    finally:
        await sandbox.stop()
    assert session is not None and session.options["timer"] == "async"
    assert timer.startswith("No timer")


async def test_the_sandbox_serves_the_health_and_metrics_endpoint_too(tmp_path: Path) -> None:
    import socket

    import aiohttp

    sandbox = Sandbox(SandboxOptions(db_path=tmp_path / "sandbox.sqlite3", metrics_addr="127.0.0.1:0",
                                     out=lambda _line: None))
    await sandbox.env.start()
    try:
        endpoint = sandbox.bot.endpoint
        assert endpoint is not None and endpoint.port
        async with aiohttp.ClientSession() as client, client.get(endpoint.url + "/healthz") as answer:
            assert answer.status == 200, await answer.text()
    finally:
        await sandbox.stop()
    probe = socket.socket()
    try:
        assert probe.connect_ex(("127.0.0.1", endpoint.port)) != 0, "stopping the sandbox stops its endpoint"
    finally:
        probe.close()
    assert Sandbox(SandboxOptions(db_path=tmp_path / "other.sqlite3")).bot.endpoint is None, "off unless asked"
