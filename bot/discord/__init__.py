"""The Discord layer: thin adapters from interactions to the session parts (bot.session.Parts), and everything
worded or marked up for Discord."""

from bot.discord.client import TarmacBot, create_bot

__all__ = ["TarmacBot", "create_bot"]
