"""Starting the bot on a database it cannot use: `python -m bot` and `python -m bot --sandbox` as
real processes, each on one bad SQLite file, end with exit code 2 and one sentence naming the file (no traceback, no
word about Discord) and leave the file byte for byte as it was.

The database is opened before Discord is contacted, so these starts need no network; the token is a dummy.
"""

from __future__ import annotations

import asyncio
import functools
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.store import SqliteStore
from tests.store.conftest import new_active

ROOT = Path(__file__).resolve().parents[2]
MODES = {"bot": [], "sandbox": ["--sandbox"]}
# Dropping these two capabilities makes root obey permission bits like any account (setpriv, util-linux).
_PLAIN_ROOT = ["setpriv", "--bounding-set=-dac_override,-dac_read_search",
               "--inh-caps=-dac_override,-dac_read_search"]


def start(folder: Path, db: Path, mode: str, *, prefix: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m bot [--sandbox]` in `folder` (no .env there) with `db` as the database of that mode."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TARMAC_") and k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value",
               TARMAC_DB_PATH=str(db) if mode == "bot" else str(folder / "unused.sqlite3"),
               TARMAC_SANDBOX_DB_PATH=str(db) if mode == "sandbox" else str(folder / "unused-sandbox.sqlite3"))
    return subprocess.run([*(prefix or []), sys.executable, "-m", "bot", *MODES[mode]], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file under `folder` with its bytes (None for a folder): what "nothing was changed" compares."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


@functools.cache
def _real_database_bytes(games: int = 40) -> bytes:
    """A real Tarmac database (as the bot leaves it: WAL folded back in on close), with `games` started games of the
    test suite's toy game: data over several pages, to cut. The bot proper does not know that game, so a database
    the bot is meant to run on is made with none."""
    async def make(path: Path) -> None:
        store = SqliteStore(path)
        await store.open()
        try:
            for channel in range(games):
                await new_active(store, channel_id=channel)
        finally:
            await store.close()

    folder = Path(tempfile.mkdtemp(prefix="tarmac-real-db-"))
    try:
        asyncio.run(make(folder / "real.sqlite3"))
        return (folder / "real.sqlite3").read_bytes()
    finally:
        shutil.rmtree(folder)


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(64 * 1024))


def _truncated_half(path: Path) -> None:
    real = _real_database_bytes()
    path.write_bytes(real[: len(real) // 2])


def _truncated_last_page(path: Path) -> None:
    """Cut inside the last page: today's open reads nothing there and would start, failing later in a game."""
    real = _real_database_bytes()
    path.write_bytes(real[: len(real) - 1000])


def _a_folder(path: Path) -> None:
    path.mkdir()
    (path / "notes.txt").write_text("an admin's folder, not a database")


def _under_a_file(path: Path) -> None:
    path.parent.rmdir()
    path.parent.write_text("a file where the database's folder should be")


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    # name: (make the bad thing at the path, words the sentence must have)
    "random bytes": (_random_bytes, "not a readable Tarmac database"),
    "truncated to half": (_truncated_half, "not a readable Tarmac database"),
    "truncated inside its last page": (_truncated_last_page, "not a readable Tarmac database"),
    "a folder": (_a_folder, "is a folder, not a file"),
    "under a file": (_under_a_file, "is a file, not a folder"),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_database_file_gets_a_sentence_and_is_left_as_it_was(tmp_path: Path, kind: str, mode: str) -> None:
    make, words = BAD_FILES[kind]
    home = tmp_path / "home"
    db = home / "var" / "games.sqlite3"
    db.parent.mkdir(parents=True)
    make(db)
    before = snapshot(home)

    done = start(tmp_path, db, mode)

    assert done.returncode == 2, done.stderr
    assert str(db) in done.stderr and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "Discord" not in done.stderr, done.stderr
    assert snapshot(home) == before, "the bad file (and its folder) must be left exactly as they were"


@pytest.fixture
def plain_account() -> list[str]:
    """The command prefix under which permission bits apply to the bot: none for an ordinary account; as root, root
    without the capabilities that let it ignore them (a read-only file is otherwise writable for root)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None or subprocess.run([*_PLAIN_ROOT, "true"], capture_output=True).returncode:
        pytest.skip("running as root, where permission bits do not stop writes, and setpriv cannot drop "
                    "CAP_DAC_OVERRIDE here: a read-only file cannot be made read-only for this test")
    return _PLAIN_ROOT


@pytest.fixture
def real_db(tmp_path: Path) -> Iterator[Path]:
    db = tmp_path / "home" / "var" / "games.sqlite3"
    db.parent.mkdir(parents=True, mode=0o700)
    db.write_bytes(_real_database_bytes(games=0))
    db.chmod(0o600)
    yield db
    for path in (db.parent, db):  # give pytest its tmp folder back
        if path.exists():
            path.chmod(stat.S_IMODE(path.stat().st_mode) | 0o700)


@pytest.mark.parametrize("mode", MODES)
def test_a_read_only_database_file_is_named_before_any_game_could_fail(
    tmp_path: Path, real_db: Path, plain_account: list[str], mode: str
) -> None:
    """SQLite opens a file it may not write read-only without a word; the bot would have started and failed at the
    first move."""
    real_db.chmod(0o400)
    before = snapshot(real_db.parent)
    done = start(tmp_path, real_db, mode, prefix=plain_account)
    assert done.returncode == 2, done.stderr
    assert f"The database {real_db} is read-only for this account" in done.stderr, done.stderr
    assert f"chmod 600 {real_db}" in done.stderr
    assert "Traceback" not in done.stderr and "Discord" not in done.stderr, done.stderr
    assert snapshot(real_db.parent) == before


@pytest.mark.parametrize("mode", MODES)
def test_a_read_only_folder_is_named_since_sqlite_must_write_beside_the_file(
    tmp_path: Path, real_db: Path, plain_account: list[str], mode: str
) -> None:
    real_db.parent.chmod(0o500)
    before = snapshot(real_db.parent)
    done = start(tmp_path, real_db, mode, prefix=plain_account)
    assert done.returncode == 2, done.stderr
    assert f"The folder {real_db.parent} is read-only for this account" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "Discord" not in done.stderr, done.stderr
    assert snapshot(real_db.parent) == before


@pytest.mark.parametrize("mode", MODES)
def test_a_database_another_program_keeps_locked_is_named_after_the_wait(
    tmp_path: Path, real_db: Path, mode: str
) -> None:
    """Another program holds the write lock for longer than the store waits (10 s): the start gives up with a
    sentence instead of a traceback. The holder's own write is still pending and intact afterwards."""
    holder = sqlite3.connect(real_db, isolation_level=None)
    try:
        holder.execute("PRAGMA journal_mode = WAL")
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("CREATE TABLE held (x)")  # any write: the lock is what matters, and it is rolled back
        before = real_db.read_bytes()
        done = start(tmp_path, real_db, mode)
        assert real_db.read_bytes() == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 2, done.stderr
    assert f"The database {real_db} stayed locked by another program" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "Discord" not in done.stderr, done.stderr


def test_a_database_others_can_read_is_named_once_at_start_with_the_chmod(tmp_path: Path, real_db: Path) -> None:
    """An existing file is not changed, but the start says who else can read it and how to stop
    that. The sandbox, so that the start goes all the way without a network; stopped once its page is up."""
    real_db.chmod(0o644)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TARMAC_") and k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), TARMAC_SANDBOX_DB_PATH=str(real_db))
    proc = subprocess.Popen([sys.executable, "-m", "bot", "--sandbox"], cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        assert any(proc.stdout.readline().startswith("Open http") for _ in range(5)), "the sandbox started"
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    warnings = [line for line in err.splitlines() if "other accounts on this machine" in line]
    assert len(warnings) == 1, err
    assert f"{real_db} (mode 0644)" in warnings[0] and f"chmod 600 {real_db}" in warnings[0], warnings[0]
    assert stat.S_IMODE(real_db.stat().st_mode) == 0o644, "the warning changes nothing by itself"
