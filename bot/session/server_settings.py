"""A server's own settings (`/tarmac settings`, store.get_server_settings / set_server_settings): where games open,
who may host, the defaults a new lobby takes, whether AI seats may be added, and where the bot tells the server it
restarted or could not post.

Everything that needs a setting reads it through `server_settings(store, guild_id)`, on every use, so a change holds
at once in every process sharing the store. The checks below say only yes or no; the sentences that name a channel or
a role are written by the Discord layer (bot/discord/server_settings.py), which has the markup.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.ratings.rated import AUTO, RATED_OPTION
from bot.store import Store

MAX_GAME_CHANNELS = 25
"""How many games channels a server may name (a panel lists them all; Discord shows 25 choices at most)."""


class ServerSettings(BaseModel):
    """One server's settings row. New fields need a default: rows written before them must still load. The defaults
    are what a server that never set anything gets: games anywhere the bot may post, as today."""

    game_channels: list[int] = Field(default_factory=list)
    """The channels where `/game new` (and looking for a group, and leagues) may open games, a thread counting as its
    parent channel; empty: anywhere the bot may post."""
    threads: bool = False
    """Whether `/game new` opens a thread when the member does not say."""
    host_role: int | None = None
    """A role whose members may open games and use the host's controls in any game, beside channel managers. When
    set, only they (and channel managers) open games."""
    deadline_hours: int = 0
    """The turn deadline a new lobby starts with (0: none)."""
    reminder_hours: float | None = None
    """Hours of quiet before a reminder in a new game; None: the bot's own default (REMINDER_HOURS)."""
    rated: str = AUTO
    """The lobby option Rated a new lobby starts with (bot.ratings.rated)."""
    ai_seats: bool = True
    """Whether AI seats may be added to a lobby."""
    notice_channel: int | None = None
    """Where the bot says it restarted, or that it could not post a game's panel; None: it says nothing."""

    def may_open_in(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether a game may open in this channel (or in a thread of `parent_id`)."""
        if not self.game_channels:
            return True
        return channel_id in self.game_channels or (parent_id is not None and parent_id in self.game_channels)

    def may_host(self, role_ids: list[int], *, manager: bool) -> bool:
        """Whether a member with these roles may open a game (a channel manager always may)."""
        return manager or self.host_role is None or self.host_role in role_ids

    def hosts_anywhere(self, role_ids: list[int]) -> bool:
        """Whether the member holds the host role, which counts as managing every game of the server."""
        return self.host_role is not None and self.host_role in role_ids


RATED_VALUES = tuple(c.value for c in RATED_OPTION.choices)


async def server_settings(store: Store, guild_id: int | None) -> ServerSettings:
    """The settings of a server (the defaults outside one, in a DM)."""
    if not guild_id:
        return ServerSettings()
    return ServerSettings.model_validate(await store.get_server_settings(guild_id))


async def save_server_settings(store: Store, guild_id: int, settings: ServerSettings) -> None:
    await store.set_server_settings(guild_id, settings.model_dump(mode="json"))
