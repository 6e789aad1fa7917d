"""`python -m bench load`: every worker is waited for and what the finished ones measured is printed
even when one fails; it runs on SQLite as well as PostgreSQL; and a click the bot does not settle after within
SimCord's timeout (a busy machine) is a figure of the run, not a crash. Nothing here asserts on time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bench.load as load
from bench.load import _check, _worker, gather, report


def test_every_worker_is_waited_for_and_the_finished_ones_are_read(tmp_path: Path) -> None:
    outs = [tmp_path / "worker-0.json", tmp_path / "worker-1.json"]
    slow = f"import time, pathlib; time.sleep(0.5); pathlib.Path({str(outs[1])!r}).write_text('{{\"clicks\": 4}}')"
    workers = [subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"]),
               subprocess.Popen([sys.executable, "-c", slow])]
    results, failures = gather(workers, outs)
    assert all(w.returncode is not None for w in workers)
    assert results == [{"clicks": 4}]
    assert failures == ["worker 0 failed (exit 3)"]


def test_the_report_gives_the_finished_workers_figures_beside_a_failure() -> None:
    finished = {"clicks": 6, "elapsed": 2.0, "requests": 12, "answers": 6, "callbacks": [1.0, 2.0], "boards": [40.0],
                "clicked": {"1": 3, "2": 3}, "unsettled": [2]}
    lines = report([finished], ["worker 1 failed (exit 1)"], (5, []), 60.0)
    assert lines[0] == "  worker 1 failed (exit 1); the figures below are the other workers' alone"
    assert "  moves clicked: 6, moves stored: 5: nothing lost, nothing applied twice" in lines
    assert ("  moves/s: 3.0   REST requests per move: 2.00, of them interaction answers (outside the request "
            "budget): 1.00") in lines
    assert ("  clicks the bot did not settle after within 60 s: 1 of 6 (their games played no further moves)"
            in lines)
    assert report([], ["worker 0 failed (exit 1)"], (0, []), 60.0)[-1] == "  no worker finished"


async def test_a_click_that_does_not_settle_is_counted_on_sqlite(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = load.click
    calls = 0

    async def click(*args: Any) -> tuple[float, float | None]:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise TimeoutError("bot did not settle (timeout=60s)")
        return await real(*args)

    monkeypatch.setattr(load, "click", click)
    url, out = str(tmp_path / "load.sqlite3"), tmp_path / "worker-0.json"
    await _worker(url, 0, 1, 2, 3, "planecrafters", 1, out)
    result = json.loads(out.read_text())
    clicked = {int(sid): n for sid, n in result["clicked"].items()}
    # Two games, three rounds: the second game's first click did not settle, so it played no more moves.
    assert result["clicks"] == 4 and len(result["unsettled"]) == 1
    assert sorted(clicked.values()) == [1, 3]
    stored, problems = await _check(url, clicked, set(result["unsettled"]))
    assert problems == [] and stored == 3, "the click that never reached the bot is not held against it"
    assert result["answers"] == 3, "each click that settled was answered once"
