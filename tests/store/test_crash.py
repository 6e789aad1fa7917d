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


def _run_and_kill(db: Path, session_id: int, rng: random.Random) -> list[int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, str(CHILD), str(db), str(session_id)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    try:
        first = child.stdout.readline()
        assert first == "ready\n", (first, child.stderr.read() if child.stderr else "")
        # Killed after a random time: sometimes between moves, often in the middle of one.
        time.sleep(rng.uniform(0.05, 0.4))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == -signal.SIGKILL, err
    return [int(line) for line in out.split()]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
async def test_sigkill_loses_no_confirmed_move(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    setup = SqliteStore(db)
    await setup.open()
    sid = await new_active(setup)
    await setup.close()

    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    confirmed_total = 0
    for _round in range(3):  # each round resumes from what the last one left behind
        confirmed = _run_and_kill(db, sid, rng)
        confirmed_total += len(confirmed)

        store = SqliteStore(db)
        await store.open()
        try:
            log = await store.actions(sid)
            versions = [a.version for a in log]
            assert versions == list(range(1, len(versions) + 1)), "the log is contiguous"
            if confirmed:
                # Every move the child saw committed is there; at most the one in flight beyond it.
                assert versions[-1] in (confirmed[-1], confirmed[-1] + 1)
            state_json, version = await store.load_snapshot(sid)
            session = await store.get_session(sid)
            last = versions[-1] if versions else 0
            assert version == last == session.version, "snapshot, session and log agree"
            assert json.loads(state_json)["version"] == last
            if log:
                assert log[-1].choice == f"move{last}"
        finally:
            await store.close()
    assert confirmed_total > 0, "the child should have committed something in 3 runs"
