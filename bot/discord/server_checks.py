"""What a server setting forbids outside /tarmac settings itself, and the sentence that names the setting: games
open only in the games channels, and only members with the host role (or channel managers) open them when one is
set. The Discord layer's part (it writes the mentions); what each setting allows is bot/session/server_settings.py."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.reach import parts_of
from bot.discord.replies import Said
from bot.naming import escape
from bot.session.server_settings import ServerSettings, server_settings


def channel_list(ids: list[int]) -> str:
    """Channels as Discord shows mentions: "#a", "#a or #b", "#a, #b or #c"."""
    shown = [f"<#{i}>" for i in ids]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def not_here(settings: ServerSettings) -> str:
    return f"Games open only in {channel_list(settings.game_channels)} on this server."


def not_a_host(role_name: str) -> str:
    # By name: a refusal's text is kept from pinging anyone, which would show a role's mention as its raw id.
    return f"On this server only members with the role @{role_name} (or who may manage the channel) open games."


async def check_may_open(interaction: discord.Interaction, channel: Any, *, manager: bool) -> ServerSettings:
    """Refuse `/game new` here when a server setting forbids it (naming the setting's channels or role); the settings
    otherwise, for the defaults they give."""
    settings = await server_settings(parts_of(interaction).store, interaction.guild_id)
    parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
    if not settings.may_open_in(getattr(channel, "id", 0), parent):
        raise Said(not_here(settings))
    if not settings.may_host([r.id for r in getattr(interaction.user, "roles", [])], manager=manager):
        role = interaction.guild.get_role(settings.host_role or 0) if interaction.guild else None
        raise Said(not_a_host(escape(role.name) if role else "chosen in /tarmac settings"))
    return settings

