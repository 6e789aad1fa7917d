"""Starting and stopping: `python -m bot` without a token or with bad settings exits at once with a sentence (no
network, no traceback), and a stop signal lets the move in flight finish, closes the database and ends cleanly."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import discord
import pytest

from bot.__main__ import install_stop_signals, remove_stop_signals
from bot.store import SqliteStore
from tests.bot.helpers import latest_panel, make_table, panel_version, panels, prompt_of, start_with_all

ROOT = Path(__file__).resolve().parents[3]


def run_bot(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` in an empty folder (so no .env is found) with only the given settings in its environment."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"DISCORD_TOKEN", "TARMAC_DB_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "AI_DELAY_SECONDS",
                        "REMINDER_HOURS", "TARMAC_SANDBOX_DB_PATH"}}
    env.update(settings, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)


def test_without_a_token_the_bot_starts_its_sandbox_and_says_where_the_token_goes(tmp_path: Path) -> None:
    """The README's first command on a fresh machine (no .env): the sandbox's address, and how to leave it."""
    unset = {"DISCORD_TOKEN", "TARMAC_DB_PATH", "TARMAC_SANDBOX_DB_PATH"}
    env = {k: v for k, v in os.environ.items() if k not in unset}
    proc = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = [proc.stdout.readline(), proc.stdout.readline()]
        assert first[1].startswith("Open http://127.0.0.1:") and "#" in first[1], first
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "DISCORD_TOKEN" in err and ".env" in err and "Traceback" not in err
    assert "Sandbox stopped" in out
    assert (tmp_path / "var" / "sandbox.sqlite3").exists()
    assert not (tmp_path / "var" / "tarmac.sqlite3").exists(), "the sandbox never touches the production file"


@pytest.mark.parametrize(("failure", "code", "words"), [
    (lambda: discord.LoginFailure("Improper token has been passed."), 2, "refused the token"),
    (lambda: aiohttp.ClientConnectionError("no route"), 2, "Could not reach Discord"),
    (lambda: OSError("Name or service not known"), 2, "Could not reach Discord"),
])
def test_a_refused_token_or_no_network_gets_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], failure, code, words
) -> None:
    """The first start of a new install: a stale token or no network ends with a sentence and an exit code."""
    import bot.__main__ as entry

    token = "secret-token-value"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", token)
    monkeypatch.setenv("TARMAC_DB_PATH", str(tmp_path / "t.sqlite3"))
    monkeypatch.setattr(entry, "_configure_logging", lambda _settings, **_: None)

    async def fails(_settings: object) -> None:
        raise failure()

    monkeypatch.setattr(entry, "_run", fails)
    assert entry.main() == code
    err = capsys.readouterr().err
    assert words in err and token not in err and "Traceback" not in err


def test_each_bad_setting_is_named_and_the_token_never_shown(tmp_path: Path) -> None:
    token = "secret-token-value"
    done = run_bot(tmp_path, DISCORD_TOKEN=token, LOG_LEVEL="LOUD", DEV_GUILD_ID="my server",
                   REMINDER_HOURS="-3", AI_DELAY_SECONDS="soon")
    assert done.returncode == 2
    for name in ("LOG_LEVEL", "DEV_GUILD_ID", "REMINDER_HOURS", "AI_DELAY_SECONDS"):
        assert name in done.stderr, f"{name} is named"
    assert "DISCORD_TOKEN" not in done.stderr and token not in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
async def test_sigterm_finishes_the_move_in_flight_then_closes_the_database(simcord_env, db_path, monkeypatch):
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)
    bot = simcord_env.bot
    presenter = bot.parts.presenter
    posting, release = asyncio.Event(), asyncio.Event()
    show_turn = presenter.show_turn

    async def slow_show_turn(update):
        # The move is saved and now being posted when the signal arrives.
        posting.set()
        await release.wait()
        await show_turn(update)

    monkeypatch.setattr(presenter, "show_turn", slow_show_turn)
    move = asyncio.create_task(bot.parts.turns.choose(1, alice.id, version=0, seat=0, index=0))
    await asyncio.wait_for(posting.wait(), 5)

    loop = asyncio.get_running_loop()
    stopping = install_stop_signals(bot, loop)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        while not stopping:
            await asyncio.sleep(0)
        os.kill(os.getpid(), signal.SIGTERM)  # a second signal starts no second shutdown
        await asyncio.sleep(0.01)
        assert len(stopping) == 1 and not stopping[0].done(), "the stop waits for the move in flight"
        release.set()
        await asyncio.wait_for(move, 5)
        await asyncio.wait_for(stopping[0], 5)
    finally:
        remove_stop_signals(loop)

    assert bot.is_closed()
    with pytest.raises(RuntimeError, match="not open"):
        await bot.store.actions(1)
    assert panel_version(latest_panel(table.channel)) == 1, "the move's panel was posted"
    assert len(panels(table.channel)) == 2
    store = SqliteStore(db_path)
    await store.open()
    try:
        assert [a.version for a in await store.actions(1)] == [1]
    finally:
        await store.close()


async def test_an_ai_turn_left_open_by_a_stopped_bot_is_played_after_the_restart(simcord_env, make_bot, monkeypatch):
    table = make_table(simcord_env, ("alice",))
    alice = table.players[0]
    await start_with_all(table, ai=1)

    async def stopped(_session_id: int) -> None:  # the process dies before its AI gets to move
        return None

    monkeypatch.setattr(simcord_env.bot.parts.turns, "run_ai", stopped)
    panel = latest_panel(table.channel)
    await alice.click(panel, label="Pass")
    assert latest_panel(table.channel).id == panel.id, "the AI's turn posts no panel before the AI has played"

    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention), "the new bot played the AI's turn"
    assert [a.seat for a in await simcord_env.bot.store.actions(1)] == [0, 1]


def test_a_face_missing_on_the_machine_is_named_with_its_package_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A fresh machine without Debian's CJK fonts still starts, and says once which package brings them."""
    import bot.__main__ as entry
    from renderers.kit import faces, runs

    real = faces.Face.path
    monkeypatch.setattr(faces.Face, "path",
                        lambda face: None if face.package == "debian:fonts-noto-cjk" else real(face))
    runs.clear()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token-value")
    monkeypatch.setenv("TARMAC_DB_PATH", str(tmp_path / "t.sqlite3"))
    monkeypatch.setattr(entry, "_configure_logging", lambda _settings, **_: None)

    async def fails(_settings: object) -> None:
        raise OSError("no network in this test")

    monkeypatch.setattr(entry, "_run", fails)
    try:
        with caplog.at_level("WARNING", logger="tarmac.renderers"):
            assert entry.main() == 2
    finally:
        monkeypatch.undo()
        runs.clear()
    said = [r.getMessage() for r in caplog.records if r.name == "tarmac.renderers"]
    assert len(said) == 1 and "fonts-noto-cjk" in said[0] and "'?'" in said[0], said
