"""The queue's rows: a member waiting for a table (QueueEntry), a table the rule formed (QueueTable), and what a
server's queue runs by (QueueRules). Plain values, no I/O: the store keeps them, the matching rule reads them.

Times are seconds since the epoch (floats): they sort the same in both backends, and a Discord timestamp
(`<t:…:R>`) takes them as they are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

LIVE = 0
"""The pace of a table played at once; any other pace is a turn deadline in hours."""
PACES: tuple[int, ...] = (LIVE, 12, 24, 48, 72)

TableStatus = Literal["confirming", "started", "dropped"]


class QueueEntry(BaseModel):
    """One member waiting for one game (a member may wait for several games, one entry each)."""

    id: int = 0
    guild_id: int
    channel_id: int
    """Where the member joined: the queue panel's channel, until a server names its games channel."""
    user_id: int
    name: str
    game: str
    min_seats: int
    max_seats: int
    pace: int = LIVE
    rated: bool = True
    ai_allowed: bool = False
    rating: float = 0.0
    """The member's conservative rating for this game on this server when they joined (0 for a newcomer)."""
    joined_at: float
    queued_at: float
    """Their place in the queue: a member sent back for not confirming gets a new, later one."""
    expires_at: float
    misses: int = 0
    """Tables this member was seated at and did not confirm."""
    table_id: int | None = None
    """The table they are seated at while it waits for confirmations; None: waiting."""
    confirmed: bool = False

    def takes(self, seats: int) -> bool:
        return self.min_seats <= seats <= self.max_seats


class QueueTable(BaseModel):
    """A table formed from the queue: its members confirm, then its lobby starts."""

    id: int = 0
    guild_id: int
    channel_id: int
    game: str
    seats: int
    ai_seats: int = 0
    pace: int = LIVE
    rated: bool = True
    ai_level: str = ""
    status: TableStatus = "confirming"
    created_at: float
    confirm_by: float
    thread_id: int | None = None
    message_id: int | None = None
    session_id: int | None = None
    opening_until: float | None = None
    """A started table whose game is not made yet: the process that started it makes it until then; after, the
    queue's clock does (that process stopped in between). None once the game is made, or before the table starts."""


@dataclass(frozen=True)
class TablePlan:
    """What the rule decided: these entries (oldest first) at a table of `seats`, `ai_seats` of them AI."""

    entry_ids: tuple[int, ...]
    seats: int
    ai_seats: int = 0


@dataclass(frozen=True)
class QueueRules:
    """The numbers a server's queue runs by (the defaults until server settings name others)."""

    wait: float = 10 * 60
    """A table below its members' largest size opens once its longest-waiting member has waited this long."""
    ai_wait: float = 30 * 60
    """A table short of its minimum is filled with AI seats once its longest-waiting member has waited this long."""
    rating_wait: float = 10 * 60
    """The longest a member is passed over for others of closer rating."""
    similar_from: int = 2
    """Ratings are compared once there are this many candidates for every seat to fill."""
    min_humans: int = 1
    """The fewest members a table filled with AI seats may have."""
    ai_level: str = "normal"
    confirm: float = 5 * 60
    expiry: float = 24 * 60 * 60
    max_misses: int = 2
    """A member who leaves this many tables unconfirmed is taken out of the queue."""
