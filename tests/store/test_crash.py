"""Durability: a process killed with SIGKILL mid-write loses no move it had been told was committed."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import SqliteStore
from tests.store.conftest import new_active

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("crash_child.py")


def _run_and_kill(db: Path, session_id: int, rng: random.Random | None) -> list[int]:
    """The child's confirmed versions. With `rng` it is killed a random time after its first confirmed move; without,
    it records nothing and is killed as soon as it is ready (before the first move)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    hold = [] if rng else ["hold"]
    child = subprocess.Popen([sys.executable, str(CHILD), str(db), str(session_id), *hold], cwd=ROOT, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    confirmed: list[int] = []
    try:
        first = child.stdout.readline()
        assert first == "ready\n", (first, child.stderr.read() if child.stderr else "")
        if rng is not None:
            # Counted from the first move, not from start-up: on a busy machine the child may commit nothing for
            # a while. Then killed after a random time: sometimes between moves, often in the middle of one.
            confirmed.append(int(child.stdout.readline()))
            time.sleep(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL, err
    return confirmed + [int(line) for line in out.split()]


async def _check_after_kill(db: Path, session_id: int, confirmed: list[int]) -> None:
    """The log is contiguous and holds every confirmed move, and the snapshot, the session and the log agree."""
    store = SqliteStore(db)
    await store.open()
    try:
        log = await store.actions(session_id)
        versions = [a.version for a in log]
        assert versions == list(range(1, len(versions) + 1)), "the log is contiguous"
        if confirmed:
            # Every move the child saw committed is there; at most the one in flight beyond it.
            assert versions[-1] in (confirmed[-1], confirmed[-1] + 1)
        state_json, version = await store.load_snapshot(session_id)
        session = await store.get_session(session_id)
        assert session is not None
        last = versions[-1] if versions else 0
        assert version == last == session.version, "snapshot, session and log agree"
        assert json.loads(state_json)["version"] == last
        if log:
            assert log[-1].choice == f"move{last}"
    finally:
        await store.close()


async def _started_session(db: Path) -> int:
    """A game started as the child writes its states, version included: the checks read the version of whatever
    snapshot the kill leaves, the first one too (the store never looks inside a state, so it keeps any shape)."""
    setup = SqliteStore(db)
    await setup.open()
    try:
        return await new_active(setup, state_json=json.dumps({"version": 0, "pad": ""}))
    finally:
        await setup.close()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_sigkill_loses_no_confirmed_move(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    sid = await _started_session(db)
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    for _round in range(3):  # each round resumes from what the last one left behind
        confirmed = _run_and_kill(db, sid, rng)
        assert confirmed, "the child is killed only after its first confirmed move"
        await _check_after_kill(db, sid, confirmed)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_sigkill_before_the_first_move_leaves_the_game_as_it_started(tmp_path: Path) -> None:
    """The moment that once failed the test above (a busy machine let the kill land before the child's first move):
    nothing is in the log, and the snapshot is the one the game started with."""
    db = tmp_path / "crash.sqlite3"
    sid = await _started_session(db)
    assert _run_and_kill(db, sid, None) == []
    await _check_after_kill(db, sid, [])
    confirmed = _run_and_kill(db, sid, random.Random(1))  # and a child started after it goes on from there
    await _check_after_kill(db, sid, confirmed)
