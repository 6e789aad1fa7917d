"""Round Trip pictures: both new airports draw, Beacon's tram dashed in its own colour, each free slot showing what it
pays (a tile per kind, told apart by shape), wild planes marked W, each cube on the slot it took, and VP tokens in the
players' rows."""

from __future__ import annotations

import copy

from PIL import ImageChops

from engine.core.ai.hooks import ai_for
from engine.core.contract import offer_of
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.planes.game import GAME
from renderers.kit.paint import canvas, pen
from renderers.kit.record import recording
from renderers.planes.board import TRAM, board_image, layout_for, slot_kinds


def view_after(options: dict[str, str], seed: int = 3, choices: int = 120) -> dict:
    state = new_game(GAME, 4, seed, options)
    chooser = Rng.seeded(seed)
    for _ in range(choices):
        decisions = GAME.pending(state)
        if not decisions:
            break
        decision = chooser.choice(decisions)
        state, _ = apply(GAME, state, decision.seat, ai_for(GAME).playout_plan(state, offer_of(decision), chooser)[0])
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
    assert shown.count("W") == 4


def gate_texts(view: dict, gate: str) -> list[str]:
    """The texts drawn inside a gate's box below its name row: the slots' reward counts and cube letters."""
    _board, layout = layout_for(view)
    x0, y0, x1, y1 = layout.boxes[gate]
    with recording() as log:
        board_image(view)
    return [t.text for t in log.texts
            if x0 <= t.bbox[0] and t.bbox[2] <= x1 and y0 + 36 <= t.bbox[1] and t.bbox[3] <= y1]


def test_every_free_slot_shows_what_it_pays() -> None:
    view = view_after({"airport": "azure", "player_planes": "jumbo", "neutral_planes": "cargo"}, choices=0)
    for gate, side_id in (("G1", "jumbo"), ("N1", "cargo")):
        plane = next(p for p in view["planes"] if p["gate"] == gate)
        expected = [str(r[k]) for r in plane["rewards"] for k in slot_kinds(side_id) if r[k]]
        assert gate_texts(view, gate) == expected
    assert slot_kinds("jumbo") == ("cards", "tokens", "stars") and slot_kinds("cargo") == ("cards", "tokens")


def test_a_boarded_cube_covers_the_rewards_of_its_slot_only() -> None:
    view = view_after({"airport": "azure", "player_planes": "charter", "neutral_planes": "cargo"}, choices=0)
    plane = next(p for p in view["planes"] if p["gate"] == "G1")
    assert gate_texts(view, "G1") == ["7", "6", "5", "4", "3"]
    plane["slots"], plane["placed"] = [plane["colour"]], [1]
    assert gate_texts(view, "G1") == ["7", "5", "4", "3", "B"]


def test_the_three_reward_kinds_differ_in_shape_not_only_colour() -> None:
    from renderers.planes.style import reward_tile

    kinds = []
    for kind in ("cards", "tokens", "stars"):
        with recording() as log:
            reward_tile(pen(canvas((40, 40))), (5, 5, 25, 25), kind, 2)
        kinds.append(log.shapes[-1].kind)
    assert len(set(kinds)) == 3


def test_base_sides_show_their_reward_on_every_free_slot() -> None:
    """A base plane pays the same on every slot: a player's plane 5 VP at the end (a star tile with 5), a neutral
    plane 2 cards (a card tile with 2); one tile a slot, so its gate stays as low as a cube chip."""
    view = view_after({"airport": "flying_cloud"}, choices=0)
    for plane in view["planes"]:
        expected = ["5"] * 5 if plane["side"] == "5vp" else ["2"] * 5
        assert gate_texts(view, plane["gate"]) == expected, plane["gate"]
    assert slot_kinds("5vp") == ("stars",) and slot_kinds("draw2") == ("cards",)
    shown = texts(view)
    assert "VP at end" in shown and "cards" in shown and "tokens" not in shown  # the legend names only these tiles


def test_azure_counts_tokens() -> None:
    view = view_after({"scenario": "happy_hour", "player_planes": "commuter", "neutral_planes": "cargo"})
    shown = texts(view)
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
