"""The SQLite file before SQLite touches it: a private folder and file, and a sentence for every file Tarmac cannot use.

The database holds every player's hidden cards, so a new folder is made 0700 and a new file 0600. SQLite gives the
-wal and -shm files it creates the mode of the database file (whatever the umask), so creating the file ourselves
with 0600 keeps all three private. A file that already exists is never changed: if other accounts may open it, the
start says so once, after the open, with the chmod that fixes it (an admin may have opened it to a backup group on
purpose).

Every check here only looks (stat, access, an open without truncation), so a bad file is left byte for byte as it
was; `unavailable()` turns what SQLite said into one sentence naming the file and what to do. (An empty file is an
empty database to SQLite, so a file of 0 bytes becomes Tarmac's database: there was nothing in it to lose.)
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import stat
from pathlib import Path

from bot.store.base import StoreUnavailable

log = logging.getLogger("tarmac.store")

BUSY_SECONDS = 10  # how long a connection waits for another one's lock before SQLite answers "locked"
FOLDER_MODE = 0o700
FILE_MODE = 0o600
_SHARED_BITS = 0o077  # anything for the group or for others
_COMPANIONS = ("-wal", "-shm")

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xFF) that mean "this file, here, now".
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26
_PERM = 3
_MAGIC = b"SQLite format 3\x00"
_HEADER_BYTES = 100


def prepare(path: Path) -> bool:
    """Make the folder and an empty private file if they are missing, and refuse what SQLite could not use. True if
    the file is new. Raises StoreUnavailable; writes nothing into an existing file."""
    folder = path.parent
    if not folder.is_dir():
        _make_folder(path)
    if path.is_dir():
        raise StoreUnavailable(
            f"The database path {path} is a folder, not a file: give Tarmac a file path instead (for example "
            f"{path / 'tarmac.sqlite3'}); the folder was left as it is."
        )
    created = _create_private(path)
    if not created:
        _check_writable(path)
        _check_length(path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreUnavailable(
            f"The folder {folder} is read-only for this account, and SQLite must create {path.name}-wal and "
            f"{path.name}-shm beside the database: make the folder writable (chmod 700 {folder}) and start again."
        )
    return created


def _make_folder(path: Path) -> None:
    folder = path.parent
    blocker = next((p for p in (folder, *folder.parents) if p.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise StoreUnavailable(f"The database {path} cannot be made because {blocker} is a file, not a folder: "
                               "choose another database path.")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    except OSError as exc:
        raise StoreUnavailable(
            f"Could not create the folder {folder} for the database {path.name} ({exc.strerror or exc}): create it "
            f"yourself (mkdir -m 700 {folder}) or choose a database path in a folder this account can write to."
        ) from None


def _create_private(path: Path) -> bool:
    """Create `path` empty with mode 0600 (an empty file is an empty SQLite database); False if it already exists."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise StoreUnavailable(
                f"Could not create the database {path}: its folder {path.parent} is read-only for this account; "
                f"make it writable (chmod 700 {path.parent}) or choose a database path in a writable folder."
            ) from None
        raise StoreUnavailable(f"Could not create the database {path} ({exc.strerror or exc}): check the path and "
                               "its folder, then start again.") from None
    os.close(fd)
    return True


def _check_writable(path: Path) -> None:
    """SQLite quietly opens a file it may not write read-only, and the bot would then fail at the first move."""
    try:
        info = path.stat()
    except OSError as exc:
        raise StoreUnavailable(f"Could not read the database {path} ({exc.strerror or exc}): check the file and its "
                               "folder, then start again.") from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreUnavailable(f"The database path {path} is not a regular file: give Tarmac the path of a SQLite "
                               "file (a new path makes a new, empty database).")
    try:
        fd = os.open(path, os.O_RDWR)  # no O_TRUNC, no write: only asks whether writing would be allowed
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise StoreUnavailable(
                f"The database {path} is read-only for this account: let the account that runs Tarmac write it "
                f"(chmod 600 {path}, owned by that account) and start again; the file was left as it is."
            ) from None
        raise StoreUnavailable(f"Could not open the database {path} ({exc.strerror or exc}): check the file, then "
                               "start again.") from None
    os.close(fd)


