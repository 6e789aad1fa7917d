"""How a handler reaches the session side (through the client that received the interaction, which holds the one
`Parts` of this process), what the interaction carries, and the channels the bot posts games in."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.discord.host import Host
from bot.session import Parts

PanelChannel = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel | discord.DMChannel
"""A channel a game's lobby and panels can live in: one that sends messages and edits them by id (not a forum or a
category, where /game cannot be used)."""


def parts_of(interaction: discord.Interaction) -> Parts:
    # Every interaction this process handles reaches Tarmac's own client (bot.discord.client, or the sandbox's).
    return cast(Host, interaction.client).parts


def panel_channel(channel: object) -> PanelChannel:
    """`channel` as a channel games live in; anything else is a bug (slash commands are refused elsewhere)."""
    if not isinstance(channel, PanelChannel):
        raise TypeError(f"a game cannot live in a {type(channel).__name__}")
    return channel


def payload(interaction: discord.Interaction) -> dict[str, Any]:
    """The interaction's data as a plain mapping. discord.py types it as a union of one TypedDict per kind of
    interaction; a handler knows its kind already and reads only the keys that kind has."""
    data: dict[str, Any] = dict(interaction.data or {})
    return data


def selected(interaction: discord.Interaction) -> list[str]:
    """The values a member picked in a select menu."""
    return [str(v) for v in payload(interaction).get("values") or []]
