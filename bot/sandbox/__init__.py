"""The sandbox: the real bot (create_bot, its commands, the session parts and a SQLite store) on a simulated Discord
(SimCord), played in the browser through SimCord's Preview page. `python -m bot` starts it when no token is set."""

import logging

# discord.py's start-up warnings (no voice libraries; a state built without the guilds intent) say nothing about the
# bot and would only worry whoever tries the sandbox: there is no real Discord to warn about. They are quieted before
# SimCord is imported, because importing it builds a probe client that logs them already.
for _name in ("discord.client", "discord.state"):
    logging.getLogger(_name).setLevel(logging.ERROR)

from simcord.backend.errors import SetupError  # noqa: E402

from bot.sandbox.runner import SandboxOptions, run_sandbox  # noqa: E402

__all__ = ["SandboxOptions", "SetupError", "run_sandbox"]
