"""A league's rows as the store keeps them: the league, its members, its games (one per table per round) and byes.
Times are seconds since the epoch, as the queue's (bot/lfg/entries.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from bot.leagues.standings import SeatResult

LeagueStatus = Literal["signup", "running", "finished", "cancelled"]
ROUND_ROBIN, SWISS = "round_robin", "swiss"
AI_FILL, BYES = "ai", "bye"


class League(BaseModel):
    id: int = 0
    guild_id: int
    channel_id: int
    game: str
    name: str
    format: str = SWISS
    table_size: int
    rounds: int
    deadline: int = 24
    fill: str = AI_FILL
    rated: bool = True
    ai_level: str = "normal"
    status: LeagueStatus = "signup"
    round: int = 0
    """The round being played (0: not started)."""
    created_by: int
    created_at: float
    message_id: int | None = None
    """The sign-up panel."""


class LeagueMember(BaseModel):
    league_id: int
    user_id: int
    name: str
    rating: float = 0.0
    joined_at: float
    dropped: bool = False


class LeagueGame(BaseModel):
    id: int = 0
    league_id: int
    round: int
    table_no: int
    members: list[int]
    ai_seats: int = 0
    thread_id: int | None = None
    session_id: int | None = None
    status: Literal["open", "finished"] = "open"
    result: list[SeatResult] = []
