"""The simulated server the sandbox plays in: one guild, two game channels and four members.

It is built in the same order at SimCord's fixed starting instant on every run, so every id (guild, channels,
members) is the same after a restart and the games stored under those ids carry on. Only then does the clock move
to the real time (`carry_clock`), before the bot attaches: stored times, reminders and message times stay right.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from simcord import Env, MemberActor
from simcord.builders import ChannelHandle, GuildHandle

GUILD_NAME = "Tarmac sandbox"
CHANNELS = ("games", "games-2")
# (username, display name): names a reader tells apart at a glance when switching "Viewing as".
MEMBERS = (("ada", "Ada"), ("bruno", "Bruno"), ("chen", "Chen"), ("dara", "Dara"))
TOPIC = "Tarmac sandbox: start a game with /game new, switch member with \"Viewing as\" at the top."


@dataclass
class World:
    guild: GuildHandle
    channels: dict[str, ChannelHandle]
    members: list[MemberActor]

    def member(self, user_id: int) -> MemberActor | None:
        return next((m for m in self.members if m.id == user_id), None)


def build_world(env: Env) -> World:
    """Call before the bot attaches and before the clock moves: the ids depend on both."""
    guild = env.create_guild(GUILD_NAME)
    channels = {name: guild.create_text_channel(name, topic=TOPIC) for name in CHANNELS}
    members = [guild.add_member(env.create_user(name, global_name=shown)) for name, shown in MEMBERS]
    return World(guild, channels, members)


def carry_clock(env: Env, now: datetime | None = None) -> None:
    """Move SimCord's clock, which starts at the same date on every run, on to the real time (never back)."""
    target = now or datetime.now(UTC)
    ahead = (target - env.now()).total_seconds()
    if ahead > 0:
        env.backend.advance_clock(ahead)


def stand_ins(world: World) -> dict[int, int]:
    """Each game channel's stand-in for a thread: the next game channel (the page shows channels, not threads)."""
    ids = [c.id for c in world.channels.values()]
    return {channel: ids[(n + 1) % len(ids)] for n, channel in enumerate(ids)}
