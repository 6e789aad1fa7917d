"""The airport a game is played on: the board lookup, the built-in practice airport, custom point-of-interest
layouts and the neighbour rules (forwards, or against the arrows).
"""

from __future__ import annotations

from functools import cache

from engine.core.contract import IllegalAction
from engine.core.text import quoted
from engine.planes.board import Airport, BoardFileError, Poi, Space, SpaceKind, airport, shipped_airports
from engine.planes.state import PlanesState

PRACTICE = "practice"


@cache
def practice_airport() -> Airport:
    """A small ring-shaped airport of our own design, always available (tests, and a fallback while the shipped
    airport files are missing). Ten concourse spaces C1..C10 run clockwise (ten plain spaces hold the box's twenty
    grey cubes); each Pi joins the ring; each plane's gate can be reached from three ring spaces across the ring
    from its start space, so a cube is not shut out by a single wrong step; two grey gates N1, N2 likewise.
    """
    ring = 10
    pois = {1: ["restroom"], 2: ["fast_food"], 3: ["gift_shop"], 4: ["restroom"], 5: ["help_desk"],
            6: ["fast_food"], 7: ["restroom", "fine_dining"], 8: ["fast_food"], 9: ["gift_shop", "help_desk"]}
    joins = {1: 1, 2: 3, 3: 6, 4: 8}  # Pi -> ring space
    gate_near = {"G1": 5, "G2": 7, "G3": 10, "G4": 2, "N1": 4, "N2": 9}  # gate -> middle ring space of its three
    spaces: list[Space] = []
    for k in range(1, ring + 1):
        nxt = [f"C{k % ring + 1}"]
        for gate, mid in gate_near.items():
            if (k - mid) % ring in (0, 1, ring - 1):
                nxt.append(gate)
        spaces.append(Space(id=f"C{k}", kind=SpaceKind.SPACE, x=70 * k, y=100,
                            pois=[Poi(p) for p in pois.get(k, [])], next=nxt))
    for i, k in joins.items():
        spaces.append(Space(id=f"P{i}", kind=SpaceKind.START, x=70 * k, y=40, next=[f"C{k}"], number=i))
    for gate, mid in gate_near.items():
        kind = SpaceKind.GATE if gate.startswith("G") else SpaceKind.NEUTRAL_GATE
        spaces.append(Space(id=gate, kind=kind, x=70 * mid, y=160, number=int(gate[1]) if kind is SpaceKind.GATE
                            else None))
    return Airport(id=PRACTICE, title="Practice Ring (our own design)", width=800, height=220,
                   design_note="Our own design, not a board from the box: a small ring for tests and quick games.",
                   spaces=spaces)


def airport_ids() -> list[str]:
    """Selectable airports: the shipped files (if any could be read) and the practice airport."""
    try:
        shipped = shipped_airports()
    except OSError:
        shipped = []
    usable = []
    for airport_id in shipped:
        # A file that does not load is left out of the lobby (tests/planes/test_airports.py reports it) rather than
        # offered and then failing at setup.
        try:
            airport(airport_id)
        except (BoardFileError, OSError):
            continue
        usable.append(airport_id)
    return [*usable, PRACTICE]


def default_airport() -> str:
    ids = airport_ids()
    return "flying_cloud" if "flying_cloud" in ids else ids[0]


_custom: dict[str, Airport] = {}
_loaded: dict[str, Airport] = {}
"""Boards by id as `load` found them, for `terrain`, which every step of a move asks several times."""


def register_airport(board: Airport) -> None:
    """Let tests play on hand-built boards by id."""
    _custom[board.id] = board
    _loaded.pop(board.id, None)


def load(airport_id: str) -> Airport:
    board = _custom.get(airport_id)
    if board is not None:
        return board
    if airport_id == PRACTICE:
        return practice_airport()
    return airport(airport_id)


def terrain(state: PlanesState) -> Airport:
    board = _loaded.get(state.airport)
    if board is None:
        board = _loaded[state.airport] = load(state.airport)
    return board


