"""The sandbox's runner, in-process: switching the page to the other channel keeps its address, and stopping closes
the database (the suite's guard fails a test that leaves it open)."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.runner import Sandbox, SandboxOptions


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
