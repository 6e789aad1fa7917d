"""Flight Plan colours and sizes (1200 x 900 canvas, shown at 373 x 280: text at least MIN_FONT, 37 px)."""

from __future__ import annotations

from renderers.kit.paint import RGB
from renderers.kit.rules import MIN_FONT

W, H = 1200, 900
TEXT = MIN_FONT
TOP = 54  # the status line above the map
ROW = 44  # one line of the airline table: a name's tallest marks (Devanagari, Chinese) and its descenders
TABLE_HEAD = 38  # the table's column titles


def table_lines(players: int) -> int:
    """A line per airline and two more for the longest lists (up to eight: six airlines); the map takes the rest."""
    return min(8, players + 2)


def map_height(players: int) -> int:
    return H - 4 - TABLE_HEAD - table_lines(players) * ROW - 6 - TOP


MAP_H = map_height(6)  # the shortest map, six airlines': geo.py spreads the cities apart on it
# Airline colours (the Okabe-Ito set, adjusted so every pair stays apart under colour-blind simulations); the
# airline's number is always drawn with them.
OWNER: dict[str, RGB] = {"1": (240, 170, 0), "2": (0, 114, 178), "3": (0, 158, 115), "4": (213, 94, 0),
                         "5": (204, 121, 167), "6": (120, 200, 240)}
OWNER_TEXT: dict[str, RGB] = {"1": (28, 30, 36), "2": (255, 255, 255), "3": (255, 255, 255),
                              "4": (255, 255, 255), "5": (28, 30, 36), "6": (28, 30, 36)}
SEA: RGB = (232, 239, 245)
REGION_TINT: dict[str, RGB] = {"NA": (214, 226, 244), "SA": (244, 236, 200), "EU": (214, 238, 220),
                               "AF": (236, 222, 242), "AP": (246, 222, 228), "ME": (236, 226, 210)}
FREE_ROUTE: RGB = (188, 194, 202)
WIDTH = {"short": 3, "medium": 5, "long": 7, "ultra": 9}
FLEET_LETTER = {"short": "S", "medium": "M", "long": "L", "ultra": "U", "cargo": "C"}


def seat_colour(view: dict[str, object], seat: int) -> RGB | None:
    """The airline's colour on the map (airline n is seat n - 1): the Discord layer tints its panel with it."""
    return OWNER.get(str(seat + 1))
