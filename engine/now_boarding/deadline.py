"""The time limit of an AI pilot's plan: wall-clock seconds from the moment the pilot is asked, set-up included.

The team planner (team.py, lookahead.py) reads this watch before each plane's turn in the descent over the team's
tours, before each re-deal of a tour Hard plays two rounds ahead and before the next round's plan on it. The pilot's
own plane always gets its tour in the first pass, so a plan always has that to fly. The watch says stop while
`SPARE` times the longest stretch between two readings so far would still end within the limit, as the search's
clock does (engine/core/search.py, `Search.late`): on a busy machine the stretches grow, and the plan stops that
much sooner and flies the best it has found, playing weaker, never slower. Without a limit the clock is never read,
so the answer depends on the state and the seed alone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine.core.search import SPARE, Clock


@dataclass
class Watch:
    """A plan's limit (`seconds` after it was made; None: no limit) on `clock`."""

    seconds: float | None = None
    clock: Clock = time.perf_counter
    deadline: float | None = field(init=False)
    looked: float = field(init=False)
    gap: float = field(init=False, default=0.0)
    """The longest stretch between two readings so far."""

    def __post_init__(self) -> None:
        self.looked = 0.0 if self.seconds is None else self.clock()
        self.deadline = None if self.seconds is None else self.looked + self.seconds

    def late(self) -> bool:
        """Whether the next step might end past the limit (never without one: the clock is not even read)."""
        if self.deadline is None:
            return False
        now = self.clock()
        self.gap = max(self.gap, now - self.looked)
        self.looked = now
        return now + SPARE * self.gap >= self.deadline


UNLIMITED = Watch()
"""The watch of a plan without a time limit (tests, `--seconds 0`): it never reads the clock."""
