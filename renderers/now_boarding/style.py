"""Now Boarding colours and where things sit on the 1200 x 900 canvas.

The five route colours were picked to stay at least CIEDE2000 12 apart under normal vision and the three simulated
colour blindnesses (renderers/README.md); every coloured thing also carries its plane's letter (G, O, R, B, P).
"""

from __future__ import annotations

from renderers.kit.paint import INK, RGB, WHITE
from renderers.kit.rules import MIN_FONT, READ_FONT

SIZE = (1200, 900)
ROUTE_FILL: dict[str, RGB] = {
    "green": (0, 140, 110),
    "orange": (240, 150, 30),
    "red": (180, 30, 50),
    "blue": (20, 60, 160),
    "purple": (200, 120, 210),
}
# Dark text on the light fills, white on the dark ones, so the letter always reads.
ROUTE_TEXT: dict[str, RGB] = {"green": WHITE, "orange": INK, "red": WHITE, "blue": WHITE, "purple": INK}
PLAIN = (150, 150, 158)
STORM = (70, 72, 86)
TAILWIND = (200, 232, 250)
ANGER = (200, 40, 40)
FACE_DOWN = (215, 215, 220)
CARD = (255, 255, 255)
SEAT_EMPTY = (236, 236, 240)
STRIPE = (238, 235, 224)  # every other plane's row, a shade darker than the paper

TEXT = MIN_FONT  # the smallest text (37 px): capitals 8 px tall where Discord shows the canvas at 373 x 280
BIG = 44  # the stage's name, the panel's heading
READ = READ_FONT  # what the team reads most: the airports' codes on the map, the pilots' names (10 px at 400 px)
MAP_LEFT, MAP_TOP, MAP_SCALE_X, MAP_SCALE_Y = 3, -26, 0.78, 0.83  # map.toml's 1000 x 600 frame onto the canvas
AIRPORT_HALF = (48, 23)  # an airport's box holds its code at READ (DFW: 92 px) with a few pixels to spare
MARK_HALF = 20  # a route's letter chip and a plane's marker: 40 px squares that hold one letter at TEXT
TOKEN_R = 20  # a weather token's disc (a storm's two halves, a tailwind), rim included
MAP_RIGHT = 780  # the map's right edge: the side panel starts beyond it
SIDE_X = 791  # the right-hand column: stage, complaints, waiting passengers, the key
SIDE_RIGHT = 1195
BAND_Y = 482  # the band under the map: one row per plane, its name and figures above its seats
ROW_H = 83  # a plane's row: a line of text (the name in READ) and a line of seats (five fill the band)
PAX_H = 36  # a passenger's card, waiting or aboard
PAX_W = 138  # a waiting passenger's card: destination, VIP star and anger tab
SEAT_W = 120  # a seat on a plane: six fit in the band's width
ANGER_TAB = 28  # a passenger's anger number sits on a red tab this wide at the card's right end


def at(x: float, y: float) -> tuple[float, float]:
    return MAP_LEFT + x * MAP_SCALE_X, MAP_TOP + y * MAP_SCALE_Y


def seat_colour(view: dict[str, object], seat: int) -> RGB | None:
    """The seat's plane colour once it has one (None before the planes are handed out)."""
    seats = view.get("seats")
    found = next((s for s in seats if isinstance(s, dict) and s.get("seat") == seat), None) if isinstance(
        seats, list) else None
    return ROUTE_FILL.get(str(found.get("colour"))) if found else None
