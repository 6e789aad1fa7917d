"""Planecrafters pictures for the rule tests, the README and the benchmark (see renderers/catalogue.py).

`known` lists the rules today's images still break (issue 7): the Planecrafters renderer does not draw through the
kit's Pen yet, so nothing of it is recorded, its 800 px portrait board is shown at 300 px tall, and its palette gives
models the same colour. Each entry comes off `known` as the renderer is fixed; the tests fail if one is left on.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import apply, new_game
from engine.core.random_ai import choose
from engine.core.rng import Rng
from engine.planecrafters.game import GAME
from renderers.catalogue import Palette, Sample
from renderers.planecrafters import PALETTE, board_image, hand_image


@cache
def _midgame() -> Any:
    """A 3-player game part-way through (seeded)."""
    state = new_game(GAME, 3, 5, {})
    chooser = Rng.seeded(5)
    for _ in range(120):
        (decision, *_rest) = GAME.pending(state)
        state, _events = apply(GAME, state, decision.seat, choose(GAME, state, decision, chooser))
    return state


def _board() -> dict[str, Any]:
    return GAME.view(_midgame(), None)


def _hand() -> dict[str, Any]:
    return GAME.view(_midgame(), 0)


TODAY = frozenset({"drawn", "phone", "clipping"})

SAMPLES = [
    Sample("planecrafters-board", "board", "Planecrafters", _board, board_image, known=TODAY),
    Sample("planecrafters-hand", "hand", "Planecrafters hand", _hand, hand_image, known=TODAY),
]

PALETTES = [Palette("Planecrafters models", {f"model colour {i + 1}": c for i, c in enumerate(PALETTE)}, known=True)]
