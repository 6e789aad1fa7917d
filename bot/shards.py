"""Which process looks after which games when the bot runs as several sharded processes.

Discord assigns every guild to shard `(guild_id >> 22) % shard_count` and delivers its interactions to the process
holding that shard. Work that no interaction starts (reminders, deadlines, AI turns resumed after a restart) must
follow the same rule, or two processes would both remind, or both play, the same game. Games in a DM have no guild:
they belong to shard 0, as Discord sends DMs to shard 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.store import SessionRow


def shard_of(guild_id: int | None, shard_count: int) -> int:
    if guild_id is None or shard_count <= 1:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardSet:
    """The shards this process holds: `ids` None means all of them (one process for the whole bot)."""

    count: int = 1
    ids: frozenset[int] | None = None

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> ShardSet:
        return cls(count or 1, None if ids is None else frozenset(ids))

    def owns(self, session: SessionRow) -> bool:
        return self.owns_guild(session.guild_id)

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process does the background work of that server (its games, its leagues)."""
        return self.ids is None or shard_of(guild_id, self.count) in self.ids