def _check_length(path: Path) -> None:
    """A copy cut short: SQLite reads the missing end of a page as zeros without a word, and the integrity check
    cannot tell zeros inside a stored game from real data, so the length is checked against the header here.

    A SQLite file is whole pages, at least as many as its header counts (the count is trusted when the change counter
    at offset 24 equals the one at 92, as SQLite does). Not a SQLite header: SQLite itself says so. A rollback journal
    or a non-empty -wal beside the file means SQLite has work to finish after a crash (a checkpoint interrupted by a
    kill can leave the header ahead of the length), and the WAL holds the pages: that file is left to SQLite."""
    for suffix in ("-journal", "-wal"):
        companion = path.with_name(path.name + suffix)
        if companion.exists() and companion.stat().st_size > 0:
            return
    with path.open("rb") as file:
        header = file.read(_HEADER_BYTES)
        size = file.seek(0, os.SEEK_END)
    if size == 0 or len(header) < _HEADER_BYTES or not header.startswith(_MAGIC):
        return
    page = int.from_bytes(header[16:18], "big")
    page = 65536 if page == 1 else page
    counted = int.from_bytes(header[28:32], "big")
    trusted = header[24:28] == header[92:96]
    if page < 512 or size % page:
        raise damaged(str(path), f"it ends inside a page of {page} bytes: it was cut short")
    if trusted and size < counted * page:
        raise damaged(str(path), f"it holds {size // page} of the {counted} pages its header counts: it was cut short")


def shared_files(path: Path) -> list[tuple[Path, int]]:
    """The database's files (itself, -wal, -shm) that other accounts may open, with their modes."""
    shared: list[tuple[Path, int]] = []
    for candidate in (path, *(path.with_name(path.name + suffix) for suffix in _COMPANIONS)):
        try:
            mode = stat.S_IMODE(candidate.stat().st_mode)
        except FileNotFoundError:
            continue
        if mode & _SHARED_BITS:
            shared.append((candidate, mode))
    return shared


def warn_if_shared(path: Path) -> None:
    """One warning naming every one of the database's files that other accounts may open, and the chmod for them."""
    shared = shared_files(path)
    if shared:
        named = ", ".join(f"{p} (mode {m:04o})" for p, m in shared)
        log.warning(f"other accounts on this machine can read the database, and with it every player's hidden "
                    f"cards: {named}; run `chmod 600 {' '.join(str(p) for p, _ in shared)}`")


def unavailable(path: str, error: sqlite3.Error) -> StoreUnavailable | None:
    """The sentence for what SQLite said while opening `path`, or None when the error is not about the file (a bug in
    a migration, say, which should stay a traceback)."""
    code = (getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    detail = str(error)
    if code in (_BUSY, _LOCKED) or "locked" in detail:
        return StoreUnavailable(
            f"The database {path} stayed locked by another program for {BUSY_SECONDS} seconds (another Tarmac on the "
            "same file, or a sqlite3 shell in the middle of a transaction): stop that program and start again."
        )
    if code in (_CORRUPT, _NOTADB) or "malformed" in detail or "not a database" in detail:
        return damaged(path, detail)
    if code in (_READONLY, _PERM, _CANTOPEN):
        return StoreUnavailable(
            f"SQLite could not write the database {path} or its {Path(path).name}-wal and -shm files beside it "
            f"({detail}): let the account that runs Tarmac write them and their folder, then start again."
        )
    if code in (_IOERR, _FULL):
        return StoreUnavailable(f"Could not use the database {path} ({detail}): check the disk it is on (free space, "
                                "errors), then start again.")
    return None


def damaged(path: str, detail: str) -> StoreUnavailable:
    # quick_check's report starts with a "*** in database main ***" line: the sentence keeps the finding, on one line.
    detail = " ".join(line.strip() for line in detail.splitlines() if line.strip() and not line.startswith("***"))
    return StoreUnavailable(
        f"{path} is not a readable Tarmac database ({detail}); Tarmac left it untouched: restore it from a backup, "
        "or move it aside to start with an empty database."
    )
