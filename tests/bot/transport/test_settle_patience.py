"""The suite's SimCord env waits longer on a busy machine: its settle timeout is asked-for seconds times the load."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import patience


def test_the_settle_timeout_scales_with_the_load_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patience, "cores", lambda: 2)
    monkeypatch.delenv("TARMAC_TEST_PATIENCE", raising=False)
    monkeypatch.setattr(patience.os, "getloadavg", lambda: (0.3, 0.3, 0.3))
    assert patience.slowness() == 1.0, "an idle machine: the seconds asked for"
    monkeypatch.setattr(patience.os, "getloadavg", lambda: (7.0, 5.0, 3.0))
    assert patience.slowness() == 3.5
    monkeypatch.setenv("TARMAC_TEST_PATIENCE", "2")
    assert patience.slowness() == 7.0


async def test_the_suites_env_reads_its_timeout_scaled_at_each_settle(simcord_env: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Also what a test sets itself (`simcord_env.settle_timeout = 60.0`) is scaled, at the moment SimCord reads it."""
    monkeypatch.setattr(patience, "slowness", lambda: 1.0)
    assert simcord_env.settle_timeout == patience.DEFAULT_SECONDS
    simcord_env.settle_timeout = 60.0
    monkeypatch.setattr(patience, "slowness", lambda: 4.0)
    assert simcord_env.settle_timeout == 240.0


async def test_a_ceiling_keeps_the_timeout_below_a_sleep_the_test_relies_on(simcord_env: Any,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """SimCord parks a bot's sleep only while it ends after the settle deadline: a 15 s round timer must not fall
    inside a timeout the load stretched to 40 s, or it would be waited for in real time."""
    monkeypatch.setattr(patience, "slowness", lambda: 8.0)
    simcord_env.ceiling = 12.0
    assert simcord_env.settle_timeout == 12.0
    simcord_env.ceiling = None
    assert simcord_env.settle_timeout == 8.0 * patience.DEFAULT_SECONDS
