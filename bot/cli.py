"""The `tarmac` command (pyproject's [project.scripts]): with no subcommand it runs the bot exactly as
`python -m bot` does (same options, same exit codes); its subcommands are an admin's tools.

    tarmac [--sandbox] [--port N]   run the bot (the sandbox without a token)
    tarmac doctor                   check the set-up: one sentence per finding, exit 1 if any
    tarmac backup [PATH]            a private copy of the SQLite database, or the pg_dump command to run
    tarmac ratings rebuild          recompute every rating from the stored results

Each reads the same settings (.env and the environment) as the bot. A bad setting ends with exit code 2 and its
sentence, as at a start.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import ConfigError, Settings, load_settings

SUBCOMMANDS = ("doctor", "backup", "ratings")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tarmac", description="Tarmac, the Discord game master. With no command "
                                     "it runs the bot, as `python -m bot` does (--sandbox, --port).")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("doctor", help="check the token, the channels' permissions, the database, fonts and disk")
    backup = commands.add_parser("backup", help="back the database up into a private file (SQLite), or print the "
                                 "pg_dump command (PostgreSQL)")
    backup.add_argument("path", nargs="?", type=Path, help="the new file (default: var/backups/<db>-<time>.sqlite3)")
    ratings = commands.add_parser("ratings", help="the ratings: `ratings rebuild` recomputes them from the results")
    ratings.add_argument("action", choices=["rebuild"])
    return parser


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in (*SUBCOMMANDS, "-h", "--help"):
        from bot.__main__ import main as run_bot

        return run_bot(args)
    parsed = _parser().parse_args(args)
    if parsed.command is None:
        return 0  # --help was printed
    try:
        settings = load_settings(require_token=False)
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if parsed.command == "doctor":
        from bot.doctor import doctor

        return asyncio.run(doctor(settings))
    if parsed.command == "backup":
        return _backup(settings, parsed.path)
    return asyncio.run(_rebuild_ratings(settings))


def _backup(settings: Settings, path: Path | None) -> int:
    from bot.backup import BackupError, backup_sqlite, default_path, pg_dump_command

    if settings.database_url.strip():
        target = str(path or "tarmac.dump")
        print("The games are in PostgreSQL: back them up with this command, on a machine that may reach the "
              "database (the password comes from ~/.pgpass or PGPASSWORD):")
        print(pg_dump_command(settings.database_url.strip(), target))
        return 0
    target_path = path or default_path(settings.db_path)
    try:
        sessions = backup_sqlite(settings.db_path, target_path)
    except BackupError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(f"Backed up {settings.db_path} into {target_path} ({sessions} games, readable by this account only).")
    return 0


async def _rebuild_ratings(settings: Settings) -> int:
    from bot.ratings import Ratings
    from bot.store import StoreUnavailable, open_store
    from engine import registry

    store = open_store(settings.store_location)
    try:
        await store.open()
    except StoreUnavailable as exc:
        print(str(exc), file=sys.stderr)
        return 2
    try:
        ratings = Ratings(store, {name: registry.get(name) for name in registry.names()})
        await ratings.rebuild()
        results = await store.results()
    finally:
        await store.close()
    rated = sum(1 for r in results if r.rated)
    print(f"Ratings rebuilt from {len(results)} results ({rated} rated).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
