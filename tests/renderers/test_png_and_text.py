"""The encoding loses nothing, card texts wrap to a hand card's width without losing or reordering a word, and names
keep every letter and accent."""

from __future__ import annotations

import io

from PIL import Image

from engine.planes.cards import load_card_types
from renderers.kit.paint import drawable, text_width, to_png, wrap
from renderers.planes import board as planes
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


def test_every_card_text_wraps_within_a_card_keeping_every_word() -> None:
    width = 350
    for card in load_card_types():
        for text in (f"Action: {card.action}", f"Goal: {card.goal}"):
            lines = wrap(text, 24, width)
            assert " ".join(lines).split() == text.split()
            assert all(text_width(line, 24) <= width or " " not in line for line in lines)
            assert wrap(text, 24, width) == lines, "the remembered wrapping is the same"


def test_a_narrower_width_gives_more_lines() -> None:
    text = load_card_types()[0].action
    assert len(wrap(text, 24, 200)) > len(wrap(text, 24, 800)) >= 1


def test_names_keep_their_accents() -> None:
    """The old bundled font dropped them ('Zoë' was drawn 'Zoe'): Noto Sans has them all."""
    assert drawable("Zoë Ångström-Łukasiewicz") == "Zoë Ångström-Łukasiewicz"
    assert drawable("Nguyễn Văn Đức") == "Nguyễn Văn Đức"
    assert drawable("plain · text … 12 × 3 — ok") == "plain · text … 12 × 3 — ok"
