"""Planecrafters pictures for the rule tests, the gallery and the benchmark (see renderers/catalogue.py).

The boards and hands come from seeded playouts (the playout policy builds and sells planes the way people do), picked
by what they show: a busy four-player middle game for the gallery, and for the tests the hard cases: long names, a
Factory Manager's many planes (eight; seven beside a full table for hire), the objectives variant in the last round,
a finished game, the longest hand.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from engine.planecrafters.data import employee_kind
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from renderers.catalogue import Palette, Sample
from renderers.names import SAMPLE_NAMES
from renderers.planecrafters.board import board_image
from renderers.planecrafters.hand import hand_image
from renderers.planecrafters.style import BG, MODEL_COLOURS, mark

NAMES = [SAMPLE_NAMES[seat] for seat in range(4)]  # a different script at each seat
LONG_NAMES = ["Maximiliana Featherstonehaugh-Wolfeschlegel", "Bartholomew the Unbelievably Patient",
              "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Zoë Ångström-Łukasiewicz of the Isles"]


@cache
def _states(players: int, seed: int, objectives: bool = False) -> tuple[PCState, ...]:
    """Every state of one seeded playout, in order (the last one is the finished game)."""
    states: list[PCState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        assert isinstance(after, PCState)
        states.append(after)

    run = playout(GAME, players, seed, {"objectives": "on"} if objectives else {}, on_step=keep)
    assert states[-1] == run.state
    return tuple(states)


def _first(players: int, seed: int, wanted: Callable[[PCState], bool], objectives: bool = False) -> PCState:
    """The first state that shows what a sample wants, from this seed's game or, should the playout policy change
    and that game no longer reach it, from the next seeds'."""
    for tried in range(seed, seed + 40):
        found = next((s for s in _states(players, tried, objectives) if wanted(s)), None)
        if found is not None:
            return found
    raise AssertionError(f"no {players}-player game from seed {seed} on reaches {wanted.__name__}")


def _named(view: dict[str, Any], names: list[str] = NAMES) -> dict[str, Any]:
    """As the bot shows it: each seat under its member's name (bot/naming.py does this for real games)."""
    view = copy.deepcopy(view)
    for seat in view["seats"]:
        seat["name"] = names[seat["seat"]]
    return view


def _midgame() -> PCState:
    """Four players part-way through: staff hired, planes half built, a Spare Part in a factory."""
    return _states(4, 3)[len(_states(4, 3)) * 11 // 20]


def _busy_factory(state: PCState) -> bool:
    return max(len(p) for p in state.planes) >= 8


def _crowded(state: PCState) -> bool:
    """An odd number of planes, seven or more, in one factory while ten kinds of employee or more are still for hire:
    the board only fits 1200 x 900 with that factory's staff beside its last plane."""
    return (any(len(planes) >= 7 and len(planes) % 2 for planes in state.planes)
            and len({employee_kind(e) for e in state.pool}) >= 10)


def _last_round(state: PCState) -> bool:
    return state.ending and any(state.staff) and state.step == "flyer"


def _long_hand(state: PCState) -> bool:
    return max(len(h) for h in state.hands) >= 13


def _longest_hand_view() -> dict[str, Any]:
    state = _first(4, 7, _long_hand)
    seat = max(range(state.players), key=lambda s: len(state.hands[s]))
    return _named(GAME.view(state, seat), LONG_NAMES)


def swap_two_models(view: dict[str, Any]) -> dict[str, Any]:
    """The same position with two models exchanged on every card (Depot, factories, hand): with every model painted
    the same grey, the marks must still tell them apart."""
    swap = {"Sky Whale": "Red Sparrow", "Red Sparrow": "Sky Whale", "Puddle Jumper": "Cloud Mule",
            "Cloud Mule": "Puddle Jumper"}

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: walk(v) for k, v in node.items()}
            if isinstance(out.get("model"), str):
                out["model"] = swap.get(out["model"], out["model"])
            return out
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    swapped: dict[str, Any] = walk(view)
    return swapped


def _scores(view: dict[str, Any]) -> list[str]:
    """Each factory's crowns (final scores once the game is over): what a table compares first."""
    if view.get("scores"):
        return [f"final {score}" for score in view["scores"]]
    return [f"{seat['crowns']} crown" for seat in view["seats"]]


def _read_most(view: dict[str, Any]) -> list[str]:
    """Whose turn it is, each factory's name and its crowns (names too long for their band are cut: then the
    scores alone), and the model marks of the parts on its planes (what a player builds on and sells)."""
    turn = [] if view["over"] else [f"{view['seats'][view['turn']]['name']}'s turn"]
    marks = sorted({mark(str(part.get("model") or "")) for seat in view["seats"] for plane in seat["planes"]
                    for part in plane.values() if isinstance(part, dict)})
    return turn + [seat["name"] for seat in view["seats"]] + _scores(view) + marks


SAMPLES = [
    Sample("planecrafters-board", "board", "Planecrafters", lambda: _named(GAME.view(_midgame(), None)),
           board_image, swap_colours=swap_two_models, read_most=_read_most),
    Sample("planecrafters-hand", "hand", "Planecrafters hand", lambda: _named(GAME.view(_midgame(), 1)),
           hand_image, swap_colours=swap_two_models),
    Sample("planecrafters-long-names", "board", "long names", lambda: _named(GAME.view(_midgame(), None), LONG_NAMES),
           board_image, docs=False, read_most=_scores),
    Sample("planecrafters-many-planes", "board", "a Factory Manager's eight planes",
           lambda: _named(GAME.view(_first(4, 87, _busy_factory), None), LONG_NAMES), board_image, docs=False,
           read_most=_scores),
    Sample("planecrafters-crowded", "board", "seven planes beside ten employees for hire",
           lambda: _named(GAME.view(_first(4, 24, _crowded), None), LONG_NAMES), board_image, docs=False,
           read_most=_scores, known=frozenset({"read"})),  # too crowded for the larger type: MIN_FONT throughout
    Sample("planecrafters-objectives", "board", "the objectives variant in the last round",
           lambda: _named(GAME.view(_first(4, 4, _last_round, objectives=True), None)), board_image, docs=False,
           read_most=_read_most),
    Sample("planecrafters-over", "board", "a finished game",
           lambda: _named(GAME.view(_states(4, 6)[-1], None), LONG_NAMES), board_image, docs=False,
           read_most=_scores),
    Sample("planecrafters-two-players", "board", "two players",
           lambda: _named(GAME.view(_states(2, 1)[len(_states(2, 1)) // 2], None)), board_image, docs=False,
           read_most=_read_most),
    Sample("planecrafters-long-hand", "hand", "thirteen cards and a long name", _longest_hand_view, hand_image,
           docs=False),
    Sample("planecrafters-empty-hand", "hand", "no cards",
           lambda: _named(GAME.view(_states(3, 1)[0], 0) | {"hand": []}), hand_image, docs=False),
]

# The models' colours and the paper a Spare Part and an empty slot are drawn on: all must stay apart.
PALETTES = [Palette("Planecrafters models", {**MODEL_COLOURS, "Spare Part (paper)": BG}, live=MODEL_COLOURS)]
