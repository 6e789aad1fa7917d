"""Planes pictures: the board posted in the channel (board.py, with layout.py placing the airport and panel.py the
scores and legend beside it) and a seat's hand sent by DM (hand.py). style.py holds the colours and marks;
samples.py registers the seeded pictures that the rule tests, `python -m renderers samples` and `python -m bench
renders` use."""

from renderers.planes.board import board_image, render_board
from renderers.planes.hand import hand_image, render_hand
from renderers.planes.style import seat_colour

__all__ = ["board_image", "hand_image", "render_board", "render_hand", "seat_colour"]
