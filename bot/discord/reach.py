"""How a handler reaches the session side: through the client that received the interaction, which holds the one
`Parts` of this process."""

from __future__ import annotations

import discord

from bot.session import Parts


def parts_of(interaction: discord.Interaction) -> Parts:
    return interaction.client.parts  # type: ignore[attr-defined,no-any-return]
