"""Setting up a Planes game: options, cubes on the P spaces, grey cubes, planes, points of interest, cards."""

from __future__ import annotations

from engine.core.contract import GameOptionSpec, IllegalAction, OptionChoice
from engine.core.rng import Rng
from engine.core.text import counted
from engine.planes.board import Airport, SpaceKind
from engine.planes.cards import card, deck_for, dot_of, full_deck
from engine.planes.scenarios import Scenario, scenario, scenarios
from engine.planes.sides import neutral_sides, player_sides, side
from engine.planes.state import GREY, HAND_START, PARTY_COLOURS, WILD, Plane, PlanesState
from engine.planes.terrain import POI_LAYOUTS, PRACTICE, airport_ids, default_airport, load, poi_layout

ROUND_CAPS = ("10", "15", "20", "30", "40")
"""Round caps the house-rule option offers (`round_limit`, off by default: the books set no limit)."""
BASE_OPTIONS = {"cards": "base", "player_planes": "5vp", "neutral_planes": "draw2", "scenario": "none"}
"""The Round Trip options' values that leave the base game exactly as it was."""
ROUND_TRIP_AIRPORTS = ("azure", "beacon")


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
        # A count of cubes boarded, as the board's track counts them ("Track 3 of 12"), not a space on a board.
        GameOptionSpec(key="end_space", label="Shorter games: track end", default="12",
                       choices=[OptionChoice(value=str(i), label=f"{counted(i, 'cube')} boarded"
                                             + (", the book's end" if i == 12 else "")) for i in range(12, 0, -1)],
                       help="The game ends after the round in which this many cubes have boarded in total."),
        GameOptionSpec(key="pois", label="Points of interest", default="printed",
                       choices=[OptionChoice(value=k, label=k.title()) for k in POI_LAYOUTS],
                       help="; ".join(f"{k}: {v}" for k, v in POI_LAYOUTS.items())
                            + "; or your own layout, e.g. 'custom:a2=blank; M1=R+D' (R, F, G, H, D or blank). "
                            "A Round Trip scenario sets out its own tokens on the printed board, so with a "
                            "scenario this stays at Printed.",
                       free_text="custom:a2=blank; M1=R+D"),
        GameOptionSpec(key="scenario", label="Round Trip scenario", default="none",
                       choices=[OptionChoice(value="none", label="None: choose every module yourself"),
                                *[OptionChoice(value=s.key, label=f"{s.title} ({_airport_label(s.airport)})")
                                  for s in scenarios().values()]],
                       help="A preset from the Round Trip expansion: it picks the airport (and the planes some "
                            "scenarios need) and changes tokens, cards and starting hands. "
                            + " ".join(f"{s.title}: {s.blurb}" for s in scenarios().values())),
        GameOptionSpec(key="cards", label="Cards", default="base",
                       choices=[OptionChoice(value="base", label="Base deck (60 cards)"),
                                OptionChoice(value="expansion", label="Round Trip deck (60 cards)"),
                                OptionChoice(value="all", label="Both decks (120 cards)")],
                       help="Which deck to shuffle: the base game's, the Round Trip expansion's, or both together."),
        GameOptionSpec(key="player_planes", label="Player planes", default="5vp",
                       choices=[OptionChoice(value=s, label=_side_label(s)) for s in player_sides()],
                       help="The side every player's plane shows (Round Trip adds four). A colour nobody plays "
                            "always shows the draw-2 side."),
        GameOptionSpec(key="neutral_planes", label="Neutral planes", default="draw2",
                       choices=[OptionChoice(value=s, label=_side_label(s)) for s in neutral_sides()],
                       help="The side every neutral plane shows; the two wild sides put wild planes there, which "
                            "take a cube of any colour."),
        GameOptionSpec(key="round_limit", label="House rule: round cap", default="off",
                       choices=[OptionChoice(value="off", label="Off: play until the book's end comes"),
                                *[OptionChoice(value=n, label=f"End after {n} rounds (house rule)")
                                  for n in ROUND_CAPS]],
                       help="Not in the rulebook, which ends a game only when the boarding track fills or a "
                            "player has every cube aboard: a table that keeps stalling could play for ever. With a "
                            "cap the game also ends after that many full rounds."),
    ]


def _side_label(side_id: str) -> str:
    s = side(side_id)
    return f"{s.title} ({s.kind})" if s.kind == "wild" else s.title


def is_round_trip(options: dict[str, str]) -> bool:
    """Is any Round Trip module in play? Then its end trigger, scoring and tie-breaks apply."""
    return (any(options.get(k, v) != v for k, v in BASE_OPTIONS.items())
            or options.get("airport") in ROUND_TRIP_AIRPORTS)


