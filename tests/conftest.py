"""Suite-wide guards.

aiosqlite (0.22+) runs each connection on a non-daemon thread: a store left open keeps the Python process alive
after the last test, so the test command would never exit (CI would time out with every test green). Every test
must close what it opens; this guard names the test that did not.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.support.patience import PatientEnv


def _sqlite_workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name and t.is_alive()}


@pytest.fixture(autouse=True)
def _closes_every_database() -> Iterator[None]:
    before = _sqlite_workers()
    yield
    leaked = _sqlite_workers() - before
    for thread in leaked:
        thread.join(timeout=2)  # a close() just issued may still be finishing
    still = [t.name for t in leaked if t.is_alive()]
    assert not still, f"this test left {len(still)} SQLite connection(s) open: close the store it opened"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[object]:
    """One PostgreSQL server for the whole run, started on first use (bot/store/throwaway_pg.py). Skips only where
    the server binaries are truly absent, and says so; .ci/run installs them."""
    from bot.store.throwaway_pg import PostgresServer, server_bin_dir

    bin_dir = server_bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed: `apt-get install postgresql`")
    server = PostgresServer(bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def simcord_env(simcord_bot: Any, request: pytest.FixtureRequest) -> AsyncIterator[PatientEnv]:
    """SimCord's own fixture (options from a `simcord` marker), on an env whose settle timeout scales with the
    machine's load (tests/support/patience.py): a busy machine makes a test slower, never failed."""
    marker = request.node.get_closest_marker("simcord")
    env = PatientEnv(simcord_bot, **(marker.kwargs if marker else {}))
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)
