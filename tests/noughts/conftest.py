"""The bot tests' fixtures (tests/bot/conftest.py: a bot on SimCord with a store on a tmp file, a fixed seed), for
this game's own bot test, test_on_discord.py, which also takes the check of every request the bot made."""

from tests.bot.conftest import bot_seed, db_path, make_bot, simcord_bot

__all__ = ["bot_seed", "db_path", "make_bot", "simcord_bot"]
