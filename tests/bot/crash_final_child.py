"""Run by test_recovery.py: the bot on SimCord in its own process, killed with SIGKILL while it draws the final
replay of a game it has just finished: the move that ended the game (and its result) is saved, the final message
not posted.

Usage: python -m tests.bot.crash_final_child DB_PATH. Prints "saved" just before it dies.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

import bot.session.replays as replays
from bot.discord import create_bot
from bot.store import SqliteStore
from tests.bot.helpers import latest_panel, make_table, mentioned_actor, start_with_all
from tests.support.patience import PatientEnv
from tests.support.toy_game import GAME as TOY
from tests.support.toy_pictures import picture_toy

PASSES = 4
"""Passes in a row that end a two-player toy game."""


async def main(path: str) -> None:
    bot = picture_toy(create_bot(SqliteStore(path), games={"toy": TOY}, ai_delay=0.0))
    env = PatientEnv(bot)
    await env.start()
    table = make_table(env)  # the parent builds the same table in the same order: SimCord gives the same ids
    await start_with_all(table)
    for _ in range(PASSES - 1):
        panel = latest_panel(table.channel)
        await mentioned_actor(table, panel).click(panel, label="Pass")

    def die(*_args: Any, **_kwargs: Any) -> bytes:  # in the worker thread drawing the final replay's GIF
        print("saved", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("killed")

    replays.gif = die  # type: ignore[assignment]
    panel = latest_panel(table.channel)
    await mentioned_actor(table, panel).click(panel, label="Pass")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
