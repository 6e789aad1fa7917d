"""The Flight Plan board keeps its routes layer between moves (board.ROUTES, kit.layer.MoveLayers) and the places
free_spot found (with the boxes that turned nearer places down): a board drawn with both remembered is byte for byte
the board drawn with neither, over seeded games' consecutive views, as a game draws them; and a recording still sees
every shape and text of the layer."""

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
        forget_moves()  # every board on a layer and with places found afresh, as the first move a process draws
        assert to_png(board.board_image(view)) == png, f"round {view['round']}, {view['step']}"


def test_a_remembered_place_is_the_one_searched_afresh_as_the_ground_changes() -> None:
    forget_moves()
    ground = [(500.0, 300.0, 560.0, 340.0)]
    first = board.free_spot(530, 320, 60, 36, ground, 500)
    assert first is not None and first != (500.0, 302.0, 560.0, 338.0), "the box in the way turned the centre down"
    far = [*ground, (20.0, 500.0, 60.0, 530.0)]
    assert board.free_spot(530, 320, 60, 36, far, 500) == first, "a box far away changes nothing"
    near = [*ground, first]
    again = board.free_spot(530, 320, 60, 36, near, 500)
    assert again is not None and again != first, "the place found is taken now: searched again"
    assert board.free_spot(530, 320, 60, 36, [], 500) == (500.0, 302.0, 560.0, 338.0), "nothing in the way"
    forget_moves()
    assert board.free_spot(530, 320, 60, 36, near, 500) == again


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
