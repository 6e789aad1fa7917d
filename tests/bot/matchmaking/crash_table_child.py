"""Run by test_queue_crash.py: the bot on SimCord in its own process, killed with SIGKILL when the last member of a
queue table confirms, after the table is marked started and before its lobby is made (the moment a table and its
members' entries could be lost).

Usage: python -m tests.bot.matchmaking.crash_table_child DB_PATH. Prints the table's thread id, then "started" just
before it dies.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

from bot.discord import create_bot
from bot.store import SqliteStore
from engine import registry
from tests.bot.helpers import make_table
from tests.support.patience import PatientEnv

NAMES = ("ana", "bo")


async def main(path: str) -> None:
    bot = create_bot(SqliteStore(path), games={"planes": registry.get("planes")}, ai_delay=0.0)
    env = PatientEnv(bot)
    await env.start()
    table = make_table(env, NAMES)  # the parent builds the same table in the same order: SimCord gives the same ids
    for member in table.players:
        await member.slash(table.channel, "lfg join", game="planes", seats="2")
    [thread] = table.channel.threads
    print(thread.id, flush=True)
    [asked] = thread.history()
    await table.players[0].click(asked, label="Confirm my seat")

    async def die(**_seat: Any) -> None:  # lfg_start_table has returned: the table is started in the database
        print("started", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    bot.parts.lobby.open_lobby = die  # type: ignore[method-assign,assignment]
    await table.players[1].click(asked, label="Confirm my seat")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
