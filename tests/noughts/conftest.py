"""The bot tests' fixtures (tests/bot/conftest.py: a bot on SimCord with a store on a tmp file, a fixed seed, every
request checked against Discord's spec), for this game's own bot test, test_on_discord.py."""

from tests.bot.conftest import _requests_valid, bot_seed, db_path, make_bot, simcord_bot

__all__ = ["_requests_valid", "bot_seed", "db_path", "make_bot", "simcord_bot"]
