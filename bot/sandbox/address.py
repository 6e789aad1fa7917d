"""The sandbox page's address (port and secret) kept beside its database, so a tab left open keeps working when the
sandbox is started again. The secret is a password to the sandbox: the file is readable by its owner only."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tarmac.sandbox")


@dataclass(frozen=True)
class PageAddress:
    port: int = 0  # 0: any free port
    secret: str | None = None  # None: SimCord makes a new one


def address_file(db_path: Path) -> Path:
    return db_path.with_name(db_path.stem + "-page.json")


def load_address(path: Path) -> PageAddress:
    """The stored address, or a fresh one when there is none or it cannot be read (the page then moves)."""
    try:
        data = json.loads(path.read_text())
        port, secret = data["port"], data["secret"]
        if isinstance(port, int) and 0 < port < 65536 and isinstance(secret, str) and len(secret) >= 32:
            return PageAddress(port, secret)
    except FileNotFoundError:
        return PageAddress()
    except (OSError, ValueError, KeyError, TypeError):
        pass
    log.info("the stored sandbox address could not be read; the page gets a new one", extra={"path": str(path)})
    return PageAddress()


def save_address(path: Path, address: PageAddress) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # a file left from before with wider rights is narrowed too
    with os.fdopen(fd, "w") as out:
        json.dump({"port": address.port, "secret": address.secret}, out)
