"""Noughts and crosses pictures for the picture rules (renderers/catalogue.py): a game in progress, a won game and
long names. None goes to the docs' gallery (`docs=False`): the game is an example, offered to no one."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from engine.noughts.game import GAME
from renderers.catalogue import Palette, Sample
from renderers.noughts.board import MARK_COLOURS, board_image

LONG_NAMES = {"Player 1": "Maximiliana Featherstonehaugh-Wolfeschlegel", "Player 2": "WWWWWWWWWWWWWWWWWWWWWWWW"}


@cache
def _states(seed: int) -> tuple[GameState, ...]:
    states: list[GameState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        states.append(after)

    playout(GAME, 2, seed, on_step=keep)
    return tuple(states)


def _long_names(view: dict[str, Any]) -> dict[str, Any]:
    view = copy.deepcopy(view)
    for seat in view["seats"]:
        seat["name"] = LONG_NAMES[seat["name"]]
    return view


def swap_marks(view: dict[str, Any]) -> dict[str, Any]:
    """The same grid with every X an O and every O an X: painted in one colour, the letters still differ."""
    view = copy.deepcopy(view)
    view["cells"] = {cell: {"X": "O", "O": "X"}.get(mark, "") for cell, mark in view["cells"].items()}
    return view


SAMPLES = [
    Sample("noughts-board", "board", "Noughts and Crosses, a game in progress",
           lambda: GAME.view(_states(1)[2], None), board_image, docs=False, swap_colours=swap_marks),
    Sample("noughts-over", "board", "a finished game", lambda: GAME.view(_states(1)[-1], None), board_image,
           docs=False),
    Sample("noughts-long-names", "board", "long names", lambda: _long_names(GAME.view(_states(2)[3], None)),
           board_image, docs=False),
]
PALETTES = [Palette("noughts-marks", dict(MARK_COLOURS), live=MARK_COLOURS)]
