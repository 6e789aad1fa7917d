"""Starting the sandbox again with a game in progress: the panel comes back without anyone seeming to run a command,
an old panel that is gone is one quiet log line, discord.py's start-up warnings stay hidden, and the page keeps its
port and secret (kept beside the database, readable by its owner only) so a tab left open needs only a reload."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import pytest

from bot.sandbox.address import address_file
from bot.sandbox.runner import Sandbox, SandboxOptions
from tests.sandbox.page import SandboxProcess


async def start_a_planes_game(db: Path) -> None:
    sandbox = Sandbox(SandboxOptions(db_path=db, out=lambda _line: None))
    await sandbox.env.start()
    try:
        with sandbox.env.time_context():
            ada, bruno = sandbox.world.members[:2]
            lobby = (await ada.slash(sandbox.world.channels["games"], "game new", game="planes")).response
            assert lobby is not None
            await bruno.click(lobby.message, label="Join")
            await ada.click(lobby.message, label="Start")
    finally:
        await sandbox.stop()


async def test_the_panel_comes_back_as_the_bots_own_post_and_the_gone_panel_is_one_quiet_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "sandbox.sqlite3"
    await start_a_planes_game(db)
    sandbox = Sandbox(SandboxOptions(db_path=db, out=lambda _line: None))
    await sandbox.env.start()
    try:
        with sandbox.env.time_context(), caplog.at_level(logging.INFO):
            mark = len(sandbox.env.backend.transcript)
            await sandbox.bring_back_panels()
            done = sandbox.env.backend.transcript[mark:]
    finally:
        await sandbox.stop()
    assert not [name for kind, name, _ in done if name == "INTERACTION_CREATE"], "nobody ran a command"
    posts = [payload for kind, name, payload in done
             if kind == "HTTP" and name == f"POST /channels/{sandbox.world.channels['games'].id}/messages"]
    assert len(posts) == 1 and "Planes — Turn" in str(posts[0]), "the panel is posted again"
    gone = [r for r in caplog.records if "old panel" in r.getMessage()]
    assert len(gone) == 1 and gone[0].levelno == logging.INFO and gone[0].exc_info is None


async def test_a_restart_keeps_the_address_and_shows_no_warnings_or_tracebacks(tmp_path: Path) -> None:
    db = tmp_path / "sandbox.sqlite3"
    await start_a_planes_game(db)
    first = await SandboxProcess.start(tmp_path, db, port=None)
    out = await first.stop()
    second = await SandboxProcess.start(tmp_path, db, port=None)
    out += await second.stop()
    assert second.url == first.url, "the open tab's address still works"
    assert stat.S_IMODE(address_file(db).stat().st_mode) == 0o600
    for noise in ("Traceback", "WARNING", "PyNaCl", "intent"):
        assert noise not in out, out
    assert out.count("old panel") <= 2, out  # at most one line per start
