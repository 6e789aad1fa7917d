"""An AI plan's time limit: wall-clock seconds from the moment the AI is asked, set-up included.

Whoever plans (the search, engine/core/ai/search.py; Now Boarding's team planner, engine/now_boarding/) reads the watch
before each step of its work and stops while `SPARE` times the longest stretch between two readings so far would
still end within the limit: on a busy machine the stretches grow, and the plan stops that much sooner and plays the
best it has found, weaker, never slower. Without a limit the clock is never read, so the answer depends on the state
and the seed alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]
"""Seconds on a clock that never goes back: `time.perf_counter`, or a test's own clock that jumps."""

SPARE = 2.0
"""A timed plan stops while this many times the longest stretch between two readings of its clock would still end
within the limit: on a loaded machine the next stretch may be longer than any so far (the process waits for a core).
A stall longer than that, landing at the very end of a plan, still shows as an overrun: no reading can foresee it."""

RESERVE = 0.05
"""Share of the limit always kept in hand: once every reading is close to the next, twice the longest stretch is a
few milliseconds, while a plan's last steps (the cycle collector held off during the plan, a wait for a core on a
loaded machine) can take tens of them: without it, Hard Now Boarding plans ran 4.6% over (1 of 33,261) and, beside
a process keeping a core busy, 7.4% over (1 of 3,336)."""


@dataclass
class Watch:
    """A plan's limit: `seconds` from `started` (default: when the watch is made) on `clock`; None: no limit."""

    seconds: float | None = None
    clock: Clock = time.perf_counter
    started: float | None = None
    deadline: float | None = field(init=False, default=None)
    looked: float = field(init=False, default=0.0)
    """The last reading."""
    gap: float = field(init=False, default=0.0)
    """The longest stretch between two readings so far."""

    def __post_init__(self) -> None:
        if self.seconds is not None:
            self.looked = self.clock()
            self.deadline = (self.looked if self.started is None else self.started) + self.seconds

    def late(self) -> bool:
        """Whether the next step might end past the limit (never without one: the clock is not even read)."""
        if self.deadline is None:
            return False
        now = self.clock()
        self.gap = max(self.gap, now - self.looked)
        self.looked = now
        return now + max(SPARE * self.gap, RESERVE * (self.seconds or 0.0)) >= self.deadline


UNLIMITED = Watch()
"""The watch of a plan without a time limit (tests, `--seconds 0`): it never reads the clock."""
