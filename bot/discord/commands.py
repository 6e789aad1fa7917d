"""The /game command group. Each command parses the interaction, asks the service, and replies; no rules here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.lobby import lobby_action, lobby_message
from bot.discord.panel import turn_message
from bot.discord.presenter import private_message
from bot.discord.replies import run_for_player, tell
from bot.service import GameService, Refusal


def _service(interaction: discord.Interaction) -> GameService:
    return interaction.client.service  # type: ignore[attr-defined,no-any-return]


def build_group(games: list[tuple[str, str]]) -> app_commands.Group:
    """games: (name, title) of every game the service offers, for the `game` choice of /game new."""
    group = app_commands.Group(name="game", description="Play airplane board games in this channel",
                               guild_only=True)
    choices = [app_commands.Choice(name=title[:100], value=name) for name, title in games[:25]]

    @group.command(name="new", description="Open a lobby for a new game in this channel (or a new thread)")
    @app_commands.describe(game="Which game to play", thread="Open a thread for this game")
    @app_commands.choices(game=choices)
    async def new(interaction: discord.Interaction, game: app_commands.Choice[str], thread: bool = False) -> None:
        async def act() -> None:
            service = _service(interaction)
            engine = service.game(game.value)
            channel: Any = interaction.channel
            if thread:
                if not isinstance(channel, discord.TextChannel):
                    raise Refusal("Threads can only be opened from a text channel.")
                channel = await channel.create_thread(name=f"{engine.title} game"[:100],
                                                      type=discord.ChannelType.public_thread)
            session = await service.open_lobby(guild_id=interaction.guild_id or 0, channel_id=channel.id,
                                               game=game.value, host_id=interaction.user.id,
                                               host_name=interaction.user.display_name)
            if thread:
                message = await channel.send(**lobby_message(session, engine))
                await interaction.response.send_message(f"Your {engine.title} lobby is open in {channel.mention}.")
            else:
                await interaction.response.send_message(**lobby_message(session, engine))
                message = await interaction.original_response()
            await service.store.set_messages(session.id, board_message_id=None, panel_message_id=message.id)

        await run_for_player(interaction, act)

    async def here(interaction: discord.Interaction, action: str) -> None:
        async def act() -> None:
            session = await _service(interaction).session_here(interaction.channel_id or 0)
            if action != "cancel" and session.status != "lobby":
                raise Refusal("The game has already started.")
            await lobby_action(interaction, session.id, action)

        await run_for_player(interaction, act)

    @group.command(name="join", description="Take a seat in the lobby of this channel")
    async def join(interaction: discord.Interaction) -> None:
        await here(interaction, "join")

    @group.command(name="leave", description="Leave the lobby of this channel")
    async def leave(interaction: discord.Interaction) -> None:
        await here(interaction, "leave")

    @group.command(name="start", description="Start the game in this channel (host only)")
    async def start(interaction: discord.Interaction) -> None:
        await here(interaction, "start")

    @group.command(name="cancel", description="Cancel the game in this channel (host or channel managers)")
    async def cancel(interaction: discord.Interaction) -> None:
        await here(interaction, "cancel")

    @group.command(name="board", description="Show the current board of this channel's game")
    async def board(interaction: discord.Interaction) -> None:
        async def act() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            update = await _service(interaction).board(interaction.channel_id or 0)
            kwargs = turn_message(update)
            kwargs.pop("view", None)  # the live panel is the newest channel message; this copy is for looking
            kwargs.pop("allowed_mentions", None)
            await interaction.followup.send(ephemeral=True, **kwargs)

        await run_for_player(interaction, act)

    @group.command(name="hand", description="See your own hand in this channel's game (only you see it)")
    async def hand(interaction: discord.Interaction) -> None:
        async def act() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            update = await _service(interaction).hand(interaction.channel_id or 0, interaction.user.id)
            await interaction.followup.send(ephemeral=True, **private_message(update, in_dm=False))  # type: ignore[arg-type]

        await run_for_player(interaction, act)

    @group.command(name="status", description="Who plays, whose turn it is and the game state")
    async def status(interaction: discord.Interaction) -> None:
        async def act() -> None:
            service = _service(interaction)
            session = await service.session_here(interaction.channel_id or 0, statuses=("lobby", "active", "finished"))
            engine = service.game(session.game)
            players = ", ".join(f"{s.name}{' (AI)' if s.is_ai else ''}" for s in session.seats)
            text = f"**{engine.title}**: {session.status}. Players: {players}."
            if session.status == "active":
                update = await service.turn_update(session, await service._state(session), [], render=False)
                waiting = ", ".join(service.seat_name(session, d.seat) for d in update.decisions)
                text += f" Move {update.version}; waiting for {waiting or 'nobody'}."
            await tell(interaction, text[:2000])

        await run_for_player(interaction, act)

    @group.command(name="log", description="The latest public events of this channel's game")
    @app_commands.describe(count="How many moves to show (1-50)")
    async def log(interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        async def act() -> None:
            service = _service(interaction)
            session, lines = await service.log_lines(interaction.channel_id or 0, count)
            text = "\n".join(f"`{line.version:>3}` {line.text}" for line in lines) or "Nothing has happened yet."
            embed = discord.Embed(title=f"Game log — last {count} moves", description=text[-4000:])
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await run_for_player(interaction, act)

    @group.command(name="rules", description="Rules help for a game, by topic")
    @app_commands.describe(game="Which game", topic="Which part of the rules")
    @app_commands.choices(game=choices)
    async def rules(interaction: discord.Interaction, game: app_commands.Choice[str], topic: str | None = None) -> None:
        async def act() -> None:
            pages = _service(interaction).rules(game.value)
            if not pages:
                raise Refusal("This game has no rules pages yet.")
            key = topic if topic in pages else next(iter(pages))
            embed = discord.Embed(title=f"{game.name} — {key}"[:256], description=pages[key][:4096])
            if topic and topic not in pages:
                topics = ", ".join(pages)
                embed.set_footer(text=f"No topic '{topic[:50]}'; showing the overview. Topics: {topics}"[:2048])
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await run_for_player(interaction, act)

    @rules.autocomplete("topic")
    async def rules_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None)
        service = _service(interaction)
        names = [name] if name in service.games else list(service.games)
        topics = [t for n in names for t in service.rules(n)]
        return [app_commands.Choice(name=t[:100], value=t[:100]) for t in topics if current.lower() in t.lower()][:25]

    @group.command(name="resign", description="Resign: ends this channel's game for everyone")
    async def resign(interaction: discord.Interaction) -> None:
        async def act() -> None:
            await _service(interaction).resign(interaction.channel_id or 0, interaction.user.id)
            await tell(interaction, f"{interaction.user.mention} resigned; the game is over.", ephemeral=False)

        await run_for_player(interaction, act)

    @group.command(name="play", description="Type a move instead of clicking (autocomplete shows legal ones)")
    @app_commands.describe(text="The move, as the suggestions show it")
    async def play(interaction: discord.Interaction, text: str) -> None:
        async def act() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            steps = await _service(interaction).play_text(interaction.channel_id or 0, interaction.user.id, text)
            await interaction.followup.send(f"Done ({steps} step{'s' if steps != 1 else ''}).", ephemeral=True)

        await run_for_player(interaction, act)

    @play.autocomplete("text")
    async def play_suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        found = await _service(interaction).suggestions(interaction.channel_id or 0, interaction.user.id, current)
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in found][:25]

    return group
