"""`/tarmac settings`: a server's own settings, shown as one panel and changed by the options given (members who may
manage the server), and the sentences with which the other commands refuse what a setting forbids. The settings
themselves, and what each one allows, are bot/session/server_settings.py."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.answered import command
from bot.discord.commands import DEADLINE_CHOICES
from bot.discord.limits import fit
from bot.discord.panel import COLOUR
from bot.discord.reach import parts_of
from bot.discord.server_checks import channel_list
from bot.ratings.rated import RATED_OPTION
from bot.session import Parts, Refusal
from bot.session.server_settings import (
    MAX_GAME_CHANNELS,
    ServerSettings,
    save_server_settings,
    server_settings,
)

RATED_CHOICES = [app_commands.Choice(name=c.label, value=c.value) for c in RATED_OPTION.choices]
CLEARABLE = {"game_channels": "games channels (games open anywhere again)", "host_role": "host role",
             "reminder_hours": "reminder hours (the bot's default again)", "notice_channel": "notice channel"}

CLEAR_CHOICES = [app_commands.Choice(name=v, value=k) for k, v in CLEARABLE.items()]


def settings_lines(settings: ServerSettings, default_reminder_hours: float) -> list[str]:
    """The panel: every setting with its value now and the option that changes it."""
    rated = next(c.label for c in RATED_OPTION.choices if c.value == settings.rated)
    reminders = settings.reminder_hours
    if reminders is None:
        reminder_text = f"after {default_reminder_hours:g} hours of quiet (the bot's default)"
    else:
        reminder_text = "off" if reminders == 0 else f"after {reminders:g} hours of quiet"
    return [
        "**Games open in** (`games_channel`, `remove_games_channel`): "
        + (channel_list(settings.game_channels) if settings.game_channels else "any channel where I may post"),
        f"**New games open in a thread** (`threads`): {'yes' if settings.threads else 'no'}",
        "**Host role** (`host_role`): " + (f"<@&{settings.host_role}>, whose members open games and use /game host "
                                           "in any game" if settings.host_role else "none: anyone opens games"),
        "**Turn deadline of a new game** (`deadline`): "
        + (f"{settings.deadline_hours} hours" if settings.deadline_hours else "none"),
        f"**Reminders in a new game** (`reminder_hours`): {reminder_text}",
        f"**Rated, in a new lobby** (`rated`): {rated}",
        f"**AI seats** (`ai_seats`): {'may be added' if settings.ai_seats else 'off: every seat needs a member'}",
        "**Where I say I restarted or could not post** (`notice_channel`): "
        + (f"<#{settings.notice_channel}>" if settings.notice_channel else "nowhere"),
    ]


@app_commands.default_permissions(manage_guild=True)
class TarmacCommands(app_commands.Group, name="tarmac", description="Run Tarmac on this server", guild_only=True):
    """/tarmac: the server's own controls, apart from /game (which is nearly full)."""

    def __init__(self, parts: Parts, *, default_reminder_hours: float = 12.0) -> None:
        super().__init__()
        self.parts = parts
        self.default_reminder_hours = default_reminder_hours

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        from bot.discord.replies import answer_failure

        await answer_failure(interaction, error)

    @command("settings", "This server's settings for Tarmac: shown as they are, changed by the options you give")
    @app_commands.describe(
        games_channel="Add a channel where games may open (none set: anywhere)",
        remove_games_channel="Take a channel off the list of games channels",
        threads="Whether /game new opens a thread when the member does not say",
        host_role="The role whose members open games (with channel managers) and act as host in any game",
        deadline="The turn deadline a new game starts with",
        reminder_hours="Hours of quiet before a reminder in a new game (0: none)",
        rated="Whether a new lobby starts rated",
        ai_seats="Whether AI seats may be added to a lobby",
        notice_channel="Where I say I restarted or could not post a game's board",
        clear="Set one of these back to its default",
    )
    @app_commands.choices(deadline=DEADLINE_CHOICES)
    @app_commands.choices(rated=RATED_CHOICES, clear=CLEAR_CHOICES)
    async def settings(
        self, interaction: discord.Interaction, games_channel: discord.TextChannel | None = None,
        remove_games_channel: discord.TextChannel | None = None, threads: bool | None = None,
        host_role: discord.Role | None = None, deadline: app_commands.Choice[int] | None = None,
        reminder_hours: app_commands.Range[float, 0, 720] | None = None,
        rated: app_commands.Choice[str] | None = None, ai_seats: bool | None = None,
        notice_channel: discord.TextChannel | None = None, clear: app_commands.Choice[str] | None = None,
    ) -> None:
        guild_id = interaction.guild_id or 0
        store = parts_of(interaction).store
        settings = await server_settings(store, guild_id)
        changes: dict[str, Any] = {}
        if games_channel is not None and games_channel.id not in settings.game_channels:
            if len(settings.game_channels) >= MAX_GAME_CHANNELS:
                raise Refusal(f"A server names at most {MAX_GAME_CHANNELS} games channels; remove one first.")
            changes["game_channels"] = [*settings.game_channels, games_channel.id]
        if remove_games_channel is not None:
            kept = changes.get("game_channels", settings.game_channels)
            changes["game_channels"] = [c for c in kept if c != remove_games_channel.id]
        for key, value in (("threads", threads), ("ai_seats", ai_seats), ("reminder_hours", reminder_hours),
                           ("host_role", host_role.id if host_role else None),
                           ("deadline_hours", deadline.value if deadline else None),
                           ("rated", rated.value if rated else None),
                           ("notice_channel", notice_channel.id if notice_channel else None)):
            if value is not None:
                changes[key] = value
        if clear is not None:
            changes[clear.value] = ServerSettings.model_fields[clear.value].get_default(call_default_factory=True)
        if changes:
            perms = interaction.permissions
            if not (perms and perms.manage_guild):
                raise Refusal("Only members who may manage this server change its settings.")
            settings = settings.model_copy(update=changes)
            await save_server_settings(store, guild_id, settings)
        title = "Server settings — changed" if changes else "Server settings"
        embed = discord.Embed(title=title, colour=COLOUR,
                              description="\n".join(settings_lines(settings, self.default_reminder_hours)))
        embed.set_footer(text="Each holds at once. The deadline, reminders and Rated are a new lobby's defaults: "
                              "lobbies and games already open keep their own.")
        await interaction.response.send_message(**fit(embed=embed), ephemeral=True)
