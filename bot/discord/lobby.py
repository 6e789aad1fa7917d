"""The lobby message: who sits where, the game's seat limits and options, and the buttons to fill it.

Buttons and option selects are DynamicItems keyed by session id, so a lobby survives a restart too.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from bot.discord.replies import run_for_player, tell
from bot.service import GameService, PostFailed, Refusal
from bot.store import SessionRow
from engine.core import Game

COLOUR = discord.Colour.from_rgb(240, 170, 40)
ACTIONS = {"join": "Join", "leave": "Leave", "ai": "Add AI", "start": "Start", "cancel": "Cancel"}
STYLES = {"join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
          "cancel": discord.ButtonStyle.danger}


def may_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


def lobby_embed(session: SessionRow, game: Game) -> discord.Embed:
    status = {"lobby": "Waiting for players", "active": "Started", "cancelled": "Cancelled"}.get(
        session.status, session.status)
    embed = discord.Embed(title=f"{game.title} — lobby", colour=COLOUR,
                          description=f"{status}. {game.min_players}–{game.max_players} players. "
                                      f"Host: <@{session.host_id}>.")
    seats = "\n".join(
        f"{s.seat + 1}. {s.name} (AI)" if s.is_ai else f"{s.seat + 1}. <@{s.user_id}>" for s in session.seats
    ) or "nobody yet"
    embed.add_field(name=f"Seats ({len(session.seats)}/{game.max_players})", value=seats[:1024], inline=False)
    for spec in game.option_specs:
        value = session.options.get(spec.key, spec.default)
        label = next((c.label for c in spec.choices if c.value == value), value)
        embed.add_field(name=spec.label[:256], value=label[:1024], inline=True)
    return embed


def lobby_view(session: SessionRow, game: Game) -> discord.ui.View | None:
    if session.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for key in ACTIONS:
        view.add_item(LobbyButton(session.id, key))
    # Four rows are left for option selects (the buttons take the first); more options stay at their defaults.
    for row, spec in enumerate(game.option_specs[:4], start=1):
        current = session.options.get(spec.key, spec.default)
        options = [discord.SelectOption(label=c.label[:100], value=c.value[:100], default=c.value == current)
                   for c in spec.choices[:25]]
        view.add_item(LobbyOption(session.id, spec.key, options, spec.label, row))
    return view


def lobby_message(session: SessionRow, game: Game) -> dict[str, Any]:
    return {"embed": lobby_embed(session, game), "view": lobby_view(session, game)}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tl:(?P<sid>\d+):(?P<act>[a-z]+)"):
    def __init__(self, sid: int, action: str) -> None:
        super().__init__(discord.ui.Button(label=ACTIONS.get(action, action), custom_id=f"tl:{sid}:{action}",
                                           style=STYLES.get(action, discord.ButtonStyle.secondary), row=0))
        self.sid, self.action = sid, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> LobbyButton:
        return cls(int(match["sid"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_for_player(interaction, lambda: lobby_action(interaction, self.sid, self.action),
                             session_id=self.sid)


class LobbyOption(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"to:(?P<sid>\d+):(?P<key>[\w.-]+)"):
    def __init__(self, sid: int, key: str, options: list[discord.SelectOption] | None = None,
                 label: str = "", row: int = 1) -> None:
        super().__init__(discord.ui.Select(custom_id=f"to:{sid}:{key}"[:100], placeholder=label[:150] or None,
                                           options=options or [discord.SelectOption(label="-")], row=row))
        self.sid, self.key = sid, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> LobbyOption:
        return cls(int(match["sid"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service  # type: ignore[attr-defined]

        async def act() -> None:
            value = ((interaction.data or {}).get("values") or [""])[0]  # type: ignore[union-attr]
            session = await service.set_option(self.sid, interaction.user.id, self.key, str(value),
                                               manager=may_manage(interaction))
            await interaction.response.edit_message(**lobby_message(session, service.game(session.game)))

        await run_for_player(interaction, act, session_id=self.sid)


async def lobby_action(interaction: discord.Interaction, sid: int, action: str) -> None:
    """Join / leave / add AI / start / cancel, shared by the buttons and the slash commands."""
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    user = interaction.user
    manager = may_manage(interaction)
    from_button = interaction.type == discord.InteractionType.component
    if action == "start":
        if from_button:
            await interaction.response.defer()
        else:
            await interaction.response.send_message("Starting the game…")
        try:
            session = await service.start(sid, user.id, manager=manager)
        except PostFailed:
            # The game did start; only its first panel is missing. The lobby must stop offering Start.
            fresh = await service.store.get_session(sid)
            if fresh is not None:
                await refresh_lobby(interaction, fresh)
            raise
        await refresh_lobby(interaction, session)
        return
    if action == "join":
        session = await service.join(sid, user.id, user.display_name)
    elif action == "leave":
        session = await service.leave(sid, user.id)
    elif action == "ai":
        session = await service.add_ai(sid, user.id)
    elif action == "cancel":
        session = await service.cancel(sid, user.id, manager=manager)
    else:
        raise Refusal("That lobby button no longer exists.")
    game = service.game(session.game)
    if from_button:
        await interaction.response.edit_message(**lobby_message(session, game))
    else:
        await tell(interaction, {"join": "You joined the lobby.", "leave": "You left the lobby.",
                                 "ai": "An AI player joined.", "cancel": "The game is cancelled."}[action],
                   ephemeral=action not in ("cancel", "ai"))
        await refresh_lobby(interaction, session)


async def refresh_lobby(interaction: discord.Interaction, session: SessionRow) -> None:
    """Bring the lobby message up to date after a change that did not come from its own buttons."""
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    if session.panel_message_id is None or interaction.channel is None:
        return
    fresh = await service.store.get_session(session.id)
    if fresh is None:
        return
    message = interaction.channel.get_partial_message(session.panel_message_id)  # type: ignore[union-attr]
    # If the lobby message was deleted the game goes on without it.
    with contextlib.suppress(discord.HTTPException):
        await message.edit(**lobby_message(fresh, service.game(fresh.game)))
