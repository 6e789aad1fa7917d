"""A tiny game that only tests add, through a manifest alone (engine/README.md's "Adding a game"): the toy game's rules
under a name of its own, with a rules file, a picture and a sample picture, none of which any list outside this file
names. tests/bot/games/test_adding_a_game.py registers it and finds it in the lobby, the renderers and the rules
pages."""

from __future__ import annotations

from dataclasses import replace
from io import BytesIO
from typing import Any

from PIL import Image, ImageDraw

from engine.core.manifest import GameManifest
from engine.core.play import new_game
from renderers.catalogue import Sample
from tests.support.toy_game import ToyGame


class TinyGame(ToyGame):
    name = "tiny"
    info = replace(ToyGame.info, title="Tiny Cards")


GAME = TinyGame()

RULES: dict[str, str] = {}
"""None of the toy game's pages: the tiny game's are the file its manifest names, as a shipped game's."""

MANIFEST = GameManifest(
    name="tiny",
    engine="tests.support.tiny_game:GAME",
    ai="tests.support.toy_game:AI",
    table="tests.support.toy_game:TABLE",
    order=99,
    rules="tests/support/data/tiny_rules.md",
    renderer="tests.support.tiny_game",
    samples="tests.support.tiny_game",
)


def board_image(view: dict[str, Any]) -> Image.Image:
    image = Image.new("RGB", (240, 60), "white")
    played = ", ".join(card for pile in view.get("played", []) for card in pile) or "nothing yet"
    ImageDraw.Draw(image).text((8, 24), f"Played: {played}", fill="black")
    return image


def _png(image: Image.Image) -> bytes:
    out = BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def render_board(view: dict[str, Any]) -> bytes:
    return _png(board_image(view))


def render_hand(view: dict[str, Any]) -> bytes:
    return _png(board_image(view))


SAMPLES = [Sample(name="tiny-board", kind="board", caption="A tiny game's table after setup",
                  make_view=lambda: GAME.view(new_game(GAME, 2, seed=1), None), draw=board_image, docs=False)]
PALETTES: list[Any] = []
