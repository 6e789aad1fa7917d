"""Setting up a Planes game: options, cubes on the P spaces, grey cubes, planes, points of interest, cards."""

from __future__ import annotations

from engine.core.contract import GameOptionSpec, IllegalAction, OptionChoice
from engine.core.rng import Rng
from engine.planes.board import SpaceKind
from engine.planes.cards import deck_for, full_deck
from engine.planes.state import GREY, HAND_START, PARTY_COLOURS, Plane, PlanesState
from engine.planes.terrain import POI_LAYOUTS, PRACTICE, airport_ids, default_airport, load, poi_layout


def option_specs() -> list[GameOptionSpec]:
    ids = airport_ids()
    return [
        GameOptionSpec(key="airport", label="Airport", default=default_airport(),
                       choices=[OptionChoice(value=i, label=_airport_label(i)) for i in ids],
                       help="Which airport board to play on. Flying Cloud is the friendliest first airport; the "
                            "Practice ring is a small board of our own, not one from the box."),
        GameOptionSpec(key="start", label="Starting player", default="random",
                       choices=[OptionChoice(value="random", label="Random"),
                                *[OptionChoice(value=str(i), label=f"Seat {i}") for i in range(1, 5)]],
                       help="Who takes the first turn (their cubes start on P1)."),
        GameOptionSpec(key="player_decks", label="Player decks", default="off",
                       choices=[OptionChoice(value="off", label="Off: one shared deck"),
                                OptionChoice(value="on", label="On: 15 cards each, by dot colour")],
                       help="Each player draws from and discards to their own 15-card deck."),
        GameOptionSpec(key="end_space", label="Shorter games: track end", default="12",
                       choices=[OptionChoice(value=str(i), label=f"Space {i}") for i in range(12, 0, -1)],
                       help="The game ends after the round in which this many cubes have boarded in total."),
        GameOptionSpec(key="pois", label="Points of interest", default="printed",
                       choices=[OptionChoice(value=k, label=k.title()) for k in POI_LAYOUTS],
                       help="; ".join(f"{k}: {v}" for k, v in POI_LAYOUTS.items())
                            + "; or your own layout, e.g. 'custom:a2=blank; M1=R+D' (R, F, G, H, D or blank)",
                       free_text="custom:a2=blank; M1=R+D"),
    ]


def _airport_label(airport_id: str) -> str:
    if airport_id == PRACTICE:
        # Not a board from the box: say so wherever players pick it.
        return "Practice ring (our own small board, not in the rulebook)"
    return airport_id.replace("_", " ").title()


def gate_plane(gate: str, colour: str, players: int) -> Plane:
    """The plane parked at a numbered gate at set-up: its colour's owner's 5 VP side up, or the draw-2 side when
    nobody plays that colour."""
    owner = PARTY_COLOURS.index(colour)
    if owner >= players:
        return Plane(gate=gate, colour=colour, side="draw2")
    return Plane(gate=gate, colour=colour, side="5vp", owner=owner)


def new_state(players: int, seed: int, options: dict[str, str], game: str = "planes") -> PlanesState:
    rng = Rng.seeded(seed)
    board = load(options["airport"])
    if options["start"] == "random":
        start_seat = rng.below(players)
    else:
        start_seat = int(options["start"]) - 1
        if start_seat >= players:
            raise IllegalAction(f"Seat {start_seat + 1} cannot start: this game has {players} players.")
    # The starting player's colour goes on P1, the next seat's on P2, ...; unassigned colours fill the rest.
    on_start = [PARTY_COLOURS[(start_seat + k) % players] for k in range(players)]
    on_start += [c for c in PARTY_COLOURS if c not in on_start]
    cubes: dict[str, dict[str, int]] = {}
    planes: list[Plane] = []
    for space in board.spaces:
        if space.kind is SpaceKind.START and space.number:
            cubes[space.id] = {on_start[space.number - 1]: 5}
        elif space.kind is SpaceKind.SPACE:
            cubes[space.id] = {GREY: 2}
    for space in board.spaces:
        if space.kind is SpaceKind.GATE and space.number:
            planes.append(gate_plane(space.id, on_start[space.number - 1], players))
        elif space.kind is SpaceKind.NEUTRAL_GATE:
            planes.append(Plane(gate=space.id, colour=GREY, side="draw2"))
    player_decks = options["player_decks"] == "on"
    decks = [deck_for(PARTY_COLOURS[s]) for s in range(players)] if player_decks else [full_deck()]
    for deck in decks:
        rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat in range(players):
        pile = decks[seat if player_decks else 0]
        hands[seat] = [pile.pop() for _ in range(HAND_START)]
    return PlanesState(
        game=game, players=players, seed=seed, options=options, rng=rng, airport=options["airport"],
        start_seat=start_seat,
        cubes=cubes, pois=poi_layout(board, options["pois"]), planes=planes, track_end=int(options["end_space"]),
        player_decks=player_decks, decks=decks, discards=[[] for _ in decks], hands=hands,
        goals=[[] for _ in range(players)], turn=start_seat,
    )
