"""The Planes game state: a pydantic model that round-trips through JSON exactly.

Everything the rules need lives here; nothing is cached elsewhere, so a saved state is the whole game.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core._fast.copying import plain_copy
from engine.core._fast.pydantic_bypass import PlainFields
from engine.core.contract import GameState

PARTY_COLOURS = ("red", "blue", "green", "yellow")
GREY = "grey"
WILD = "wild"  # a wild plane's colour: any cube may board it
ALL_COLOURS = (*PARTY_COLOURS, GREY)
_SEAT_OF = {colour: seat for seat, colour in enumerate(PARTY_COLOURS)}
PLANE_CAPACITY = 5
BLOCKAGE = 7  # party cubes in one space that make a blockage
HAND_START = 3


class Plane(BaseModel):
    gate: str
    colour: str
    slots: list[str] = Field(default_factory=list)
    side: str  # a side id of data/planes/plane_sides.toml: '5vp' for a player's colour, 'draw2' for an unassigned
    # colour or a grey plane in the base game
    owner: int | None = None
    placed: list[int] = Field(default_factory=list)  # the slot (0-4) each cube of `slots` sits on, in the same order

    def slot_numbers(self) -> list[int]:
        """The slot of each boarded cube. A plane built without `placed` (hand-made in tests) fills from slot 0."""
        taken = list(self.placed[: len(self.slots)])
        spare = iter(i for i in range(PLANE_CAPACITY) if i not in taken)
        return taken + [next(spare) for _ in range(len(self.slots) - len(taken))]

    @property
    def free(self) -> list[int]:
        used = self.slot_numbers()
        return [i for i in range(PLANE_CAPACITY) if i not in used]

    @property
    def full(self) -> bool:
        return len(self.slots) >= PLANE_CAPACITY


class Move(PlainFields):
    """The move in progress. `snapshot` is the airport before the cubes were picked up, so 'redo' can restore it."""

    origin: str
    active: list[str]  # colours still in hand, sorted
    path: list[str] = Field(default_factory=list)  # spaces entered, in order (skipped ones included)
    drops: list[list[str]] = Field(default_factory=list)  # [space, colour] per cube put down
    at: str  # where the group is now
    skipped: str | None = None
    skips: list[str] = Field(default_factory=list)  # Express Lane: spaces passed over (up to two)
    doubles: list[str] = Field(default_factory=list)  # Heavy Luggage / Spread the Bags: spaces given two cubes
    slot: int | None = None  # the plane slot the boarding cube takes
    boarded: str | None = None  # gate boarded by the last cube
    snapshot: dict[str, dict[str, int]]

    @property
    def finished(self) -> bool:
        return not self.active


class PlanesState(GameState):
    airport: str
    start_seat: int
    cubes: dict[str, dict[str, int]]  # space id -> colour -> count (only spaces with cubes, zero counts dropped)
    pois: dict[str, list[str]]  # space id -> points of interest after the custom layout
    planes: list[Plane]
    track: int = 0
    track_end: int = 12
    player_decks: bool = False
    decks: list[list[str]]  # one shared pile, or one per seat with player decks
    discards: list[list[str]]
    hands: list[list[str]]
    goals: list[list[str]]  # goal cards scored, face up
    turn: int  # seat to play
    turns: int = 0  # turns completed
    phase: str = "action"  # action | follow | move | goal | over
    action_card: str | None = None
    follow: str | None = None  # the follow-up an action is waiting for
    picks: list[str] = Field(default_factory=list)  # choices made so far in a follow-up
    backwards: bool = False
    only_own: bool = False
    ignore_neutral: bool = False
    ignore_blockages: bool = False
    skip_pending: bool = False
    moves_left: int = 1
    move: Move | None = None
    last_path: list[str] = Field(default_factory=list)
    end_reason: str | None = None  # 'track' | 'full colour' | 'all aboard' | 'round limit', set when triggered
    round_limit: int = 0  # the house rule's cap on full rounds (0: none, as in the books)
    # Round Trip (all defaults leave the base game as it was):
    round_trip: bool = False  # any expansion module in play: its end trigger, scoring and tie-breaks apply
    special: str = ""  # a scenario's own rule: 'lost_and_found' | 'divide_and_conquer'
    tokens: list[int] = Field(default_factory=list)  # VP tokens per seat
    set_aside: list[str] = Field(default_factory=list)  # Lost and Found: the face-up point-of-interest cards
    discards_due: int = 0  # cards still to throw away after a draw action
    only_neutral: bool = False
    double_drops: int = 0  # spaces still allowed to take two cubes during this turn's move
    skips_left: int = 0  # Express Lane: spaces that may still be passed over this turn
    draft: list[str] = Field(default_factory=list)  # Pass It On: the cards travelling round the table
    draft_seat: int | None = None  # who picks from `draft` now

    def __deepcopy__(self, memo: dict[int, object] | None = None) -> PlanesState:
        # model_copy(deep=True), used on every applied choice, lands here. A plain walk over the lists, dicts and
        # models beats both copy.deepcopy and a JSON round trip (docs/notes/engine-speed.md; the replay corpus in
        # tests/engine proves the copies equal).
        copied: PlanesState = plain_copy(self)
        return copied

    def colour_of(self, seat: int) -> str:
        return PARTY_COLOURS[seat]

    def owner_of(self, colour: str) -> int | None:
        """The seat playing `colour`, or None for grey and unassigned colours (which count as neutral)."""
        seat = _SEAT_OF.get(colour)
        return seat if seat is not None and seat < self.players else None

    def is_neutral(self, colour: str) -> bool:
        seat = _SEAT_OF.get(colour)
        return seat is None or seat >= self.players

    def pile(self, seat: int) -> int:
        return seat if self.player_decks else 0


def party_count(counts: dict[str, int]) -> int:
    """Cubes of the four party colours, assigned or not; grey cubes never block."""
    return sum(n for c, n in counts.items() if c in PARTY_COLOURS)


def cones(state: PlanesState) -> list[str]:
    """Spaces blocked right now. Cones follow the counts at once, so they are derived rather than stored."""
    return sorted(s for s, counts in state.cubes.items() if party_count(counts) >= BLOCKAGE)


def add_cube(state: PlanesState, space: str, colour: str, n: int = 1) -> None:
    counts = state.cubes.setdefault(space, {})
    counts[colour] = counts.get(colour, 0) + n


def remove_cube(state: PlanesState, space: str, colour: str, n: int = 1) -> None:
    counts = state.cubes[space]
    counts[colour] -= n
    if counts[colour] <= 0:
        del counts[colour]
    if not counts:
        del state.cubes[space]
