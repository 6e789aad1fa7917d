"""`tarmac backup [PATH]`: a consistent copy of a live SQLite database through SQLite's online backup, into a file
only this account may read (0600, as the database itself: it holds every player's hidden cards). For PostgreSQL, the
`pg_dump` command to run, without the password."""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

PRIVATE = 0o600


class BackupError(Exception):
    """A sentence saying why no backup was made (nothing was written)."""


def default_path(db_path: Path, now: datetime | None = None) -> Path:
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H%M%SZ")
    return db_path.parent / "backups" / f"{db_path.stem}-{stamp}.sqlite3"


def backup_sqlite(db_path: Path, target: Path) -> int:
    """Copy the database at `db_path` into a new file `target` (mode 0600, never over an existing file); how many
    sessions the copy holds."""
    if not db_path.is_file():
        raise BackupError(f"There is no database at {db_path} to back up (TARMAC_DB_PATH names it).")
    if target.exists():
        raise BackupError(f"{target} exists already: name a new file, so that no backup is written over.")
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        # Created here, private, before SQLite writes a byte into it: the umask never decides who may read it.
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE))
    except OSError as exc:
        raise BackupError(f"Could not create {target} ({exc.strerror}): choose a path in a folder you may write."
                          ) from None
    try:
        source = sqlite3.connect(db_path)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)  # page by page, consistent while the bot goes on writing
                sessions = int(copy.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])
            finally:
                copy.close()
        finally:
            source.close()
    except sqlite3.Error as exc:
        target.unlink(missing_ok=True)
        raise BackupError(f"Could not back up {db_path} ({exc}); nothing was written.") from None
    os.chmod(target, PRIVATE)
    return sessions


def pg_dump_command(url: str, target: str) -> str:
    """The command that dumps the PostgreSQL database at `url`, the password left out (from ~/.pgpass or
    PGPASSWORD), into a file only this account may read."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = (f"{parts.username}@" if parts.username else "") + host + (f":{parts.port}" if parts.port else "")
    safe = urlunsplit(("postgresql", netloc, parts.path, parts.query, ""))
    return f"umask 077 && pg_dump --format=custom --file={target} --dbname='{safe}'"
