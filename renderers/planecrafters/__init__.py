"""Planecrafters pictures: the public board posted in the channel (board.py) and one player's hand sent by DM
(hand.py), both drawn with the colours and model marks of style.py. samples.py registers the seeded pictures that the
rule tests, `python -m renderers samples` and `python -m bench renders` use."""

from renderers.planecrafters.board import board_image, render_board
from renderers.planecrafters.hand import hand_image, render_hand

__all__ = ["board_image", "hand_image", "render_board", "render_hand"]
