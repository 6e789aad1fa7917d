"""Hand-built boards and states for tests and rule examples: a few spaces, chosen cubes, chosen cards.

Not used in play. It builds the same PlanesState a real game uses, so every rule runs unchanged on it.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.planes.board import Airport, Poi, Space, SpaceKind
from engine.planes.setup import gate_plane, neutral_plane
from engine.planes.state import GREY, PARTY_COLOURS, Plane, PlanesState
from engine.planes.terrain import poi_layout, register_airport


def build_airport(
    airport_id: str,
    arrows: dict[str, list[str]],
    pois: dict[str, list[str]] | None = None,
    gates: dict[str, int] | None = None,
    neutral_gates: tuple[str, ...] = (),
    starts: dict[str, int] | None = None,
) -> Airport:
    """Spaces are the keys and targets of `arrows`; gates map a gate id to its number (G1 for P1's colour)."""
    gates = gates or {}
    starts = starts or {}
    ids = list(dict.fromkeys([*arrows, *(t for ts in arrows.values() for t in ts), *gates, *neutral_gates]))
    spaces = []
    for i, sid in enumerate(ids):
        if sid in gates:
            kind, number = SpaceKind.GATE, gates[sid]
        elif sid in neutral_gates:
            kind, number = SpaceKind.NEUTRAL_GATE, None
        elif sid in starts:
            kind, number = SpaceKind.START, starts[sid]
        else:
            kind, number = SpaceKind.SPACE, None
        spaces.append(Space(id=sid, kind=kind, x=50 * i, y=50, number=number, next=arrows.get(sid, []),
                            pois=[Poi(p) for p in (pois or {}).get(sid, [])]))
    board = Airport(id=airport_id, title=airport_id, width=50 * len(ids) + 50, height=100,
                    design_note="hand-built for a test", spaces=spaces)
    register_airport(board)
    return board


def build_state(
    board: Airport,
    players: int = 2,
    cubes: dict[str, dict[str, int]] | None = None,
    plane_colours: dict[str, str] | None = None,
    hands: list[list[str]] | None = None,
    deck: list[str] | None = None,
    turn: int = 0,
    sides: dict[str, str] | None = None,
    round_trip: bool = False,
) -> PlanesState:
    """A state on `board` with seat `turn` about to play. Planes: gate -> colour (neutral gates are grey). With
    `round_trip`, the Round Trip end, scoring and rewards apply; `sides` puts a plane side on a gate."""
    planes = []
    for space in board.spaces:
        if space.kind is SpaceKind.GATE:
            colour = (plane_colours or {}).get(space.id, PARTY_COLOURS[(space.number or 1) - 1])
            planes.append(gate_plane(space.id, colour, players))
        elif space.kind is SpaceKind.NEUTRAL_GATE:
            planes.append(Plane(gate=space.id, colour=GREY, side="draw2"))
    for gate, side_id in (sides or {}).items():
        i = next(k for k, p in enumerate(planes) if p.gate == gate)
        if planes[i].colour in PARTY_COLOURS:
            planes[i].side = side_id
        else:
            planes[i] = neutral_plane(gate, side_id)
    hands = hands or [[] for _ in range(players)]
    state = PlanesState(
        game="planes", players=players, seed=0, rng=Rng.seeded(0), airport=board.id, start_seat=turn,
        options={"airport": board.id, "start": str(turn + 1), "player_decks": "off", "end_space": "12",
                 "pois": "printed"},
        cubes={k: dict(v) for k, v in (cubes or {}).items() if v}, pois=poi_layout(board, "printed"),
        planes=planes, decks=[list(deck or [])], discards=[[]], hands=[list(h) for h in hands],
        goals=[[] for _ in range(players)], turn=turn, tokens=[0] * players, round_trip=round_trip,
    )
    from engine.planes.game import settle

    settle(state)  # as in a real game: an empty hand goes straight to the move, and so on
    return state


def run(state: PlanesState, *choices: str, seat: int | None = None) -> PlanesState:
    """Apply choices in order for the seat whose turn it is (or `seat`), through the real copy-on-apply path."""
    from engine.core.play import apply
    from engine.planes.game import GAME

    for choice in choices:
        who = state.turn if seat is None else seat
        new, _ = apply(GAME, state, who, choice)
        assert isinstance(new, PlanesState)
        state = new
    return state


def option_ids(state: PlanesState) -> list[str]:
    from engine.planes.game import GAME

    return [o.id for d in GAME.pending(state) for o in d.options]
