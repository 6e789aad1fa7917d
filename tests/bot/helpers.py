"""Small helpers shared by the end-to-end tests: a table of members, the newest panel, who must click."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import discord
from simcord import Env, MemberActor
from simcord.builders import ChannelHandle, GuildHandle

from bot.discord import TarmacBot


@dataclass
class Table:
    env: Env
    guild: GuildHandle
    channel: ChannelHandle
    players: list[MemberActor]

    @property
    def bot(self) -> TarmacBot:
        return self.env.bot  # type: ignore[return-value]

    def by_id(self, user_id: int) -> MemberActor:
        return next(p for p in self.players if p.id == user_id)


def make_table(env: Env, names: tuple[str, ...] = ("alice", "bob")) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, guild, channel, players)


async def open_lobby(table: Table, game: str = "toy") -> discord.Message:
    result = await table.players[0].slash(table.channel, "game new", game=game)
    assert result.response is not None
    return result.response.message


async def start_with_all(table: Table, game: str = "toy", *, ai: int = 0) -> None:
    lobby = await open_lobby(table, game)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    for _ in range(ai):
        await table.players[0].click(lobby, label="Add AI")
    await table.players[0].click(lobby, label="Start")


def panels(channel: ChannelHandle) -> list[discord.Message]:
    """Turn messages (they carry a move number in the embed title), oldest first."""
    return [m for m in channel.history() if m.embeds and " — move " in (m.embeds[0].title or "")]


def latest_panel(channel: ChannelHandle) -> discord.Message:
    return panels(channel)[-1]


def choice_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for row in message.components for c in row.children  # type: ignore[attr-defined]
            if (c.custom_id or "").startswith(("tc:", "ts:"))]


def mentioned_actor(table: Table, message: discord.Message) -> MemberActor:
    """The member the panel calls on (its content starts with their mention)."""
    return next(p for p in table.players if message.content.startswith(p.mention))


def message_text(message: discord.Message) -> str:
    """Everything a reader could see in a message: content, embeds and component labels."""
    parts: list[Any] = [message.content, [e.to_dict() for e in message.embeds]]
    parts += [c.to_dict() for row in message.components for c in row.children]  # type: ignore[attr-defined]
    return json.dumps(parts)


async def state_version(table: Table, session_id: int = 1) -> int:
    """The stored state version (each test opens one session, so its id is 1)."""
    _json, version = await table.bot.store.load_snapshot(session_id)
    return version


def refusal(result: Any) -> str:
    """The ephemeral sentence an interaction got (as its response or, after a defer, as a followup)."""
    messages = [m for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    assert messages, f"expected an ephemeral reply, got {result!r}"
    return str(messages[-1].content)
