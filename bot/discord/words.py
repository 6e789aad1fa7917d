"""Boards in words on Discord: a description (renderers/words.py) as embeds a member reads, or a screen
reader reads out. Cut nowhere: a long one goes out in several embeds, and several messages where one message cannot
hold them all (Discord's limits, bot/discord/limits.py)."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.limits import EMBED_DESCRIPTION, EMBED_TOTAL, EMBEDS, fit, paragraphs
from bot.discord.panel import COLOUR
from bot.naming import escape


def words_embeds(text: str, title: str | None = None) -> list[discord.Embed]:
    """`text` in embeds of whole lines, each within an embed's description; names and words shown as typed."""
    pieces = paragraphs(escape(text), EMBED_DESCRIPTION, "\n")
    return [discord.Embed(title=title if n == 0 else None, description=piece, colour=COLOUR)
            for n, piece in enumerate(pieces)]


def words_messages(text: str, title: str) -> list[dict[str, Any]]:
    """The keyword arguments of the messages that carry `text` whole: as many embeds a message as one may hold."""
    messages: list[list[discord.Embed]] = []
    used = 0
    for embed in words_embeds(text, title):
        size = len(embed.title or "") + len(embed.description or "")
        if not messages or len(messages[-1]) == EMBEDS or used + size > EMBED_TOTAL:
            messages.append([])
            used = 0
        messages[-1].append(embed)
        used += size
    return [fit(embeds=embeds) for embeds in messages]
