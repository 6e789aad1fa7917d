"""Speeds are printed per wall-clock second and per CPU second: on a busy machine the two part, and the
commands that print speeds (selfplay, the Planes floor) must give figures that compare with each other."""

from __future__ import annotations

import pytest

from engine.__main__ import main
from engine.core.ai.stopwatch import Stopwatch


def test_rates_count_both_clocks_from_the_start() -> None:
    wall, cpu = iter([10.0, 14.0]), iter([3.0, 4.0])
    watch = Stopwatch(wall_clock=lambda: next(wall), cpu_clock=lambda: next(cpu))
    assert watch.rates(20, "games") == ("games per second: 5.0 wall-clock (4.00 s), 20.0 per CPU second "
                                        "(1.00 s of CPU)")


def test_selfplay_prints_games_per_cpu_second_beside_wall_clock(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "planecrafters", "--games", "2", "--players", "2"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("games per second: ") and " wall-clock (" in last and " per CPU second (" in last


def test_the_planes_floor_prints_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.planes_floor import main as floor

    floor(["--games", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("bare moves on flying_cloud, 4 players: 2 games")
    assert lines[1].startswith("games per second: ") and " per CPU second (" in lines[1]
