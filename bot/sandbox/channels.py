"""Showing another channel on the sandbox's page, from the page itself: `/sandbox channel`.

SimCord's page shows one channel and has no channel list. Rather than close the page and open another (the tab
would have to be reloaded), the sandbox points the open page at the other channel and publishes it again: every
member's view follows at once, at the same address. The command exists only in the sandbox, in a group of its own,
never on a real server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.sandbox.world import CHANNELS


def point_page_at(preview: Any, channel: Any) -> None:
    """Turn the open page (every member's view of it) to `channel`: what each member saw of the old channel goes."""
    preview.channel = channel
    pages = [preview._python, *preview._pages.values()]
    for page in pages:
        preview._clear_page_assets(page)
        page.channel_id = channel.id
        page.target_id = preview._initial_target(page.viewer, channel.id)
        page.window_end_id = None  # the newest messages, as a channel opens
        page.modal = None
        page.modal_handle = None
        page.pinned_snapshot = None
        page.pinned_generation = None
        page.navigation_query = ""
        page.navigation_cursor = None
        page.message_references.clear()
        page.referenced_messages.clear()
        page.candidate_queries.clear()
        page.disabled_candidates.clear()


def channel_command(show: Callable[[str], None]) -> app_commands.Group:
    """The `/sandbox` group: `channel` asks for the chosen channel, which the sandbox shows once the command's own
    page action is over (`show` only records the wish: the page is not turned in the middle of an action)."""
    group = app_commands.Group(name="sandbox", description="The sandbox itself: which channel the page shows")

    @group.command(name="channel", description="Show another channel on this page")
    @app_commands.describe(name="The channel to show")
    @app_commands.choices(name=[app_commands.Choice(name=f"#{n}", value=n) for n in CHANNELS])
    async def channel(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"Showing #{name} on this page.", ephemeral=True)
        show(name)

    return group
