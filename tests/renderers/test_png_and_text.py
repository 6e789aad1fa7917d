"""The shared drawing helpers behind every Planes image: the PNG encoding loses nothing, and card texts wrap to the
hand's width without losing or reordering a word (they are wrapped once and remembered)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.planes.cards import load_card_types
from renderers.kit.paint import text_size, to_png
from renderers.planes import board as planes
from renderers.planes.footer import HAND_W, wrap
from renderers.planes.samples import midgame_view


def test_png_encoding_is_lossless() -> None:
    image = planes.board_image(midgame_view("zephyr", 5, 300))
    decoded = Image.open(io.BytesIO(to_png(image)))
    assert decoded.mode == "P" and decoded.size == image.size
    assert decoded.convert("RGB").tobytes() == image.convert("RGB").tobytes()


def test_an_rgb_image_is_encoded_as_a_palette_png() -> None:
    image = Image.new("RGB", (40, 20), (200, 40, 40))
    decoded = Image.open(io.BytesIO(to_png(image)))
    assert decoded.mode == "P" and decoded.convert("RGB").getpixel((5, 5)) == (200, 40, 40)


def test_every_card_text_wraps_within_the_hand_width_keeping_every_word() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = HAND_W - 80
    for card in load_card_types():
        for text in (f"Action: {card.action}", f"Goal: {card.goal}"):
            lines = wrap(draw, text, 26, width)
            assert " ".join(lines).split() == text.split()
            assert all(text_size(line, 26)[0] <= width or " " not in line for line in lines)
            assert wrap(draw, text, 26, width) == lines, "the remembered wrapping is the same"


def test_a_narrower_width_gives_more_lines() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text = load_card_types()[0].action
    assert len(wrap(draw, text, 26, 200)) > len(wrap(draw, text, 26, 800)) >= 1
