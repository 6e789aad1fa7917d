"""Flight Plan pictures for the rule tests, the gallery and the benchmark (see renderers/catalogue.py).

Seeded playouts by the playout policy, stopped where they show the most: a six-airline middle game (routes in
every region, hubs, something deactivated), two and three airlines, a finished game, and long names.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache
from typing import Any

from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState
from renderers.catalogue import Palette, Sample
from renderers.flight_plan.board import board_image, status_line
from renderers.flight_plan.style import OWNER
from renderers.flight_plan.table import cells
from renderers.names import SAMPLE_NAMES

NAMES = [SAMPLE_NAMES[seat] for seat in range(6)]  # a different script at each seat
LONG_NAMES = ["Maximiliana Featherstonehaugh-Wolfeschlegel", "Bartholomew the Unbelievably Patient",
              "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Zoë Ångström-Łukasiewicz of the Isles",
              "Esperanza Montgomery-Villanueva", "Fumiko Takahashi-Yamamoto the Third"]


@cache
def _states(players: int, seed: int) -> tuple[FPState, ...]:
    states: list[FPState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        assert isinstance(after, FPState)
        states.append(after)

    playout(GAME, players, seed, on_step=keep)
    return tuple(states)


def _first(players: int, seed: int, wanted: Callable[[FPState], bool]) -> FPState:
    return _states(players, seed)[_at(players, seed, wanted)]


def _at(players: int, seed: int, wanted: Callable[[FPState], bool]) -> int:
    states = _states(players, seed)
    return next((i for i, s in enumerate(states) if wanted(s)), len(states) * 3 // 4)


MOVES_BEFORE = 9
"""Moves before a sample the benchmark draws first: the one before the moves it times, and eight it times."""


def _before(players: int, seed: int, at: int | Callable[[FPState], bool],
            names: list[str] | None = None) -> Callable[[], list[dict[str, Any]]]:
    """The views of the moves before the sample's (the state `at`, or the first that is `wanted`), oldest first."""

    def views() -> list[dict[str, Any]]:
        states = _states(players, seed)
        index = (at if isinstance(at, int) else _at(players, seed, at)) % len(states)
        return [_named(GAME.view(s, None), names or NAMES) for s in states[max(0, index - MOVES_BEFORE):index]]

    return views


def _busy(state: FPState) -> bool:
    """Late in the game, before it ends: many routes, a hub or two, something deactivated if we can."""
    return (state.phase == "play" and sum(len(a.routes) for a in state.airlines) >= 4 * state.players
            and any(a.off for a in state.airlines))


def _named(view: dict[str, Any], names: list[str] = NAMES) -> dict[str, Any]:
    view = copy.deepcopy(view)
    for a in view["airlines"]:
        a["name"] = names[a["seat"]]
    return view


def swap_two_airlines(view: dict[str, Any]) -> dict[str, Any]:
    """The same position with airlines 1 and 2 exchanged: with their colours painted the same, numbers must still
    tell them apart."""
    view = copy.deepcopy(view)
    a, b = view["airlines"][0], view["airlines"][1]
    view["airlines"][0], view["airlines"][1] = {**b, "seat": 0}, {**a, "seat": 1}
    return view


def _figures_and_codes(view: dict[str, Any]) -> list[str]:
    """Whose turn (the status line up to the step: the whole line once the game is over), each airline's cash and
    goals, what a table compares, and the city codes the map must show: every hub and every city a button names."""
    line = status_line(view)
    head = line if view["over"] else line.split(":")[0]
    hubs = {h["city"] for a in view["airlines"] for h in a["hubs"]}
    figures = [cells(a)[key] for a in view["airlines"] if not a["out"] for key in ("cash", "goals")]
    return [head, *figures, *sorted(hubs | set(view.get("named_cities", [])))]


def _read_most(view: dict[str, Any]) -> list[str]:
    """The figures and codes, and each airline's name (a name too long for the larger type is at the floor)."""
    return _figures_and_codes(view) + [a["name"] for a in view["airlines"]]


SAMPLES = [
    Sample("flight-plan-board", "board", "Flight Plan, six airlines",
           lambda: _named(GAME.view(_first(6, 4, _busy), None)), board_image, moves_before=_before(6, 4, _busy),
           swap_colours=swap_two_airlines, read_most=_read_most),
    Sample("flight-plan-two", "board", "two airlines", lambda: _named(GAME.view(_first(2, 2, _busy), None)),
           board_image, moves_before=_before(2, 2, _busy), docs=False, read_most=_read_most),
    Sample("flight-plan-three", "board", "three airlines", lambda: _named(GAME.view(_first(3, 5, _busy), None)),
           board_image, moves_before=_before(3, 5, _busy), docs=False, read_most=_read_most),
    Sample("flight-plan-over", "board", "a finished game", lambda: _named(GAME.view(_states(4, 6)[-1], None)),
           board_image, moves_before=_before(4, 6, -1), docs=False, read_most=_read_most),
    Sample("flight-plan-long-names", "board", "long names",
           lambda: _named(GAME.view(_first(6, 4, _busy), None), LONG_NAMES), board_image,
           moves_before=_before(6, 4, _busy, LONG_NAMES), docs=False,
           read_most=_figures_and_codes),
    Sample("flight-plan-first-move", "board", "the first move", lambda: _named(GAME.view(_states(5, 1)[0], None)),
           board_image, docs=False, read_most=_read_most),
]

PALETTES = [Palette("Flight Plan airline colours", dict(OWNER), live=OWNER)]
