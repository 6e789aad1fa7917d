"""`python -m bench` is the one door to every benchmark, and the package ships with an install."""

from __future__ import annotations

import fnmatch
import importlib
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bench.__main__ import BENCHMARKS, main

ROOT = Path(__file__).resolve().parents[2]
HELPERS = {"__init__", "__main__", "clicks", "cpu_parts", "machine"}  # what the benchmarks share


def test_every_benchmark_module_has_a_name_at_the_entry_point() -> None:
    modules = {p.stem for p in (ROOT / "bench").glob("*.py")} - HELPERS
    assert {b.module for b in BENCHMARKS.values()} == {f"bench.{m}" for m in modules}


@pytest.mark.parametrize("name", BENCHMARKS)
def test_every_name_leads_to_a_main_that_takes_its_arguments(name: str) -> None:
    module = importlib.import_module(BENCHMARKS[name].module)
    with pytest.raises(SystemExit) as asked:
        module.main(["--help"])
    assert asked.value.code == 0


def test_the_list_names_every_benchmark_and_an_unknown_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    listed = capsys.readouterr().out
    assert all(f"  {name}  " in listed for name in BENCHMARKS)
    assert main(["no-such-bench"]) == 2
    assert "no benchmark named 'no-such-bench'" in capsys.readouterr().err


def test_a_benchmark_runs_through_the_entry_point_as_a_command() -> None:
    done = subprocess.run([sys.executable, "-m", "bench", "planes-floor", "--games", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("bare moves on flying_cloud, 4 players: 2 games")


def test_an_install_ships_every_top_level_package() -> None:
    """pyproject's package list: a folder left out would import from a checkout but not from an install."""
    include = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}
    assert "bench" in packages
    assert all(any(fnmatch.fnmatch(name, pattern) for pattern in include) for name in packages), packages
