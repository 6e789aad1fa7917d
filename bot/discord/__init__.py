"""The Discord layer: thin adapters from interactions to the GameService."""

from bot.discord.client import TarmacBot, create_bot

__all__ = ["TarmacBot", "create_bot"]
