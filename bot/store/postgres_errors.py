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
        self.server = f"the socket in {host}" if host.startswith("/") else f"{host}:{port}"
        self._password = parts.password or ""

    def scrub(self, text: str) -> str:
        """`text` without the URL's password, should a driver's message ever quote the URL."""
        return text.replace(self._password, "***") if self._password else text

    def __str__(self) -> str:
        return f"PostgreSQL database {self.database} on {self.server} as role {self.user}"


def unreachable(url: str, error: BaseException) -> StoreUnavailable | None:
    """The sentence for a failed connection to `url`, or None when `error` is not about the connection."""
    target = Target(url)
    sentence = _sentence(target, error)
    return None if sentence is None else StoreUnavailable(target.scrub(sentence))


def _sentence(target: Target, error: BaseException) -> str | None:
    if isinstance(error, asyncpg.InvalidPasswordError):
        return (f"The {target} refused the password: put role {target.user}'s right password in "
                "TARMAC_DATABASE_URL and start again.")
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (f"The {target} refused the role ({error}): create the role or name the right one in "
                "TARMAC_DATABASE_URL (docs/deploy.md), then start again.")
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (f"The {target} does not exist: create it (createdb -O {target.user} {target.database}) or name "
                "the right database in TARMAC_DATABASE_URL.")
    if isinstance(error, asyncpg.InsufficientPrivilegeError):
        return (f"The role may not create Tarmac's tables in the {target} ({error}): make it the database's owner "
                f"(ALTER DATABASE {target.database} OWNER TO {target.user}), then start again.")
    if isinstance(error, TimeoutError):
        return (f"The {target} did not answer in time: check that the server runs and that this machine can "
                "reach it, then start again.")
    if isinstance(error, OSError):
        return (f"Could not reach the {target} ({error.strerror or error}): check that the server runs and that "
                "TARMAC_DATABASE_URL names the right host and port.")
    if isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError | ValueError):
        return (f"The {target} could not be opened ({type(error).__name__}: {error}): check TARMAC_DATABASE_URL "
                "and the server (docs/deploy.md), then start again.")
    return None
