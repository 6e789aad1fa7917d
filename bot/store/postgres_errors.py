"""One sentence for each way PostgreSQL can refuse Tarmac at start: the server named by host, port, database and role
(never the password), what went wrong, and what to change.

Only the connection's errors are explained here; an error inside a migration is a bug and stays a traceback, except a
role without the right to create tables, which is a deployment choice (docs/deploy.md).
"""

from __future__ import annotations

import getpass
from urllib.parse import parse_qs, unquote, urlsplit

import asyncpg

from bot.store.base import StoreUnavailable

_DEFAULT_PORT = 5432


class Target:
    """Where a postgresql:// URL points, in words an admin recognises; the password is never kept."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        self.user = unquote(parts.username or "") or query.get("user", [""])[0] or getpass.getuser()
        self.database = unquote(parts.path.lstrip("/")) or query.get("dbname", [""])[0] or self.user
        host = parts.hostname or query.get("host", [""])[0] or "localhost"
        try:
            port = parts.port or _DEFAULT_PORT
        except ValueError:  # a port that is not a number: asyncpg refuses the URL, the sentence says so
            port = _DEFAULT_PORT
        # A host starting with / is the folder of a Unix socket, where the port only names the socket file.
        self.server = f"the PostgreSQL server at the socket in {host}" if host.startswith("/") \
            else f"the PostgreSQL server at {host}:{port}"
        self._password = parts.password or ""

    def scrub(self, text: str) -> str:
        """`text` without the URL's password, should a driver's message ever quote the URL."""
        return text.replace(self._password, "***") if self._password else text

    def __str__(self) -> str:
        return f"{self.server} (database {self.database}, role {self.user})"


def unreachable(url: str, error: BaseException) -> StoreUnavailable | None:
    """The sentence for a failed connection to `url`, or None when `error` is not about the connection."""
    target = Target(url)
    sentence = _sentence(target, error)
    return None if sentence is None else StoreUnavailable(target.scrub(sentence))


def _sentence(target: Target, error: BaseException) -> str | None:
    server, database, user = target.server, target.database, target.user
    if isinstance(error, asyncpg.InvalidPasswordError):
        return (f"{_upper_first(server)} refused the password for role {user}: put the right password in "
                "TARMAC_DATABASE_URL and start again.")
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (f"{_upper_first(server)} refused role {user} ({error}): create the role or name the right one in "
                "TARMAC_DATABASE_URL (docs/deploy.md), then start again.")
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (f"{_upper_first(server)} has no database {database}: create it (createdb -O {user} {database}) or "
                "name the right database in TARMAC_DATABASE_URL.")
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return (f"Role {user} may not create Tarmac's tables in database {database} on {server} ({error}): make it "
                f"the database's owner (ALTER DATABASE {database} OWNER TO {user}), then start again.")
    if isinstance(error, TimeoutError):
        return (f"{_upper_first(str(target))} did not answer in time: check that the server runs and that this "
                "machine can reach it, then start again.")
    if isinstance(error, OSError):
        return (f"Could not reach {target}: {error.strerror or error}; check that the server runs and that "
                "TARMAC_DATABASE_URL names the right host and port.")
    if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError | ValueError):
        return (f"Could not open {target} ({type(error).__name__}: {error}): check TARMAC_DATABASE_URL and the "
                "server (docs/deploy.md), then start again.")
    return None


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
