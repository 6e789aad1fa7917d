"""The board and hand images are real PNGs of a sensible size, for an opening, a busy middle and a finished game."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.play import apply, new_game
from engine.core.selfplay import playout
from engine.planecrafters.game import GAME
from renderers import for_game
from renderers.planecrafters import render_board, render_hand


def _check(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG") and len(png) < 400_000
    img = Image.open(io.BytesIO(png))
    assert img.width == 800 and img.height > 100
    return img


def test_board_and_hand_through_a_game() -> None:
    run = playout(GAME, 4, 11)
    state = new_game(GAME, 4, 11)
    heights = []
    for i, action in enumerate(run.actions):
        if i % 250 == 0:
            heights.append(_check(render_board(GAME.view(state, None))).height)
            _check(render_hand(GAME.view(state, action.seat)))
        state, _ = apply(GAME, state, action.seat, action.choice)
    _check(render_board(GAME.view(run.state, None)))
    assert len(heights) >= 2


def test_registered_renderer_is_this_module() -> None:
    assert for_game("planecrafters") is not None


def test_cached_text_stamps_draw_exactly_what_pillow_draws() -> None:
    from PIL import ImageChops, ImageDraw

    from renderers.planecrafters import Pen, font

    plain, stamped = (Image.new("RGB", (300, 90), (246, 242, 232)) for _ in range(2))
    for draw in (ImageDraw.Draw(plain), Pen(stamped)):
        draw.text((7, 5), "PLAYER 2   14 crowns", fill=(30, 30, 30), font=font(19))
        draw.text((10, 40), "STACK\n37", fill=(200, 40, 40), font=font(22))
    assert ImageChops.difference(plain, stamped).getbbox() is None


def test_images_use_the_names_the_view_carries() -> None:
    """The bot fills each seat's "name" with the member's name; the board and the hand must show it, not a number."""
    state = new_game(GAME, 3, 5)
    board, hand = GAME.view(state, None), GAME.view(state, 1)
    assert [s["name"] for s in board["seats"]] == ["Player 1", "Player 2", "Player 3"]

    def named(view: dict) -> dict:
        return {**view, "seats": [{**s, "name": f"member{s['seat']} with a long display name"} for s in view["seats"]]}

    assert render_board(named(board)) != render_board(board)
    assert render_hand(named(hand)) != render_hand(hand)
