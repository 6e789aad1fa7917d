"""Flight Plan pictures: the world map with every airline's routes, hubs and plane, and a row per airline."""

from renderers.flight_plan.board import board_image, render_board, render_hand
from renderers.flight_plan.style import seat_colour

__all__ = ["board_image", "render_board", "render_hand", "seat_colour"]
