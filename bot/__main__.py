"""`python -m bot`: load the settings, open the store, run the bot until SIGTERM/SIGINT, then stop cleanly.

With no DISCORD_TOKEN, or with `--sandbox`, it runs the same bot on a simulated Discord behind a local browser page
instead (bot/sandbox), with its own database file: a fresh install is playable before it has a token.

Whatever stops the start ends the process with exit code 2 and one sentence naming what failed and what to do, never
a traceback: a missing or malformed setting (the ConfigError sentence, which says where to put the token), a database
Tarmac cannot use (StoreUnavailable: a damaged, read-only or locked file, an unreachable PostgreSQL), a token Discord
refuses, Discord unreachable, or Discord answering an error before the connection is open (the gateway look-up). The
database is opened first, before Discord is contacted, so a database problem is never blamed on Discord. A stop
signal lets the move in flight finish (Parts.shutdown waits for every session lock), closes the database and returns
exit code 0.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.discord import TarmacBot

log = logging.getLogger("tarmac")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def install_stop_signals(bot: TarmacBot, loop: asyncio.AbstractEventLoop) -> list[asyncio.Task[None]]:
    """On SIGTERM/SIGINT start `bot.close()` once; the returned list receives that task (await it before exit)."""
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not stopping:  # a second signal while stopping changes nothing: the first close is already waiting
            log.info("stop signal received; finishing the moves in flight")
            stopping.append(loop.create_task(bot.close()))

    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop)
    return stopping


def remove_stop_signals(loop: asyncio.AbstractEventLoop) -> None:
    for sig in STOP_SIGNALS:
        loop.remove_signal_handler(sig)


async def _run(settings: Settings) -> None:
    from bot.discord import create_bot
    from bot.discord.budget import share_of_global
    from bot.store import open_store

    store = open_store(settings.store_location)
    await store.open()  # before logging in (setup_hook's open is then a no-op): see the module's docstring
    try:
        bot = create_bot(store, ai_delay=settings.ai_delay_seconds,
                         dev_guild_id=settings.dev_guild_id, remind_after=settings.reminder_hours * 3600,
                         shard_count=settings.shard_count, shard_ids=settings.shard_ids,
                         requests_per_second=settings.requests_per_second
                         or share_of_global(settings.shard_count, settings.shard_ids),
                         metrics_addr=settings.metrics_addr)
    except BaseException:
        await store.close()  # an open SQLite store's thread would keep the process alive
        raise
    loop = asyncio.get_running_loop()
    stopping = install_stop_signals(bot, loop)
    try:
        async with bot:
            try:
                await bot.start(settings.discord_token.get_secret_value())
            finally:
                if stopping:
                    await asyncio.gather(*stopping)
    finally:
        remove_stop_signals(loop)
    log.info("stopped cleanly")


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run Tarmac, the Discord game master.")
    parser.add_argument("--sandbox", action="store_true",
                        help="play in the browser on a simulated Discord (the default when no token is set)")
    parser.add_argument("--port", type=int, default=0, help="the sandbox page's port on 127.0.0.1 (default: any free)")
    return parser.parse_args(argv or [])


def main(argv: list[str] | None = None) -> int:
    from bot.config import ConfigError, MissingToken, load_settings

    args = _arguments(argv)
    try:
        settings = load_settings(require_token=not args.sandbox)
    except MissingToken:
        print("No DISCORD_TOKEN is set, so Tarmac starts its sandbox: the real bot on a simulated Discord, in your "
              "browser. Put DISCORD_TOKEN in .env (see .env.example) to run it on your server.", file=sys.stderr)
        args.sandbox = True
        try:
            settings = load_settings(require_token=False)
        except ConfigError as exc:
            print(str(exc), file=sys.stderr)
            return 2
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    _configure_logging(settings, sandbox=args.sandbox)
    from renderers.kit.faces import report_missing

    report_missing()  # a face missing here is named with its package once, at start: its characters draw as "?"
    if args.sandbox:
        return _sandbox(settings, args.port)
    try:
        asyncio.run(_run(settings))
    except Exception as exc:
        sentence = _why_the_start_failed(exc)
        if sentence is None:
            raise
        print(sentence, file=sys.stderr)
        return 2
    return 0


def _why_the_start_failed(exc: Exception) -> str | None:
    """The sentence an admin can act on for each way a start fails outside our code; None for anything else (a bug,
    which keeps its traceback)."""
    import aiohttp
    import discord

    from bot.endpoint import EndpointUnavailable
    from bot.store import StoreUnavailable

    if isinstance(exc, StoreUnavailable | EndpointUnavailable):
        return str(exc)
    if isinstance(exc, discord.LoginFailure):
        return ("Discord refused the token in DISCORD_TOKEN: copy the bot's current token from the developer portal "
                "(Bot -> Reset Token) into .env and start again.")
    if isinstance(exc, discord.GatewayNotFound):
        answer = exc.__cause__
        status = f"HTTP {answer.status}" if isinstance(answer, discord.HTTPException) else "no answer"
        return (f"Discord did not say where to connect (its gateway look-up answered {status}): Discord is probably "
                "having trouble (https://discordstatus.com); start again in a few minutes. No game was changed.")
    if isinstance(exc, discord.HTTPException):
        return (f"Discord answered HTTP {exc.status} ({exc.text or exc.response.reason}) before the connection was "
                "open: if Discord is having trouble (https://discordstatus.com) start again later, otherwise check "
                "the bot in the developer portal. No game was changed.")
    if isinstance(exc, aiohttp.ClientError | OSError):
        return (f"Could not reach Discord ({type(exc).__name__}): check this machine's network connection, then "
                "start again. No game was changed.")
    return None


def _sandbox(settings: Settings, port: int) -> int:
    # SimCord's SetupError through bot.sandbox, which quiets discord.py before SimCord is imported
    from bot.sandbox import SandboxOptions, SetupError, run_sandbox
    from bot.store import StoreUnavailable

    options = SandboxOptions(db_path=settings.sandbox_db_path, port=port, reminder_hours=settings.reminder_hours,
                             metrics_addr=settings.metrics_addr, out=lambda line: print(line, flush=True),
                             log_path=sandbox_log(settings))
    try:
        asyncio.run(run_sandbox(options))
    except StoreUnavailable as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except (OSError, SetupError) as exc:
        print(f"The sandbox could not start ({exc}); is port {port} free?", file=sys.stderr)
        return 1
    return 0


def _configure_logging(settings: Settings, *, sandbox: bool = False) -> None:
    from bot.logging_setup import configure

    configure(settings.log_level, secrets=[settings.discord_token.get_secret_value()],
              log_file=sandbox_log(settings) if sandbox else None)


def sandbox_log(settings: Settings) -> Path:
    """The sandbox's log, beside its database (var/sandbox.log): its terminal shows only warnings."""
    return settings.sandbox_db_path.with_name("sandbox.log")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
