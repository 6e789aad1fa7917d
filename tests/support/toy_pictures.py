"""Pictures for the toy game (tests only): a small board of the cards played, so that toy games on SimCord have a
board image and a final replay GIF like the real games', without the seconds a real game takes to play out."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from renderers import GameRenderer


class ToyPictures:
    """A GameRenderer for the toy game: one row of numbered squares a seat, for the cards it played."""

    def render_board(self, view: dict[str, Any]) -> bytes:
        image = Image.new("RGB", (240, 180), "white")
        draw = ImageDraw.Draw(image)
        for seat, played in enumerate(view["played"]):
            for i, card in enumerate(played):
                x, y = 10 + 30 * i, 10 + 40 * seat
                draw.rectangle((x, y, x + 24, y + 32), outline="black")
                draw.text((x + 8, y + 10), card.split(":")[1], fill="black")
        draw.text((10, 160), f"deck {view['deck']}", fill="black")
        return _png(image)

    def render_hand(self, view: dict[str, Any]) -> bytes:
        image = Image.new("RGB", (120, 40), "white")
        ImageDraw.Draw(image).text((5, 12), " ".join(c.split(":")[1] for c in view["hand"] or []), fill="black")
        return _png(image)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


PICTURES = ToyPictures()


def toy_pictures(name: str) -> GameRenderer | None:
    return PICTURES if name == "toy" else None


def picture_toy(bot: Any) -> Any:
    """`bot` (a TarmacBot) drawing the toy game's board and replay with ToyPictures."""
    bot.parts.publisher.renderer_for = toy_pictures
    bot.parts.replays.renderer_for = toy_pictures
    return bot
