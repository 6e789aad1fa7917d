"""Flight Plan colours and sizes (1200 x 900 canvas, shown at 373 x 280: text at least MIN_FONT, 37 px)."""

from __future__ import annotations

from renderers.kit.paint import RGB
from renderers.kit.rules import MIN_FONT, READ_FONT

W, H = 1200, 900
TEXT = MIN_FONT
# What a table reads most, larger (capitals 10 px on a phone): whose turn, each airline's name, cash and goals, and
# the city codes on the map. The rest (income, the lists, region names, column titles) keeps the floor.
READ = READ_FONT
TOP = 56  # the status line above the map
ROW = 50  # an airline's first line: a name's tallest marks (Devanagari, Chinese) at READ and its descenders
LINE = 40  # each further line of an airline's lists: letters, codes and numbers at TEXT, no tall marks
TABLE_HEAD = 36  # the table's column titles
MAP_GAP = 4  # between the map and the table


def spare_lines(players: int) -> int:
    """Lines for the longest lists beyond an airline's first: two (the table holds at most eight lines)."""
    return min(2, 8 - players)


def table_height(players: int) -> int:
    return TABLE_HEAD + players * ROW + spare_lines(players) * LINE


def map_height(players: int) -> int:
    """The map takes what the status line and the table leave."""
    return H - 4 - table_height(players) - MAP_GAP - TOP


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