def apply_scenario(options: dict[str, str]) -> dict[str, str]:
    """A scenario fills the options it decides (its airport, and plane sides it needs), keeping the host's choice
    where the scenario allows it. The result is what the lobby shows."""
    sc = scenario(options.get("scenario", "none"))
    if sc is None:
        return options
    out = {**options, "airport": sc.airport}
    if sc.player_sides and out.get("player_planes") not in sc.player_sides:
        out["player_planes"] = sc.player_sides[0]
    if sc.neutral_sides and out.get("neutral_planes") not in sc.neutral_sides:
        out["neutral_planes"] = sc.neutral_sides[0]
    return out


def _airport_label(airport_id: str) -> str:
    if airport_id == PRACTICE:
        # Not a board from the box: say so wherever players pick it.
        return "Practice ring (our own small board, not in the rulebook)"
    return airport_id.replace("_", " ").title()


def gate_plane(gate: str, colour: str, players: int, player_side: str = "5vp") -> Plane:
    """The plane parked at a numbered gate at set-up: the chosen player side up (5 VP a cube in the base game), or
    the draw-2 side when nobody plays that colour."""
    owner = PARTY_COLOURS.index(colour)
    if owner >= players:
        return Plane(gate=gate, colour=colour, side="draw2")
    return Plane(gate=gate, colour=colour, side=player_side, owner=owner)


def neutral_plane(gate: str, side_id: str) -> Plane:
    return Plane(gate=gate, colour=WILD if side(side_id).kind == "wild" else GREY, side=side_id)


def _poi_cards(deck: list[str], pois: list[str]) -> list[str]:
    return [c for c in deck if card(c).poi in pois]


def _divide(board: Airport, cubes: dict[str, dict[str, int]], on_start: list[str]) -> None:
    """Divide and Conquer: one cube of each colour from its start space to the first space of every other terminal
    (a ruling: the box holds five cubes a colour, so the three come from the five; see docs/planes-rulings.md)."""
    firsts = {board.space(f).terminal: f for f in board.first_spaces()}
    for space in board.spaces:
        if space.kind is not SpaceKind.START or not space.number:
            continue
        colour = on_start[space.number - 1]
        for terminal, first in firsts.items():
            if terminal == space.terminal:
                continue
            cubes[space.id][colour] -= 1
            cubes.setdefault(first, {})
            cubes[first][colour] = cubes[first].get(colour, 0) + 1


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
    sc = scenario(options.get("scenario", "none"))
    if sc is not None and sc.special == "divide_and_conquer":
        _divide(board, cubes, on_start)
    player_side = options.get("player_planes", "5vp")
    for space in board.spaces:
        if space.kind is SpaceKind.GATE and space.number:
            planes.append(gate_plane(space.id, on_start[space.number - 1], players, player_side))
        elif space.kind is SpaceKind.NEUTRAL_GATE:
            planes.append(neutral_plane(space.id, options.get("neutral_planes", "draw2")))
    player_decks = options["player_decks"] == "on"
    cards = options.get("cards", "base")
    decks = ([deck_for(PARTY_COLOURS[s], cards) for s in range(players)] if player_decks else [full_deck(cards)])
    set_aside, starting = _scenario_cards(sc, decks, players)
    for deck in decks:
        rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat in range(players):
        pile = decks[seat if player_decks else 0]
        hands[seat] = starting[seat] + [pile.pop() for _ in range(HAND_START - len(starting[seat]))]
    pois = poi_layout(board, options["pois"])
    return PlanesState(
        game=game, players=players, seed=seed, options=options, rng=rng, airport=options["airport"],
        start_seat=start_seat,
        cubes=cubes, pois=sc.pois(pois) if sc else pois, planes=planes, track_end=int(options["end_space"]),
        round_limit=0 if options.get("round_limit", "off") == "off" else int(options["round_limit"]),
        player_decks=player_decks, decks=decks, discards=[[] for _ in decks], hands=hands,
        goals=[[] for _ in range(players)], turn=start_seat, round_trip=is_round_trip(options),
        special=sc.special if sc else "", tokens=[0] * players, set_aside=set_aside,
    )


def _scenario_cards(sc: Scenario | None, decks: list[list[str]], players: int) -> tuple[list[str], list[list[str]]]:
    """Take out the cards a scenario removes, sets aside or deals first (in place, before the shuffle). Returns the
    set-aside cards and each seat's starting cards (their own colour's cards, one per point of interest named)."""
    starting: list[list[str]] = [[] for _ in range(players)]
    if sc is None:
        return [], starting
    set_aside: list[str] = []
    for deck in decks:
        for c in _poi_cards(deck, sc.remove_cards):
            deck.remove(c)
        for c in _poi_cards(deck, sc.set_aside_cards):
            deck.remove(c)
            set_aside.append(c)
    for seat in range(players):
        pile = decks[seat] if len(decks) > 1 else decks[0]
        for poi in sc.start_cards:
            # The seat's own dot; with both decks the base card comes first (lower number).
            found = [c for c in _poi_cards(pile, [poi]) if dot_of(c) == PARTY_COLOURS[seat]]
            if found:
                pile.remove(found[0])
                starting[seat].append(found[0])
    return sorted(set_aside), starting
