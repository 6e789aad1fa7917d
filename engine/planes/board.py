"""Airport boards as data: spaces, arrows, points of interest, gates. Loaded from data/planes/airports/*.toml.

The rulebook's board pictures are missing, so every airport file is our own design within the constraints the text
states (checked by tests/planes/test_airports.py).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache, cached_property
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from engine.core.data_file import load_toml

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "planes" / "airports"


class Poi(StrEnum):
    """Points of interest. The letter is what the board image prints inside the icon."""

    RESTROOM = "restroom"
    FAST_FOOD = "fast_food"
    GIFT_SHOP = "gift_shop"
    HELP_DESK = "help_desk"
    FINE_DINING = "fine_dining"

    @property
    def letter(self) -> str:
        return {"restroom": "R", "fast_food": "F", "gift_shop": "G", "help_desk": "H", "fine_dining": "D"}[self.value]

    @property
    def label(self) -> str:
        # Not `title`: this enum is a str, whose own title() method a property of that name would hide.
        return self.value.replace("_", " ").title()


POI_NAMES: dict[str, str] = {poi.value: poi.label for poi in Poi}
"""A point of interest's name, as sentences give it ('Fast Food'); the board's legend writes it in lower case."""


class SpaceKind(StrEnum):
    START = "start"  # P1..P4: where a colour's five cubes begin; an ordinary space afterwards
    SPACE = "space"  # a plain space; two neutral cubes at setup
    GATE = "gate"  # G1..G4: the plane of the colour that started on the matching P space
    NEUTRAL_GATE = "neutral_gate"  # a grey plane's gate


class Space(BaseModel):
    id: str
    kind: SpaceKind
    x: int = Field(description="centre of the space on the drawing canvas, in pixels")
    y: int
    pois: list[Poi] = Field(default_factory=list, max_length=2)
    next: list[str] = Field(default_factory=list, description="ids of the spaces the arrows from here point to")
    number: int | None = Field(default=None, description="1-4 for P and G spaces: Pi's cubes fly from Gi")
    tram: bool = Field(default=False, description="Beacon: the arrows out of this space ride the tram (one step)")
    terminal: int | None = Field(default=None, description="Beacon: the terminal (1-4) this space belongs to")
    first: bool = Field(default=False, description="Beacon: the first space of its terminal (where the tram stops)")

    @property
    def is_gate(self) -> bool:
        return self.kind in (SpaceKind.GATE, SpaceKind.NEUTRAL_GATE)


class Airport(BaseModel):
    id: str
    title: str
    width: int
    height: int
    design_note: str = Field(description="what in this file is our own design")
    spaces: list[Space]
    @model_validator(mode="after")
    def _arrows_point_somewhere(self) -> Airport:
        ids = {s.id for s in self.spaces}
        if len(ids) != len(self.spaces):
            raise ValueError("two spaces share an id")
        for space in self.spaces:
            for target in space.next:
                if target not in ids:
                    raise ValueError(f"space {space.id} has an arrow to unknown space {target}")
        return self

    # Indexes built on first use (cached properties): boards never change after loading, and every step of a move
    # asks them many times.
    @cached_property
    def by_id(self) -> dict[str, Space]:
        return {s.id: s for s in self.spaces}

    @cached_property
    def previous_index(self) -> dict[str, list[str]]:
        index: dict[str, list[str]] = {}
        for s in self.spaces:
            for target in s.next:
                index.setdefault(target, []).append(s.id)
        return index

    @cached_property
    def gate_ids(self) -> frozenset[str]:
        return frozenset(s.id for s in self.spaces if s.is_gate)

    @cached_property
    def plain_ids(self) -> list[str]:
        """Every space that is not a gate, in board order."""
        return [s.id for s in self.spaces if not s.is_gate]

    @cached_property
    def plain_set(self) -> frozenset[str]:
        return frozenset(self.plain_ids)

    @cached_property
    def forwards(self) -> dict[str, list[str]]:
        """Where a group may step next along the arrows, by space (shared lists: never change them)."""
        return {s.id: list(s.next) for s in self.spaces}

    @cached_property
    def backwards(self) -> dict[str, list[str]]:
        """Where a group may step next against the arrows, by space. A gate the space points at is still reachable:
        gates are dead ends, and the rulebook's own example boards a cube during a backwards move."""
        out: dict[str, list[str]] = {}
        for s in self.spaces:
            back = self.previous_index.get(s.id, [])
            out[s.id] = [*back, *(t for t in s.next if t in self.gate_ids and t not in back)]
        return out

    def space(self, space_id: str) -> Space:
        return self.by_id[space_id]

    def start(self, number: int) -> Space:
        return next(s for s in self.spaces if s.kind is SpaceKind.START and s.number == number)

    def gate(self, number: int) -> Space:
        return next(s for s in self.spaces if s.kind is SpaceKind.GATE and s.number == number)

    def previous(self, space_id: str) -> list[str]:
        """Spaces whose arrows point at space_id (for actions that move against the arrows)."""
        return list(self.previous_index.get(space_id, []))

    def first_spaces(self) -> list[str]:
        """Beacon: each terminal's first space, by terminal number."""
        return [s.id for s in sorted(self.spaces, key=lambda s: s.terminal or 0) if s.first]


class BoardFileError(ValueError):
    """A bad airport file, named with the file and the field."""


def dead_ends(board: Airport) -> list[str]:
    """Spaces (not gates) with no arrow to another space. An airport file may have none: then a seat with a cube in
    the airport always has a move that boards nothing, so no position leaves every seat without a move (the books
    have no ending for one; see docs/planes-rulings.md, "End")."""
    return [s.id for s in board.spaces if not s.is_gate and all(n in board.gate_ids for n in s.next)]


def load_airport_file(path: Path) -> Airport:
    board = load_toml(path, Airport, BoardFileError)
    stuck = dead_ends(board)
    if stuck:
        raise BoardFileError(f"{path.name}: spaces: {', '.join(stuck)} must each have an arrow to a space that is "
                             "not a gate, so that cubes there can always move on")
    return board


@cache
def airport(airport_id: str) -> Airport:
    """A shipped airport by id ('flying_cloud', 'zephyr', ...)."""
    return load_airport_file(DATA_DIR / f"{airport_id}.toml")


def shipped_airports() -> list[str]:
    return sorted(p.stem for p in DATA_DIR.glob("*.toml"))
