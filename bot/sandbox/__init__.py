"""The sandbox: the real bot (create_bot, its commands, the session parts and a SQLite store) on a simulated Discord
(SimCord), played in the browser through SimCord's Preview page. `python -m bot` starts it when no token is set."""

from bot.sandbox.runner import SandboxOptions, run_sandbox

__all__ = ["SandboxOptions", "run_sandbox"]
