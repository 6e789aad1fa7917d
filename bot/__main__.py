"""`python -m bot`: load the settings, open the store, run the bot until SIGTERM/SIGINT, then stop cleanly.

A missing or malformed setting ends the process at once with exit code 2 and the ConfigError sentence (which says
where to put the token), never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

log = logging.getLogger("tarmac")


async def _run() -> None:
    from bot.config import load_settings
    from bot.discord import create_bot
    from bot.store import open_store

    settings = load_settings()
    store = open_store(settings.db_path)
    bot = create_bot(store, ai_delay=settings.ai_delay_seconds, dev_guild_id=settings.dev_guild_id)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        # close() waits for the moves in flight (the session locks) and closes the database.
        loop.add_signal_handler(sig, lambda: stopping.append(loop.create_task(bot.close())))
    async with bot:
        try:
            await bot.start(settings.discord_token.get_secret_value())
        finally:
            if stopping:
                await asyncio.gather(*stopping)
    log.info("stopped cleanly")


def main() -> int:
    from bot.config import ConfigError

    try:
        from bot.config import load_settings

        settings = load_settings()
    except ConfigError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    _configure_logging(settings.log_level)
    asyncio.run(_run())
    return 0


def _configure_logging(level: str) -> None:
    try:
        from bot.logging_setup import configure  # type: ignore[attr-defined]
    except ImportError:
        logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    else:
        configure(level)


if __name__ == "__main__":
    sys.exit(main())
