"""The picture rules every renderer follows, as numbers the tests check (renderers/README.md explains each one).

A board or hand is posted as the image of a Discord embed. Discord shows an embed image at most 400 px wide and 300 px
tall on desktop, and narrower where the message column is narrow: 373 px wide was measured in the channel.
So a canvas is *shown* at `shown_scale(size)` of its pixels, the narrowest of those, and every rule below is measured
at that shown size.
"""

from __future__ import annotations

import math

SHOWN_MAX = (373, 280)  # an embed image as shown in a narrow channel column (at most 400 x 300 on a wide one)
MIN_TEXT_PX = 8.0  # the height of a capital letter (and of a digit) of any text, in shown pixels
CAP_HEIGHT = 0.714  # Noto Sans capitals (and digits) are this share of its font size (tests/renderers/test_kit)
MIN_DELTA_E = 12.0  # CIEDE2000 between any two colours a player must tell apart, in every vision simulated
MAX_RENDER_RATIO = 1.5  # a board render costs at most this many times the PNG encoding of the same image

# A phone shows a picture 400 x 300 at most, and less in a narrow window (a 430 px window showed a board 305 px wide).
PHONE = (400, 300)
READ_MOST_PX = 10.0  # capitals of what players read most (whose turn, the scores…) at PHONE: 7.6 px at 305 px wide
# Width over height: at least 4:3, so a phone shows the picture by its width (a taller one is shown by its height,
# hence smaller), and at most 2:1, so it is still 200 px tall there.
ASPECT = (4 / 3, 2.0)


def shown_scale(size: tuple[int, int]) -> float:
    """Shown pixels per canvas pixel: the canvas scaled down to fit SHOWN_MAX (never up: a small image shows 1:1)."""
    width, height = size
    return min(SHOWN_MAX[0] / width, SHOWN_MAX[1] / height, 1.0)


def shown_cap_px(font_size: float, size: tuple[int, int]) -> float:
    """How tall a capital letter of this font size is where the canvas is shown, in shown pixels."""
    return font_size * CAP_HEIGHT * shown_scale(size)


def min_font_px(size: tuple[int, int]) -> int:
    """The smallest font size (canvas pixels) whose capitals are still MIN_TEXT_PX tall when the canvas is shown.

    Measured on the letters, not the em: a reader sees the letters, and 8 px capitals are what a phone at 373 px shows
    legibly. The em is a third taller than the capitals, so an em-sized rule lets 5.6 px capitals through."""
    px = MIN_TEXT_PX / (CAP_HEIGHT * shown_scale(size))
    return math.ceil(px - 1e-9)


def phone_cap_px(font_size: float, size: tuple[int, int]) -> float:
    """How tall a capital letter of this font size is where a phone shows the canvas (at most PHONE)."""
    return font_size * CAP_HEIGHT * min(PHONE[0] / size[0], PHONE[1] / size[1], 1.0)


def reads_most(font_size: float, size: tuple[int, int]) -> bool:
    """Whether this font size's capitals are READ_MOST_PX tall at PHONE, to a tenth of a pixel (a screen rounds)."""
    return round(phone_cap_px(font_size, size), 1) >= READ_MOST_PX


def read_most_font(size: tuple[int, int]) -> int:
    """The smallest font size (canvas pixels) for what players read most: capitals READ_MOST_PX tall at PHONE."""
    return next(f for f in range(1, 1000) if reads_most(f, size))


MIN_FONT = min_font_px((1200, 900))
"""The smallest font size on the 1200 x 900 canvas every board uses (37 px: capitals 8.2 px tall at 373 px wide)."""
READ_FONT = read_most_font((1200, 900))
"""What players read most on a 1200 x 900 board (42 px: capitals 10.0 px tall at 400 px wide, 7.6 px at 305)."""
