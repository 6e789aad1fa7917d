"""A throwaway PostgreSQL server for tests and benchmarks: Debian's server binaries, a data folder in /tmp, a Unix
socket only (never a TCP port).

initdb and postgres refuse to run as root; as root we run them as the `postgres` system user (created by Debian's
package) through runuser. For tests fsync is off (they check behaviour; a crash of a test server loses nothing);
benchmarks ask for `durable=True`, so their figures include the fsync of every commit as a real server's would.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def server_bin_dir() -> Path | None:
    """Where initdb and pg_ctl are, or None when the server is not installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    return None


class PostgresServer:
    def __init__(self, bin_dir: Path, *, durable: bool = False) -> None:
        self.bin_dir = bin_dir
        self.durable = durable
        self.base = Path(tempfile.mkdtemp(prefix="tarmac-pg-"))
        self.data = self.base / "data"
        self.socket_dir = self.base / "sock"
        self.user = "tarmac"
        self._as_root = os.geteuid() == 0

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, text=True, timeout=120)

    def start(self) -> None:
        self.socket_dir.mkdir()
        if self._as_root:
            os.chmod(self.base, 0o755)
            shutil.chown(self.base, "postgres")
            shutil.chown(self.socket_dir, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "--no-sync", "-E", "UTF8")
        options = f"-k {self.socket_dir} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.base / "log"), "-w", "start")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.socket_dir}"

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
