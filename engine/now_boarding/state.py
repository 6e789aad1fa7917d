"""The Now Boarding state: one pydantic model that round-trips through JSON exactly."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core._fast.copying import plain_copy
from engine.core.contract import GameState

Phase = Literal["setup", "weather", "flight", "maintenance", "over"]


class Pax(BaseModel):
    """One passenger card, regular or VIP, wherever it is."""

    id: str
    """'pax:ATL>DEN' for a regular card, 'vip:<kind>' for a VIP."""
    origin: str
    dest: str
    fare: int
    vip: str = ""
    stage: int = -1
    """The VIP's stage (it files a complaint if still waiting when that stage ends); -1 for a regular card."""
    anger: int = 0
    face_up: bool = True
    boarded_at: str | None = None
    """While aboard: the airport it boarded at, until the plane flies off (it may not be dropped back there)."""


class Plane(BaseModel):
    colour: str
    """'' until its pilot takes a plane at setup."""
    at: str
    """An airport code, or 'ATL-DEN.2' for the second space of that route counted from its first airport ('ATL-DEN.2s'
    for the second half of a storm there); '' until its pilot takes a plane."""
    seats: int
    speed: int
    routes: list[str]
    """Route colours this plane may fly: its own, then upgrades in the order bought."""
    cargo: list[Pax] = Field(default_factory=list)
    money: list[Pax] = Field(default_factory=list)
    """Delivered passengers not yet spent: their fares are the pilot's money."""
    moves_left: int = 0
    credit: int = 0
    """Overspend of this maintenance phase, usable for more upgrades until the phase ends (no change is given)."""
    paying: str = ""
    """The upgrade (its option id) this pilot chose and is paying for, when there is more than one way to pay."""
    done: bool = False
    setup_step: Literal["plane", "start", "route", "ready"] = "start"
    """Where this pilot is in setup: taking a plane, its starting upgrade, (two pilots) its extra route colour."""
    delivered: int = 0
    earned: int = 0


class Token(BaseModel):
    route: str
    space: int
    kind: Literal["storm", "tailwind"]


class NBState(GameState):
    side: Literal["small", "large"] = "small"
    phase: Phase = "setup"
    stage: int = 0
    round: int = 1
    final_round: bool = False
    piles: list[list[str]] = Field(default_factory=list)
    """Morning, Afternoon, Evening passenger piles of card ids, face down; index 0 is the top. Ids, not cards:
    every choice copies the state, and the piles are most of its cards (see setup.card)."""
    vip_cards: dict[str, Pax] = Field(default_factory=dict)
    """The VIPs still in the piles, with the trips dealt to them at setup."""
    weather_piles: list[list[str]] = Field(default_factory=list)
    """Route keys of each stage's weather cards."""
    weather: list[Token] = Field(default_factory=list)
    weather_left: list[str] = Field(default_factory=list)
    """Route keys of this stage's weather cards not placed yet, in the order they are drawn: the first is the card
    on the table (public); the rest are still face down."""
    airports: dict[str, list[Pax]] = Field(default_factory=dict)
    planes: list[Plane] = Field(default_factory=list)
    complaints: list[Pax] = Field(default_factory=list)
    spent: list[str] = Field(default_factory=list)
    out_of_play: list[str] = Field(default_factory=list)
    """Cards the preflight chart leaves out (its piles hold one card fewer than the deck at 4 and 5 pilots)."""
    temp: dict[str, int | None] = Field(default_factory=lambda: dict.fromkeys(("seat", "speed")))
    """Who holds each temporary token (None: in the supply)."""
    supply: dict[str, int] = Field(default_factory=dict)
    """Permanent upgrade tiles left: 'seat', 'speed' and 'route:<colour>'."""
    exit_complaints: int = 0
    dealt: bool = True
    """Whether the passengers are dealt (they wait until every pilot has a plane). A game stored before pilots chose
    their planes was dealt when it began."""
    stage_rounds: list[int] = Field(default_factory=list)
    """Rounds each stage lasts (its pile over the passengers drawn a round, rounded up); empty in a game stored
    before this was kept, whose labels then number rounds over the whole day."""
    stage_began: int = 0
    """The round the current stage began in (0: unknown, a game stored before this was kept)."""
    lost: bool = False

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> NBState:
        copied: NBState = plain_copy(self)
        return copied

    @property
    def over(self) -> bool:
        return self.phase == "over"
