"""The Planecrafters state: one pydantic model that round-trips through JSON exactly."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core._fast.copying import plain_copy
from engine.core.contract import GameState


class Plane(BaseModel):
    """A plane in a factory: slot name -> part card id."""

    parts: dict[str, str] = Field(default_factory=dict)


class PCState(GameState):
    stack: list[str] = Field(default_factory=list)
    """Face-down stack; index 0 is the top, discards are appended at the bottom."""
    depot: list[str | None] = Field(default_factory=list)
    hands: list[list[str]] = Field(default_factory=list)
    planes: list[list[Plane]] = Field(default_factory=list)
    staff: list[list[str]] = Field(default_factory=list)
    pool: list[str] = Field(default_factory=list)
    crowns: list[int] = Field(default_factory=list)
    sold: list[list[str]] = Field(default_factory=list)
    planes_sold: list[int] = Field(default_factory=list)
    distinction: int | None = None
    distinction_value: int = 0
    distinction_plane: list[str] = Field(default_factory=list)
    objectives: list[str] = Field(default_factory=list)
    claimed: dict[str, int] = Field(default_factory=dict)
    turn: int = 0
    turns_taken: int = 0
    step: str = "hire"
    # Per-turn bookkeeping, reset when a turn ends.
    hired: bool = False
    collected: list[str] = Field(default_factory=list)
    jack: str | None = None
    draws_left: int = 0
    uses: dict[str, int] = Field(default_factory=dict)
    swaps_left: int = 0
    plays_left: int = 0
    holding: str | None = None
    onto: int | None = None
    """The plane chosen for a Spare Part when a Factory Manager offers several (see steps.hold)."""
    target: int | None = None
    ending: bool = False
    over: bool = False

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> PCState:
        copied: PCState = plain_copy(self)
        return copied
