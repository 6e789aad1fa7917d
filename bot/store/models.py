"""The rows the store hands out. Plain pydantic models: the Discord layer and the session side never see SQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "active", "finished", "cancelled", "abandoned"]
STATUSES: tuple[str, ...] = ("lobby", "active", "finished", "cancelled", "abandoned")
OPEN_STATUSES: tuple[str, ...] = ("lobby", "active")


class Seat(BaseModel):
    seat: int
    user_id: int | None  # None for an AI seat
    name: str
    is_ai: bool = False
    level: str = ""
    """An AI seat's level (engine.core.levels: easy, normal, hard); empty: easy, the game's playout policy, which
    every AI seat played before levels existed. A seat added in the lobby, or handed to the AI (a resignation, missed
    deadlines), starts at levels.default_for(its game); the host changes it with /game host ai."""


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
