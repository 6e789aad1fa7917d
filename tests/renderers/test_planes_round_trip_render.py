"""Round Trip pictures: both new airports draw, Beacon's tram dashed in its own colour, plane sides named on their
gates, wild planes marked W, each cube on the slot it took, and VP tokens in the players' rows."""

from __future__ import annotations

import copy

from PIL import ImageChops

from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.planes.game import GAME
from renderers.kit.record import recording
from renderers.planes.board import TRAM, board_image


def view_after(options: dict[str, str], seed: int = 3, choices: int = 120) -> dict:
    state = new_game(GAME, 4, seed, options)
    chooser = Rng.seeded(seed)
    for _ in range(choices):
        decisions = GAME.pending(state)
        if not decisions:
            break
        decision = chooser.choice(decisions)
        state, _ = apply(GAME, state, decision.seat, GAME.playout_plan(state, decision, chooser)[0])
    return GAME.view(state, None)


def texts(view: dict) -> list[str]:
    with recording() as log:
        board_image(view)
    return [t.text for t in log.texts]


def test_beacon_draws_the_tram_and_wild_planes() -> None:
    view = view_after({"scenario": "divide_and_conquer"})
    image = board_image(view).convert("RGB")
    assert any(image.getpixel((x, y)) == TRAM for x in range(300, 600) for y in range(250, 500))
    shown = texts(view)
    assert shown.count("W") == 4 and shown.count("Wild") == 4


def test_azure_names_the_sides_and_counts_tokens() -> None:
    view = view_after({"scenario": "happy_hour", "player_planes": "commuter", "neutral_planes": "cargo"})
    shown = texts(view)
    assert shown.count("Commuter") == 4 and shown.count("Cargo") == 2
    assert any("tokens" in t for t in shown)
    more = copy.deepcopy(view)
    more["seats"][0]["tokens"] += 3
    more["seats"][0]["score"] += 3
    assert ImageChops.difference(board_image(view).convert("RGB"), board_image(more).convert("RGB")).getbbox()


def test_a_cube_sits_on_the_slot_it_took() -> None:
    view = view_after({"airport": "azure", "neutral_planes": "cargo"}, choices=0)
    plane = next(p for p in view["planes"] if p["gate"] == "N1")
    plane["slots"], plane["placed"] = ["grey"], [4]
    first = copy.deepcopy(view)
    next(p for p in first["planes"] if p["gate"] == "N1")["placed"] = [0]
    assert ImageChops.difference(board_image(view).convert("RGB"), board_image(first).convert("RGB")).getbbox()
