"""Planes pictures for the rule tests, the gallery and the benchmark (see renderers/catalogue.py)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.ai.hooks import ai_for
from engine.core.ai.random_ai import pick
from engine.core.contract import offer_of
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.planes.game import GAME
from renderers.catalogue import Palette, Sample
from renderers.planes import board_image, hand_image
from renderers.planes.style import CUBE_FILL

# Seeded random games stopped where a cone stands, two cubes have boarded and the last move is drawn (found by
# searching seeds once; any seed works, these just show more of the picture).
BOARDS = {"flying_cloud": (13, 1014), "zephyr": (4, 749)}
# Round Trip: Azure with three kinds of reward on the player planes, Beacon with its wild planes and tram; both after
# VP tokens have been taken and cubes have boarded (seeds found the same way).
ROUND_TRIP = {
    "azure": ({"scenario": "happy_hour", "player_planes": "jumbo", "neutral_planes": "cargo"}, 1, 120),
    "beacon": ({"scenario": "divide_and_conquer"}, 5, 80),
}
LONG_NAMES = ["Maximiliana Featherstonehaugh-Wolfeschlegel", "Bartholomew the Unbelievably Patient",
              "Q", "Zoë Ångström-Łukasiewicz of the Northern Isles"]


def midgame_view(airport: str, seed: int, choices: int, seat: int | None = None, players: int = 4) -> dict[str, Any]:
    """The view after `choices` seeded random choices (fewer if the game ends first)."""
    state = new_game(GAME, players, seed, {"airport": airport})
    chooser = Rng.seeded(seed)
    for _ in range(choices):
        decisions = GAME.pending(state)
        if not decisions:
            break
        decision = chooser.choice(decisions)
        state, _ = apply(GAME, state, decision.seat, pick(decision, chooser))
    return GAME.view(state, seat)


def round_trip_view(options: dict[str, str], seed: int, choices: int, players: int = 4) -> dict[str, Any]:
    """A seeded Round Trip game after `choices` choices, each step played as the AI's playout plans it (a whole
    drop or skip at once, as a player's clicks would)."""
    state = new_game(GAME, players, seed, options)
    chooser = Rng.seeded(seed)
    for _ in range(choices):
        decisions = GAME.pending(state)
        if not decisions:
            break
        decision = chooser.choice(decisions)
        state, _ = apply(GAME, state, decision.seat, ai_for(GAME).playout_plan(state, offer_of(decision), chooser)[0])
    return GAME.view(state, None)


def moving_view(airport: str, seed: int) -> dict[str, Any]:
    """The first position of a seeded game where a group is being carried (a move in progress)."""
    for choices in range(40, 3000):
        view = midgame_view(airport, seed, choices)
        if view["move"] and len(view["move"]["active"]) >= 2 and view["move"]["path"]:
            return view
    raise AssertionError("no move in progress found")


def long_names(view: dict[str, Any]) -> dict[str, Any]:
    view = copy.deepcopy(view)
    for seat, name in zip(view["seats"], LONG_NAMES, strict=False):
        seat["name"] = name
    return view


def longest_cards(count: int, scorable: bool = False) -> list[dict[str, Any]]:
    """The cards of both decks with the longest texts, as a hand's view holds them: the most a hand must show."""
    from engine.planes.cards import card, full_deck

    ids = sorted({c for deck in ("base", "expansion") for c in full_deck(deck) if c.startswith("card:R")},
                 key=lambda c: -len(card(c).action + card(c).goal))
    return [{"card": c, "title": card(c).title, "action": card(c).action, "goal": card(c).goal, "vp": card(c).vp,
             "scorable": scorable} for c in ids[:count]]


def big_hand(view: dict[str, Any], count: int) -> dict[str, Any]:
    """The seat's hand replaced by the `count` longest cards, every other one scorable, with long names."""
    view = long_names(view)
    view["hand"] = [{**c, "scorable": i % 2 == 0} for i, c in enumerate(longest_cards(count))]
    return view


