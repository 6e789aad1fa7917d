"""The bottom of the Discord layer: what its handlers and presenters need of the client that received an interaction,
declared here so that none of them imports the client module (which imports them all to register their commands and
persistent items)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.session import Parts, Store


class Presenting(Protocol):
    """The client's presenter as the handlers use it (bot/discord/presenter.py, or the sandbox's)."""

    def thread_stand_in(self, channel_id: int) -> int | None: ...

    def saw(self, interaction: discord.Interaction) -> None: ...

    async def say_restarted(self, games: dict[int, int]) -> None: ...


class Waking(Protocol):
    """A background pass of the client (the queue's, the leagues'): a handler wakes it when what is due changed."""

    def wake(self) -> None: ...


class Host(discord.AutoShardedClient):
    """Tarmac's client as the rest of the Discord layer sees it: the session parts of this process, the store they
    are wired to, and the presenter. bot/discord/client.py's TarmacBot is the one implementation."""

    parts: Parts
    store: Store
    presenter: Presenting
    queue_clock: Waking
    league_clock: Waking
