"""Run by test_recovery.py: the bot on SimCord in its own process, killed with SIGKILL right after a move is saved
and before its panel is posted (the worst moment for the players).

Usage: python -m tests.bot.crash_bot_child DB_PATH. Prints "saved" just before it dies.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

from bot.discord import create_bot
from bot.store import SqliteStore
from tests.bot.helpers import latest_panel, make_table, mentioned_actor, start_with_all
from tests.support.patience import PatientEnv
from tests.support.toy_game import GAME as TOY


async def main(path: str) -> None:
    bot = create_bot(SqliteStore(path), games={"toy": TOY}, ai_delay=0.0)
    env = PatientEnv(bot)
    await env.start()
    table = make_table(env)  # the parent builds the same table in the same order: SimCord gives the same ids
    await start_with_all(table)
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")  # one move that went through completely

    async def die(_update: Any) -> None:  # record_move has returned: the move is in the database
        print("saved", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    bot.parts.presenter.show_turn = die  # type: ignore[union-attr,method-assign]
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
