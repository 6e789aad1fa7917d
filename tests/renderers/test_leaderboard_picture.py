"""The leaderboard picture (renderers/leaderboard.py): drawn as the league standings are, every member named as they
wrote it in any script (never "?"), the asking member's own place under the top after a gap, to the picture rules,
and the same board in words for its alt text."""

from __future__ import annotations

import io

from PIL import Image

from renderers.kit.record import check_layout, recording
from renderers.leaderboard import GAP, LeaderboardView, LeaderLine, leaderboard_words, render_leaderboard
from renderers.names import WORLD_NAMES
from renderers.table import SIZE
from tests.renderers.test_names_in_every_script import missing_glyphs, question_marks

NAMES = WORLD_NAMES[:10]


def board(names: tuple[str, ...] = NAMES, own: bool = True) -> LeaderboardView:
    lines = [LeaderLine(place=i + 1, name=name, rating=f"{1900 - 25 * i:,}", games=5 + i)
             for i, name in enumerate(names)]
    mine = LeaderLine(place=23, name=WORLD_NAMES[12], rating="1,502", games=7) if own else None
    return LeaderboardView(game="Planes", season="all time", min_games=5, lines=lines, own=mine,
                           yardsticks=[("Hard AI", "1,810"), ("Easy AI", "1,420")])


def test_every_member_is_named_in_their_own_script_and_the_rules_hold() -> None:
    view = board()
    with recording() as log:
        data = render_leaderboard(view)
    image = Image.open(io.BytesIO(data))
    assert image.size == SIZE, "twelve lines fill the canvas"
    everyone = {i: line.name for i, line in enumerate([*view.lines, *([view.own] if view.own else [])])}
    drawn = [t.text for t in log.texts]
    for name in everyone.values():
        assert name in drawn, name
    assert missing_glyphs(log) == [] and question_marks(log, everyone) == []
    assert check_layout(log, SIZE) == []
    assert drawn.index(GAP) < drawn.index(WORLD_NAMES[12]) and "23" in drawn, "the asker's place after a gap"
    assert "Planes leaderboard" in drawn and "all time: members with 5 or more rated games" in drawn


def test_a_short_board_is_a_short_picture_of_the_same_width() -> None:
    with recording() as log:
        data = render_leaderboard(board(NAMES[:3], own=False))
    image = Image.open(io.BytesIO(data))
    assert image.width == SIZE[0] and image.height < SIZE[1] / 2
    assert check_layout(log, image.size) == [], "the last line and its shade are whole"
    assert max(shape.bbox[3] for shape in log.shapes) < image.height


def test_a_long_name_is_cut_and_two_names_swapped_change_the_picture() -> None:
    with recording() as log:
        data = render_leaderboard(board(("李明" * 40, *NAMES[1:])))
    assert any(t.text.startswith("李明") and t.text.endswith("…") for t in log.texts)
    assert check_layout(log, Image.open(io.BytesIO(data)).size) == []
    swapped = (NAMES[8], *NAMES[1:8], NAMES[0], NAMES[9])
    assert render_leaderboard(board()) != render_leaderboard(board(swapped))


def test_the_words_name_every_line_in_order() -> None:
    said = leaderboard_words(board())
    assert said.startswith("Planes leaderboard, all time. 1. Zoë 1,900 (5 rated games); 2. Łukasz 1,875")
    at = [said.index(f"{n}. {name} ") for n, name in enumerate(NAMES, start=1)]
    assert at == sorted(at)
    assert f"You: 23. {WORLD_NAMES[12]} 1,502 (7 rated games)." in said
    assert said.endswith("Yardsticks: Hard AI 1,810, Easy AI 1,420.")
    assert leaderboard_words(LeaderboardView("Planes", "2026 Q4", 5, [])) == \
        "Planes leaderboard, 2026 Q4. Nobody has 5 rated games yet."