def crowded(view: dict[str, Any]) -> dict[str, Any]:
    """The most any box and the panel must hold: every colour with two-digit counts and a cone on every space, a
    path through every space, a group of seven carried onto the last one, every plane full, every effect in force,
    the longest action title and names."""
    view = long_names(view)
    spaces = list(view["cubes"])
    for space in spaces:
        view["cubes"][space] = {"red": 12, "blue": 10, "green": 11, "yellow": 13, "grey": 20}
    view["cones"] = sorted(spaces)
    for plane in view["planes"]:
        plane["slots"] = ["grey", "red", "green", "blue", "yellow"][: plane["capacity"]]
        plane["placed"] = list(range(len(plane["slots"])))  # each cube on its own slot, as a real view has it
    gates = [p["gate"] for p in view["planes"]]
    view["last_path"] = [*spaces, gates[0]]
    view["move"] = {"origin": spaces[0], "at": spaces[-1], "path": spaces[1:], "drops": [], "skipped": None,
                    "boarded": None, "active": ["blue", "blue", "green", "grey", "grey", "red", "yellow"]}
    view["phase"], view["end"] = "move", "track"
    view["action"] = {"title": "Ask for Directions / Information Overload", "text": "…"}
    view["effects"] = ["backwards", "only_own", "ignore_neutral", "ignore_blockages", "skip", "move_twice"]
    view["track"], view["track_end"] = 12, 12
    for seat in view["seats"]:
        seat.update(score=188, goal_vp=88, boarded=20, hand_size=12)
    return view


def _board(name: str, caption: str, view: Any, docs: bool = True, known: frozenset[str] = frozenset()) -> Sample:
    return Sample(f"planes-{name}", "board", caption, view, board_image, docs=docs, known=known)


def _hand(name: str, caption: str, view: Any, docs: bool = True) -> Sample:
    return Sample(f"planes-{name}", "hand", caption, view, hand_image, docs=docs)


SAMPLES = [
    _board("flying_cloud", "Planes, Flying Cloud", lambda: midgame_view("flying_cloud", *BOARDS["flying_cloud"])),
    _board("zephyr", "Planes, Zephyr", lambda: midgame_view("zephyr", *BOARDS["zephyr"])),
    _board("moving", "Planes, a group being carried", lambda: moving_view("zephyr", 3)),
    _board("azure", "Planes: Round Trip, Azure (Happy Hour, Jumbo and Cargo planes)",
           lambda: round_trip_view(*ROUND_TRIP["azure"])),
    _board("beacon", "Planes: Round Trip, Beacon (Divide and Conquer: wild planes, the tram)",
           lambda: round_trip_view(*ROUND_TRIP["beacon"])),
    # Early in a seeded game: a full hand of three with one goal already scorable.
    _hand("hand", "Planes hand (a goal scorable now is marked)", lambda: midgame_view("flying_cloud", 1, 10, seat=0)),
    # Stress cases for the tests only.
    _board("long-names", "long names", lambda: long_names(midgame_view("flying_cloud", 7, 300)), docs=False),
    *(_board(f"crowded-{a}", "everything at once", lambda a=a: crowded(midgame_view(a, 7, 300)), docs=False)
      for a in ("flying_cloud", "zephyr", "practice")),
    *(_board(f"crowded-{a}", "everything at once, Round Trip", lambda a=a: crowded(round_trip_view(*ROUND_TRIP[a])),
             docs=False) for a in ROUND_TRIP),
    *(_board(f"long-names-{a}", "long names, Round Trip", lambda a=a: long_names(round_trip_view(*ROUND_TRIP[a])),
             docs=False) for a in ROUND_TRIP),
    _board("practice", "the practice ring", lambda: midgame_view("practice", 4, 200), docs=False),
    # Three seats take three lines each (their VP from goals, or VP tokens, on a line of their own).
    _board("three-seats", "three seats, long names",
           lambda: long_names(midgame_view("zephyr", 4, 749, players=3)), docs=False),
    _board("three-seats-azure", "three seats, Round Trip, long names",
           lambda: long_names(round_trip_view(ROUND_TRIP["azure"][0], 1, 120, players=3)), docs=False),
    _hand("hand-long-names", "long names", lambda: long_names(midgame_view("zephyr", 2, 60, seat=1)), docs=False),
    *(_hand(f"hand-{n}-longest", f"the {n} longest cards", lambda n=n: big_hand(midgame_view("zephyr", 2, 60, seat=1),
                                                                                 n), docs=False) for n in (6, 12)),
]

PALETTES = [Palette("Planes cube and player colours", dict(CUBE_FILL), live=CUBE_FILL)]
