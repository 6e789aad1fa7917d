"""Planes pictures for the rule tests, the README and the benchmark (see renderers/catalogue.py)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.play import apply, new_game
from engine.core.random_ai import pick
from engine.core.rng import Rng
from engine.planes.game import GAME
from renderers.catalogue import Palette, Sample
from renderers.planes.board import board_image, hand_image
from renderers.planes.style import CUBE_FILL

# Seeded random games stopped where a cone stands, two cubes have boarded and the last move is drawn (found by
# searching seeds once; any seed works, these just show more of the picture).
BOARDS = {"flying_cloud": (13, 1014), "zephyr": (5, 749)}
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


def swap_red_green(view: dict[str, Any]) -> dict[str, Any]:
    """The same position with the red and green colours exchanged everywhere (seats, planes, cubes)."""
    swap = {"red": "green", "green": "red"}
    view = copy.deepcopy(view)
    for seat in view["seats"]:
        seat["colour"] = swap.get(seat["colour"], seat["colour"])
    for plane in view["planes"]:
        plane["colour"] = swap.get(plane["colour"], plane["colour"])
        plane["slots"] = [swap.get(c, c) for c in plane["slots"]]
    for counts in view["cubes"].values():
        counts["red"], counts["green"] = counts["green"], counts["red"]
    if view["move"]:
        view["move"]["active"] = sorted(swap.get(c, c) for c in view["move"]["active"])
    return view


NOW = frozenset({"phone", "clipping"})  # what today's portrait board breaks; the landscape board fixes it

SAMPLES = [
    Sample("planes-flying_cloud", "board", "Planes, Flying Cloud", lambda: midgame_view("flying_cloud", *BOARDS[
        "flying_cloud"]), board_image, known=NOW, swap_colours=swap_red_green),
    Sample("planes-zephyr", "board", "Planes, Zephyr", lambda: midgame_view("zephyr", *BOARDS["zephyr"]),
           board_image, known=frozenset({"phone"}), swap_colours=swap_red_green),
    Sample("planes-moving", "board", "Planes, a group being carried", lambda: moving_view("zephyr", 3),
           board_image, known=NOW, swap_colours=swap_red_green),
    # Early in a seeded game: a full hand of three with one goal already scorable.
    Sample("planes-hand", "hand", "Planes hand (a goal scorable now is marked)",
           lambda: midgame_view("flying_cloud", 1, 10, seat=0), hand_image),
    Sample("planes-long-names", "board", "long names", lambda: long_names(midgame_view("flying_cloud", 7, 300)),
           board_image, docs=False, known=NOW),
    Sample("planes-practice", "board", "the practice ring", lambda: midgame_view("practice", 4, 200),
           board_image, docs=False, known=NOW),
    Sample("planes-hand-long-names", "hand", "long names", lambda: long_names(midgame_view("zephyr", 2, 60, seat=1)),
           hand_image, docs=False),
]

PALETTES = [Palette("Planes cube and player colours", dict(CUBE_FILL), live=CUBE_FILL, known=True)]
