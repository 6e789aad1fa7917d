"""`python -m bot` on a PostgreSQL it cannot use: a real process for each way the database can
refuse, against the suite's throwaway server. Each ends with exit code 2 and one sentence naming PostgreSQL, the
server and the database, never the password, and never blaming Discord (the database is opened before Discord is
contacted, so no network is needed; the token is a dummy)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

ROOT = Path(__file__).resolve().parents[2]


def start(url: str, folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TARMAC_") and k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value", TARMAC_DATABASE_URL=url)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one sentence, checked for what every refusal must be; returned for the case's own words."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "Discord" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if "PostgreSQL" in line]
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # closed again on leaving: nothing listens there


def test_nothing_listening_on_the_port(tmp_path: Path) -> None:
    port = closed_port()
    line = refused(start(f"postgresql://tarmac:s3cret-pw@127.0.0.1:{port}/games", tmp_path),
                   f"Could not reach the PostgreSQL server at 127.0.0.1:{port} (database games, role tarmac)",
                   "TARMAC_DATABASE_URL")
    assert "s3cret-pw" not in line


def test_a_socket_folder_with_no_server(tmp_path: Path) -> None:
    refused(start(f"postgresql://tarmac@/games?host={tmp_path}", tmp_path),
            f"Could not reach the PostgreSQL server at the socket in {tmp_path} (database games, role tarmac)")


@pytest.fixture
async def admin(postgres_server) -> AsyncIterator[asyncpg.Connection]:
    con = await asyncpg.connect(postgres_server.url())
    try:
        yield con
    finally:
        await con.close()


def test_a_database_that_does_not_exist(postgres_server, tmp_path: Path) -> None:
    refused(start(postgres_server.url("no_such_games"), tmp_path),
            "The PostgreSQL server at the socket in", "has no database no_such_games",
            "createdb -O tarmac no_such_games")


def test_a_role_that_does_not_exist(postgres_server, tmp_path: Path) -> None:
    url = postgres_server.url().replace("tarmac@", "nobody_here@")
    refused(start(url, tmp_path), 'refused role nobody_here (role "nobody_here" does not exist)')


async def test_a_wrong_password(postgres_server, admin: asyncpg.Connection, tmp_path: Path) -> None:
    """The throwaway server trusts local roles; for one role of its own this test asks for a password instead."""
    hba = Path(postgres_server.data) / "pg_hba.conf"
    trusting = hba.read_text()
    await admin.execute("CREATE ROLE pwcheck LOGIN PASSWORD 'right-password'")
    hba.write_text("local all pwcheck scram-sha-256\n" + trusting)
    await admin.execute("SELECT pg_reload_conf()")
    try:
        url = postgres_server.url().replace("tarmac@", "pwcheck:wrong-password@")
        done = start(url, tmp_path)
        line = refused(done, "refused the password for role pwcheck", "TARMAC_DATABASE_URL")
        assert "wrong-password" not in done.stderr and "right-password" not in line
    finally:
        hba.write_text(trusting)
        await admin.execute("SELECT pg_reload_conf()")
        await admin.execute("DROP ROLE pwcheck")


async def test_a_role_that_may_not_create_the_tables(postgres_server, admin: asyncpg.Connection,
                                                     tmp_path: Path) -> None:
    """docs/deploy.md: Tarmac's role owns its database. A role that only may connect is told how to fix that."""
    await admin.execute("CREATE ROLE guest LOGIN")
    await admin.execute("CREATE DATABASE guest_games")
    try:
        url = postgres_server.url("guest_games").replace("tarmac@", "guest@")
        refused(start(url, tmp_path), "Role guest may not create Tarmac's tables in database guest_games",
                "ALTER DATABASE guest_games OWNER TO guest")
    finally:
        await admin.execute("DROP DATABASE guest_games")
        await admin.execute("DROP ROLE guest")
