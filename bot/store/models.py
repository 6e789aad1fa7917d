"""The rows the store hands out. Plain pydantic models: the Discord layer and the session side never see SQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "active", "finished", "cancelled", "abandoned"]
""""abandoned": every member resigned, as older builds stored it; no game becomes abandoned any more."""
STATUSES: tuple[str, ...] = ("lobby", "active", "finished", "cancelled", "abandoned")
OPEN_STATUSES: tuple[str, ...] = ("lobby", "active")


class Seat(BaseModel):
    seat: int
    user_id: int | None  # None for an AI seat
    name: str
    is_ai: bool = False
    level: str = ""
    """An AI seat's level (engine.core.ai.levels: easy, normal, hard); empty: easy, the game's playout policy, which
    every AI seat played before levels existed. A seat added in the lobby, or handed to the AI (a resignation, missed
    deadlines), starts at levels.default_for(its game); the host changes it with /game host ai."""
    resigned_by: int | None = None
    """The member who resigned this seat (the AI plays it from then on): they count as last in the game's result."""
    resigned_order: int = 0
    """1 for the game's first resignation, 2 for the next...: the result places the latest resigner above earlier
    ones. 0 on seats resigned before the order was kept (they share the last place)."""


class SessionRow(BaseModel):
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    host_id: int
    status: Status
    options: dict[str, str]
    seed: int | None
    seats: list[Seat]
    version: int
    created_at: datetime
    updated_at: datetime
    board_message_id: int | None = None
    panel_message_id: int | None = None


class ActionRow(BaseModel):
    session_id: int
    version: int  # the state version AFTER this action
    seat: int
    choice: str
    events: list[dict[str, Any]]
    created_at: datetime
    by_ai: bool = False
    """The AI chose it for a member's seat (kept while they were away, or after they resigned), or for a seat the AI
    held from the start: what tells a member's own game from one the AI played for them (bot/ratings/outcome.py)."""


class ResultSeat(BaseModel):
    """One seat of a finished game as its result record keeps it."""

    seat: int
    user_id: int | None
    """The member who played it, the AI standing in for them included (None: an AI seat from the start)."""
    ai_level: str = ""
    """An AI seat's level (easy, normal, hard); empty for a member's seat."""
    name: str
    place: int
    """1 for the winners. In a team game: 1 when the team won, 2 when the game beat it, 3 and below for the resigned
    seats (the latest resigner first)."""
    score: int
    resigned: bool = False
    """The member left the game (the AI finished it); they count as last whatever the seat scored."""
    ai_kept: bool = False
    """The AI played more than a quarter of this member's seat while they were away (bot/ratings/outcome.py): the
    result keeps the seat and its place, and no rating moves from it."""


class ResultRow(BaseModel):
    """A finished game: the truth ratings are recomputed from (bot/ratings). Cancelled games have none, nor have games
    an older build stored as abandoned (today a game its members resigned is played out and finishes)."""

    session_id: int
    guild_id: int | None
    channel_id: int
    game: str
    finished_at: datetime
    rated: bool
    team: bool = False
    """The seats played together against the game (Now Boarding)."""
    seats: list[ResultSeat]


class RatingRow(BaseModel):
    """A rating as it stands: one per (server, game, season, player); season "" is the all-time board. Only members'
    are stored: AI levels and a co-operative game's own rating are constants (bot/ratings/reference.py)."""

    guild_id: int
    game: str
    season: str
    player: str
    """"member:<id>", "ai:<level>" or "game:<seats>" (see bot.ratings.keys)."""
    mu: float
    sigma: float
    games: int


class RatingStep(BaseModel):
    """A player's all-time rating right after one rated game: a rating's trend and its audit trail."""

    session_id: int
    guild_id: int
    game: str
    player: str
    mu: float
    sigma: float


class RatingsAudit(BaseModel):
    """What start-up compares to see whether the stored ratings are the results' (bot.ratings.Ratings.verify): a
    few aggregates, read in one snapshot, rather than a recomputation."""

    fingerprint: str | None
    """The rules the stored ratings were last rebuilt with (None: never rebuilt since ratings were kept)."""
    stored: dict[tuple[int, str, str], int]
    """(guild_id, game, player) -> games of each stored all-time rating."""
    expected: dict[tuple[int, str, str], int]
    """(guild_id, game, "member:<id>") -> rated results that member has a seat in."""
    season_games: int
    """Games summed over every stored season rating (each rated seat counts once in its season)."""
    steps: int
    """Stored rating steps (one per rated member seat)."""
