"""SimCord's settle timeout, scaled to how busy the machine is, so no test depends on the machine's speed.

SimCord fails an operation whose bot work has not finished within `settle_timeout` seconds of wall time. That is a
guard against a bot that never goes quiet, not a measure of speed: a test that sets 60 s because its last click
draws a whole replay still fails on a machine loaded three times over. So every test env here reads its timeout
through `PatientEnv`: the seconds a test asks for (or DEFAULT_SECONDS) times `slowness()`, read again at each settle,
so a load that rises during a test widens the next wait. TARMAC_TEST_PATIENCE multiplies it further (a slow CI).
"""

from __future__ import annotations

import os
from typing import Any

from simcord import Env

DEFAULT_SECONDS = 30.0
"""The suite's default (SimCord's own is 5 s): any click of a test game settles within a few seconds on an idle
machine; this is the guard's base, scaled from there."""


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

    def __init__(self, bot: Any, *, settle_timeout: float = DEFAULT_SECONDS, **options: Any) -> None:
        super().__init__(bot, settle_timeout=settle_timeout, **options)

    @property  # type: ignore[override]
    def settle_timeout(self) -> float:
        return self._asked_seconds * slowness()

    @settle_timeout.setter
    def settle_timeout(self, seconds: float) -> None:
        self._asked_seconds = float(seconds)
