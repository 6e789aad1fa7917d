"""Noughts and crosses pictures: the grid with its marks, and a column naming each player's mark."""

from renderers.noughts.board import board_image, render_board, render_hand

__all__ = ["board_image", "render_board", "render_hand"]