POI_LAYOUTS = {
    "printed": "the points of interest printed on the board (a scenario then sets out its own tokens on it)",
    "few": "cover about half of each kind (the later ones in board order); harder goals",
    "many": "add a token to every bare plain space, keeping restrooms and fast food the commonest",
}
_ADD_CYCLE = ["restroom", "fast_food", "restroom", "fast_food", "gift_shop", "help_desk", "fine_dining"]


MOST_POIS = 3
"""Points of interest a custom layout may give one space: what the board picture has room for (a scenario's extra
token on a space printed with two makes three)."""
CUSTOM = "custom:"
"""Prefix of a layout the host writes out: "custom:a2=blank; M1=R+D" covers a2's points of interest and gives M1 a
Restroom and a Fine Dining (the optional rule's blank and extra tokens). Spaces not named keep what is printed."""
_TOKENS = {"r": "restroom", "f": "fast_food", "g": "gift_shop", "h": "help_desk", "d": "fine_dining",
           **{p.value: p.value for p in Poi}, **{p.value.replace("_", ""): p.value for p in Poi},
           "blank": "", "-": ""}


def custom_layout(board: Airport, text: str) -> dict[str, list[str]]:
    """The spaces a custom layout changes, each with its new tokens. Raises IllegalAction with a sentence."""
    overrides: dict[str, list[str]] = {}
    by_name = {s.id.lower(): s for s in board.spaces}
    for part in text.removeprefix(CUSTOM).replace(",", ";").split(";"):
        if not part.strip():
            continue
        name, sep, tokens = part.partition("=")
        space = by_name.get(name.strip().lower())
        if not sep or space is None:
            raise IllegalAction(f"'{quoted(part)}' should read SPACE=TOKENS, with a space of {board.title}.")
        if space.is_gate:
            raise IllegalAction(f"{space.id} is a gate; points of interest go on the other spaces.")
        words = [w.strip().lower() for w in tokens.split("+") if w.strip()]
        unknown = [w for w in words if w not in _TOKENS]
        if unknown or not words:
            raise IllegalAction(f"'{quoted(tokens)}' is not a list of tokens: use R, F, G, H, D (or their names) "
                                "joined by '+', or 'blank' to cover a space.")
        kept = [_TOKENS[w] for w in words if _TOKENS[w]]
        if len(kept) > MOST_POIS:
            # The book sets no number; the board picture has room for three marks a space, as the scenarios need.
            raise IllegalAction(f"{space.id} can hold at most {MOST_POIS} points of interest.")
        overrides[space.id] = kept
    if not overrides:
        raise IllegalAction("A custom layout needs at least one SPACE=TOKENS entry.")
    return overrides


def poi_layout(board: Airport, layout: str) -> dict[str, list[str]]:
    """Points of interest per space after a custom layout. Deterministic, so no randomness is spent on it."""
    printed = {s.id: [p.value for p in s.pois] for s in board.spaces if not s.is_gate}
    if layout.startswith(CUSTOM):
        return {**printed, **custom_layout(board, layout)}
    if layout == "few":
        out = {k: list(v) for k, v in printed.items()}
        for kind in Poi:
            holders = [s for s, ps in printed.items() if kind.value in ps]
            for s in holders[(len(holders) + 1) // 2:]:
                out[s].remove(kind.value)
        return out
    if layout == "many":
        out = {k: list(v) for k, v in printed.items()}
        bare = [s.id for s in board.spaces if s.kind is SpaceKind.SPACE and not s.pois]
        for i, s in enumerate(bare):
            out[s] = [_ADD_CYCLE[i % len(_ADD_CYCLE)]]
        return out
    return printed


def neighbours(state: PlanesState, space_id: str) -> list[str]:
    """Where a group at space_id may step next (see Airport.forwards and Airport.backwards). The list is the board's
    own: read it, never change it."""
    board = terrain(state)
    return (board.backwards if state.backwards else board.forwards)[space_id]


def is_gate(state: PlanesState, space_id: str) -> bool:
    board = terrain(state)
    if space_id not in board.by_id:
        raise KeyError(space_id)
    return space_id in board.gate_ids


def spaces_with_poi(state: PlanesState, poi: str) -> list[str]:
    return [s for s in terrain(state).plain_ids if poi in state.pois.get(s, [])]
