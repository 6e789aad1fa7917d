"""Wall-clock and CPU time side by side, for the commands that print how fast something ran.

On a shared machine the wall clock also counts the time other processes held the core; the process's CPU time
counts only its own work. A figure printed with both can be compared with a figure measured either way (the
Planes interpreter floor, `python -m bench planes-floor`, another run on a quieter day).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Stopwatch:
    """Started when made; `rates` reads both clocks. The clocks are injectable so a test can set what passed."""

    wall_clock: Callable[[], float] = time.perf_counter
    cpu_clock: Callable[[], float] = time.process_time
    wall_start: float = field(init=False)
    cpu_start: float = field(init=False)

    def __post_init__(self) -> None:
        self.wall_start = self.wall_clock()
        self.cpu_start = self.cpu_clock()

    def rates(self, count: float, what: str) -> str:
        """`count` things done since the start, per wall-clock second and per CPU second, with both times."""
        wall = self.wall_clock() - self.wall_start
        cpu = self.cpu_clock() - self.cpu_start
        return (f"{what} per second: {count / max(wall, 1e-9):.1f} wall-clock ({wall:.2f} s), "
                f"{count / max(cpu, 1e-9):.1f} per CPU second ({cpu:.2f} s of CPU)")
