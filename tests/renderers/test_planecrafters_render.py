"""Planecrafters pictures beyond the seeded samples of test_picture_rules: every rule on positions taken all through
real games at two, three and four players, the model palette against the data, and the hand's shape on a phone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.core.play import new_game
from engine.planecrafters.data import PartsFile, load
from engine.planecrafters.game import GAME
from renderers import for_game
from renderers.kit.record import check_layout, recording
from renderers.kit.rules import MIN_TEXT_PX, SHOWN_MAX, shown_cap_px, shown_scale
from renderers.planecrafters import board_image, hand_image, render_board, render_hand
from renderers.planecrafters.board import MODELS_FROM, H, W
from renderers.planecrafters.hand import hand_layout
from renderers.planecrafters.samples import LONG_NAMES, _named, _states
from renderers.planecrafters.style import MODEL_COLOURS, STARRED, mark


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 11)])
def test_every_rule_holds_all_through_a_game(players: int, seed: int) -> None:
    """Positions every so often through a seeded game, with long names: the board stays 1200 x 900 (shown at
    400 x 300), and no text is small, clipped or hidden, on the board or on the hand of the seat to play."""
    states = _states(players, seed)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        board = _named(GAME.view(state, None), LONG_NAMES)
        hand = _named(GAME.view(state, state.turn), LONG_NAMES)
        for draw, view in ((board_image, board), (hand_image, hand)):
            with recording() as log:
                image = draw(view)
            problems = check_layout(log, image.size)
            assert not problems, f"round {board['round']}, {draw.__name__}:\n" + "\n".join(problems[:10])
        assert board_image(board).size == (W, H)


def test_pngs_are_real_and_registered() -> None:
    view = GAME.view(_states(3, 2)[40], None)
    for png in (render_board(view), render_hand(GAME.view(_states(3, 2)[40], 1))):
        assert png.startswith(b"\x89PNG") and len(png) < 400_000
        Image.open(io.BytesIO(png)).verify()
    assert for_game("planecrafters") is not None


def test_images_use_the_names_the_view_carries() -> None:
    """The bot fills each seat's "name" with the member's name; the board and the hand must show it, not a number."""
    state = new_game(GAME, 3, 5)
    board, hand = GAME.view(state, None), GAME.view(state, 1)
    assert [s["name"] for s in board["seats"]] == ["Player 1", "Player 2", "Player 3"]

    def named(view: dict) -> dict:
        return {**view, "seats": [{**s, "name": f"member{s['seat']} with a long display name"} for s in view["seats"]]}

    assert render_board(named(board)) != render_board(board)
    assert render_hand(named(hand)) != render_hand(hand)


def test_every_model_has_its_own_colour_mark_and_star_and_joins_at_its_player_count() -> None:
    models = load("parts.toml", PartsFile).model
    assert set(MODEL_COLOURS) == {m.name for m in models}
    assert len(set(MODEL_COLOURS.values())) == len(MODEL_COLOURS)
    marks = [mark(m.name) for m in models]
    assert len(set(marks)) == len(marks) and all(len(k) == 2 for k in marks)
    assert {m.name for m in models if m.star} == STARRED
    assert {m.name: m.players for m in models if m.players > 2} == MODELS_FROM


@pytest.mark.parametrize("cards", range(0, 21))
def test_a_hand_is_laid_out_to_be_read_on_a_phone(cards: int) -> None:
    """Every hand size is shown with the capitals of its text (all of one font, the mark larger) at least 8 px tall,
    and a usual hand (up to six cards) is shown at least half size: never again a 400 x 90 strip."""
    layout = hand_layout(cards)
    width, height = layout.width, layout.height
    scale = shown_scale((width, height))
    assert shown_cap_px(layout.font, (width, height)) >= MIN_TEXT_PX
    assert layout.mark > layout.font
    if cards <= 6:  # half size in a 400 px wide column, and as much narrower as the narrowest column shown
        assert scale >= 0.5 * SHOWN_MAX[0] / 400 and height * scale >= 120


def test_a_factory_too_big_for_the_canvas_makes_it_taller_never_cut() -> None:
    """Twelve planes in every factory cannot fit 1200 x 900 with capitals 8 px tall where shown: the board grows, and
    nothing is clipped."""
    view = _named(GAME.view(_states(4, 3)[200], None), LONG_NAMES)
    plane = {"nose": {"model": "Sky Whale", "slot": "nose", "star": True}, "tail": {"model": "", "slot": "spare"}}
    for seat in view["seats"]:
        seat["planes"] = [plane] * 12
    with recording() as log:
        image = board_image(view)
    assert image.width == W and image.height > H
    assert not [p for p in check_layout(log, image.size) if "shown" not in p]


CROWDED_NAMES = ["Ada", "Bartholomew the Patient", "Chen", "Dagny Featherstonehaugh"]


def test_a_factory_managers_seven_planes_and_a_full_table_for_hire_still_fit_1200_by_900() -> None:
    """Seed 24 at four players (members' names as a table has them) reaches the most crowded boards a scan of forty
    games found: a Factory Manager's seven planes, two staff lines beside one plane, every player tied for Industry and
    eleven employees for hire. The board grew to 1200 x 984 there (capitals 7.5 px where shown); now the staff sit
    beside the seventh plane, and every position stays 1200 x 900 with nothing small, clipped or hidden."""
    states = _states(4, 24)
    crowded = 0
    for state in states[::3]:
        view = _named(GAME.view(state, None), CROWDED_NAMES)
        with recording() as log:
            image = board_image(view)
        problems = check_layout(log, image.size)
        assert image.size == (W, H) and not problems, f"version {state.version}:\n" + "\n".join(problems[:10])
        crowded += max(len(s["planes"]) for s in view["seats"]) >= 7 and len([e for e in view["pool"] if e["left"]]) > 9
    assert crowded, "the game no longer reaches seven planes with ten employees for hire: pick another seed"


def _texts(view: dict) -> list[str]:
    with recording() as log:
        board_image(view)
    return [t.text for t in log.texts]


def test_an_award_every_player_shares_says_everyone_instead_of_every_name() -> None:
    """A tie of all players names nobody in particular: "everyone" takes one short word where four cut names took a
    line of their own (the board in words still names each player and their share)."""
    view = _named(GAME.view(_states(4, 3)[200], None), LONG_NAMES)
    view["awards"]["industry"] = {str(s): 2 for s in range(4)}
    view["awards"]["enterprise"] = {"0": 3, "1": 3}
    texts = " ".join(_texts(view))
    assert "Industry: everyone" in texts
    assert "Enterprise: Maxi" in texts and "Bart" in texts.split("Enterprise: ")[1]


def test_the_employees_table_lists_those_for_hire_and_says_where_both_copies_are_free() -> None:
    """Hired-out employees are left off the table (the board in words lists only those for hire too), and a tier 1
    employee whose two copies are both free says "x2"."""
    view = GAME.view(new_game(GAME, 4, 5), None)
    pool = {e["kind"]: e for e in view["pool"]}
    assert pool["agent"]["left"] == 2 and pool["guard"]["left"] == 1
    texts = _texts(view)
    assert "Agent x2" in texts and "Guard" in texts
    pool["agent"]["left"], pool["guard"]["left"] = 1, 0
    texts = _texts(view)
    assert "Agent" in texts and "Agent x2" not in texts and "Guard" not in texts


def test_the_model_key_names_only_the_models_on_the_board_and_what_the_star_means() -> None:
    """Where there is room (two players early on), the key lists the models the board shows, not all eleven, and
    explains the star only when a starred model is among them."""
    view = GAME.view(new_game(GAME, 2, 5), None)
    shown = {str(c["model"]) for c in view["depot"] if c}
    texts = _texts(view)
    keyed = {m for m in MODEL_COLOURS if m in texts or f"{m}*" in texts}
    assert keyed and keyed == shown - {""}
    assert ("Spare Part" in texts) == ("" in shown)
    assert ("* 5-part model" in texts) == bool(shown & STARRED)
