"""SimCord's settle timeout, scaled to how busy the machine is, so no test depends on the machine's speed.

SimCord fails an operation whose bot work has not finished within `settle_timeout` seconds of wall time. That is a
guard against a bot that never goes quiet, not a measure of speed: a test that sets 60 s because its last click
draws a whole replay still fails on a machine loaded three times over. So every test env here reads its timeout
through `PatientEnv`: the seconds a test asks for (or DEFAULT_SECONDS) times `slowness()`, read again at each settle,
so a load that rises during a test widens the next wait. TARMAC_TEST_PATIENCE multiplies it further (a slow CI).

One limit: SimCord parks a bot's sleep (a round timer, a deferred redraw) only while it ends after the settle
deadline; a shorter one is waited for in real time. So the base stays SimCord's own 5 s, below the bot's timers, and
a test whose bot sleeps for a short while sets `ceiling` below that sleep (Now Boarding's 15 s round).
"""

from __future__ import annotations

import os
from typing import Any

from simcord import Env

DEFAULT_SECONDS = 5.0
"""The guard's base, SimCord's own: any click of a test game settles well within it on an idle machine."""


def cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def slowness() -> float:
    """How many times slower than an idle machine a CPU-bound wait runs now: runnable processes per core (the
    one-minute load average), never below 1, times TARMAC_TEST_PATIENCE when set."""
    extra = float(os.environ.get("TARMAC_TEST_PATIENCE") or 1.0)
    return max(1.0, os.getloadavg()[0] / cores()) * max(1.0, extra)


class PatientEnv(Env):
    """An Env whose settle timeout is the seconds asked for times `slowness()`, at the moment SimCord reads it."""

    ceiling: float | None = None
    """The most the timeout may grow to, below the shortest sleep of the bot the test relies on (None: no limit)."""

    def __init__(self, bot: Any, *, settle_timeout: float = DEFAULT_SECONDS, **options: Any) -> None:
        super().__init__(bot, settle_timeout=settle_timeout, **options)

    @property  # type: ignore[override]
    def settle_timeout(self) -> float:
        scaled = self._asked_seconds * slowness()
        return scaled if self.ceiling is None else min(scaled, self.ceiling)

    @settle_timeout.setter
    def settle_timeout(self, seconds: float) -> None:
        self._asked_seconds = float(seconds)
