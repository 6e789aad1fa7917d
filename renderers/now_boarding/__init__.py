"""Now Boarding pictures: the board (map, weather, planes, passengers, complaints, stage)."""

from renderers.now_boarding.board import board_image, render_board, render_hand
from renderers.now_boarding.style import seat_colour

__all__ = ["board_image", "render_board", "render_hand", "seat_colour"]
