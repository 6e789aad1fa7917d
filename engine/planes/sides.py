"""Plane sides and their slot rewards (data/planes/plane_sides.toml): the base plane's two sides, the printed neutral
planes, and the Round Trip player, neutral and wild sides."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from engine.core.data_file import load_toml

SIDES_FILE = Path(__file__).resolve().parents[2] / "data" / "planes" / "plane_sides.toml"
SLOTS = 5


class Reward(BaseModel):
    cards: int = Field(default=0, ge=0, le=3, description="cards the mover draws at once")
    tokens: int = Field(default=0, ge=0, le=3, description="VP tokens the mover takes at once (white stars)")
    stars: int = Field(default=0, ge=0, le=7, description="VP at the end for the cube's owner (yellow stars)")


class Side(BaseModel):
    id: str
    kind: str = Field(pattern="^(player|neutral|wild)$")
    title: str = Field(max_length=60)
    plane: str
    slots: list[Reward] = Field(min_length=SLOTS, max_length=SLOTS)

    @property
    def draws_cards(self) -> bool:
        """Every slot shows card symbols (Long Layover's test)."""
        return all(r.cards for r in self.slots)


class SideFile(BaseModel):
    side: list[Side]

    @model_validator(mode="after")
    def _shape(self) -> SideFile:
        ids = [s.id for s in self.side]
        if len(set(ids)) != len(ids):
            raise ValueError("two sides share an id")
        kinds = [s.kind for s in self.side]
        # The book: five sides for each player colour, seven for the neutral places (wild ones included).
        if kinds.count("player") != 5 or kinds.count("neutral") + kinds.count("wild") != 7:
            raise ValueError("there must be 5 player sides and 7 neutral or wild sides")
        return self


class SideFileError(ValueError):
    """A bad plane sides file, named with the field."""


def load_sides(path: Path = SIDES_FILE) -> dict[str, Side]:
    return {s.id: s for s in load_toml(path, SideFile, SideFileError).side}


@cache
def sides() -> dict[str, Side]:
    return load_sides()


def side(side_id: str) -> Side:
    return sides()[side_id]


def player_sides() -> list[str]:
    return [s.id for s in sides().values() if s.kind == "player"]


def neutral_sides() -> list[str]:
    return [s.id for s in sides().values() if s.kind in ("neutral", "wild")]
