"""The Flight Plan board keeps its routes layer between moves (board.ROUTES, kit.layer.MoveLayers): a board drawn on
the remembered layer is byte for byte the board drawn on a fresh one, over seeded games' consecutive views, as a
game draws them; and a recording still sees every shape and text of the layer."""

from __future__ import annotations

import pytest

from engine.flight_plan.game import GAME
from renderers.flight_plan import board
from renderers.flight_plan.samples import _named, _states
from renderers.kit.layer import forget_moves
from renderers.kit.paint import to_png
from renderers.kit.record import recording


@pytest.mark.parametrize(("players", "seed", "moves"), [(6, 4, slice(120, 200)), (3, 5, slice(None))])
def test_a_board_on_the_remembered_routes_layer_is_byte_for_byte_a_fresh_one(players: int, seed: int,
                                                                              moves: slice) -> None:
    views = [_named(GAME.view(state, None)) for state in _states(players, seed)[moves]]
    forget_moves()
    hits = board.ROUTES.hits
    remembered = [to_png(board.board_image(view)) for view in views]
    found = board.ROUTES.hits - hits
    assert found >= len(views) // 3, "most moves leave the routes alone: the layer was remembered for them"
    assert found < len(views) - 1, "a route bought or switched off draws the layer anew"
    for view, png in zip(views, remembered, strict=True):
        forget_moves()  # every board on a layer drawn afresh, as the first move a process draws
        assert to_png(board.board_image(view)) == png, f"round {view['round']}, {view['step']}"


def test_a_remembered_layer_is_never_drawn_on() -> None:
    states = _states(6, 4)
    first, second = (_named(GAME.view(s, None)) for s in states[len(states) // 2:len(states) // 2 + 2])
    assert board.routes_key(first) == board.routes_key(second), "the seeded game's two moves share a layer"
    forget_moves()
    fresh = to_png(board.board_image(second))
    board.board_image(first)  # draws its planes and labels on a copy of the layer
    assert to_png(board.board_image(second)) == fresh


def test_a_recording_sees_the_routes_layer_drawn() -> None:
    view = _named(GAME.view(_states(6, 4)[-1], None))
    board.board_image(view)  # the layer remembered
    with recording() as log:
        board.board_image(view)
    texts = {mark.text for mark in log.texts}
    hubs = {h["city"] for a in view["airlines"] for h in a["hubs"]}
    assert hubs and {str(a["seat"] + 1) for a in view["airlines"] if a["hubs"]} <= texts, "hub towers logged"
    assert {"NA", "EU"} & texts, "region names logged"
