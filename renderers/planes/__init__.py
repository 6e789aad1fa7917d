"""Planes pictures: the board posted in the channel (board.py) and a seat's hand sent by DM (footer.py draws the
hand for now). samples.py registers the seeded pictures that the rule tests, `python -m renderers samples` and
`python -m renderers bench` use."""

from renderers.planes.board import board_image, hand_image, render_board, render_hand

__all__ = ["board_image", "hand_image", "render_board", "render_hand"]
