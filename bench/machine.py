"""What a benchmark's figures were measured beside: the machine's load and the CPU the benchmark itself spent, so
wall-clock figures can be read against them (a busy machine stretches wall time, not CPU time)."""

from __future__ import annotations

import os
import resource
import time
from dataclasses import dataclass, field


def load_line() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its children that were waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), children.ru_utime + children.ru_stime


@dataclass
class Run:
    """A benchmark's run: started when made, `footer` says what it cost."""

    wall: float = field(default_factory=time.perf_counter)
    cpu: tuple[float, float] = field(default_factory=_cpu)
    load: str = field(default_factory=load_line)

    def footer(self) -> str:
        wall = time.perf_counter() - self.wall
        own, children = (now - then for now, then in zip(_cpu(), self.cpu, strict=True))
        spent = f"CPU {own + children:.1f} s" + (f" (this process {own:.1f} s, its workers {children:.1f} s)"
                                                 if children >= 0.05 else "")
        return f"[wall {wall:.1f} s, {spent}; at start {self.load}, at end {load_line()}]"
