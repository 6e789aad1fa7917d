"""Planes images: valid PNGs of the expected size, deterministic, and drawn from a view only."""

from __future__ import annotations

import copy
import inspect
import io
import json
from typing import Any

import pytest
from PIL import Image

from engine.core.play import new_game
from engine.core.selfplay import playout
from engine.planes.board import airport
from engine.planes.game import GAME
from renderers import for_game
from renderers.planes import board as planes
from renderers.planes.footer import HAND_W, footer_height
from renderers.planes.samples import midgame_view

AIRPORTS = ["flying_cloud", "zephyr"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def expected_board_size(view: dict[str, Any]) -> tuple[int, int]:
    board = airport(view["airport"])
    return 1200, planes.HEADER + board.height + footer_height(view)


def setup_view(airport_id: str, players: int, seat: int | None = None) -> dict[str, Any]:
    return GAME.view(new_game(GAME, players, 11, {"airport": airport_id}), seat)


def test_registry_finds_the_planes_renderer() -> None:
    import renderers.planes

    assert for_game("planes") is renderers.planes


@pytest.mark.parametrize("airport_id", AIRPORTS)
@pytest.mark.parametrize("players", [2, 4])
def test_setup_board_is_a_png_of_the_expected_size(airport_id: str, players: int) -> None:
    view = setup_view(airport_id, players)
    data = planes.render_board(view)
    assert decode(data).size == expected_board_size(view)
    assert len(data) < 500_000


@pytest.mark.parametrize("airport_id", AIRPORTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_mid_game_board_renders(airport_id: str, seed: int) -> None:
    view = midgame_view(airport_id, seed, 120)
    assert view["last_path"] or view["move"], "the position should show a move to highlight"
    data = planes.render_board(view)
    assert decode(data).size == expected_board_size(view)
    assert len(data) < 500_000


def test_a_crowded_space_and_a_cone_still_render() -> None:
    view = setup_view("zephyr", 4)
    view["cubes"]["C"] = {"red": 3, "blue": 3, "green": 3, "yellow": 3, "grey": 15}
    view["cones"] = ["C"]
    plain = setup_view("zephyr", 4)
    assert planes.render_board(view) != planes.render_board(plain)
    decode(planes.render_board(view))


def test_the_last_path_and_boarded_slots_change_the_picture() -> None:
    base = setup_view("flying_cloud", 3)
    moved = copy.deepcopy(base)
    moved["last_path"] = ["P1", "a2", "a3"]
    boarded = copy.deepcopy(base)
    boarded["planes"][0]["slots"] = ["red", "red"]
    images = {planes.render_board(v) for v in (base, moved, boarded)}
    assert len(images) == 3


def test_rendering_is_deterministic() -> None:
    view = midgame_view("zephyr", 3, 90)
    again = json.loads(json.dumps(view))
    assert planes.render_board(view) == planes.render_board(again)
    hand = midgame_view("zephyr", 3, 90, seat=1)
    assert planes.render_hand(hand) == planes.render_hand(json.loads(json.dumps(hand)))


def test_board_does_not_use_a_seats_private_part() -> None:
    public = midgame_view("flying_cloud", 4, 80)
    private = midgame_view("flying_cloud", 4, 80, seat=2)
    assert "hand" in private and "hand" not in public
    assert planes.render_board(public) == planes.render_board(private)


def test_renderer_only_ever_receives_a_view() -> None:
    for fn in (planes.render_board, planes.render_hand):
        assert list(inspect.signature(fn).parameters) == ["view"]
    source = inspect.getsource(planes)
    assert "PlanesState" not in source and "engine.planes.game" not in source


def test_hand_lists_every_card_and_marks_scorable_goals() -> None:
    view = setup_view("zephyr", 3, seat=0)
    assert view["hand"]
    for card in view["hand"]:
        card["scorable"] = False
    none_scorable = decode(planes.render_hand(view))
    view["hand"][0]["scorable"] = True
    one_scorable = decode(planes.render_hand(view))
    assert none_scorable.width == one_scorable.width == HAND_W
    # The SCORABLE NOW band adds a row to that card.
    assert one_scorable.height == none_scorable.height + 44
    view["hand"] = []
    assert decode(planes.render_hand(view)).width == HAND_W


def test_practice_airport_is_spread_out_to_fit_its_boxes() -> None:
    view = GAME.view(new_game(GAME, 2, 5, {"airport": "practice"}), None)
    image = decode(planes.render_board(view))
    assert image.width > 1200


@pytest.mark.parametrize("airport_id", AIRPORTS)
def test_every_phase_of_a_whole_game_renders(airport_id: str) -> None:
    """Sample views across a seeded random game, through to the end, and render each one."""
    seen: dict[str, dict[str, Any]] = {}

    def keep(_before: Any, _action: Any, after: Any) -> None:
        view = GAME.view(after, None)
        seen.setdefault(view["phase"], view)
        if view["move"] and "moving" not in seen:
            seen["moving"] = view

    result = playout(GAME, 3, 5, {"airport": airport_id}, on_step=keep)
    assert GAME.view(result.state, None)["phase"] == "over"
    assert {"action", "move", "over", "moving"} <= set(seen)
    for view in seen.values():
        assert decode(planes.render_board(view)).size == expected_board_size(view)


def test_cached_board_layer_gives_the_same_bytes_as_a_fresh_one() -> None:
    view = midgame_view("flying_cloud", 6, 70)
    planes._base.cache_clear()
    fresh = planes.render_board(view)
    assert planes.render_board(view) == fresh
