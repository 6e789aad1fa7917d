"""The league standings picture (renderers/standings.py) follows the picture rules: every text large enough where
it is shown, nothing clipped or hidden, names in every script cut rather than run over, a long league summed up."""

from __future__ import annotations

import io

from PIL import Image

from renderers.kit.record import check_layout, recording
from renderers.names import WORLD_NAMES
from renderers.standings import ROWS, SIZE, Row, render_standings


def rows(count: int) -> list[Row]:
    return [(i + 1, WORLD_NAMES[i % len(WORLD_NAMES)] * (8 if i == 2 else 1), str(count - i), 10 * i, 3, i == 4)
            for i in range(count)]


def test_every_script_and_a_long_name_fit_the_rules() -> None:
    with recording() as log:
        data = render_standings("Winter League", "Planecrafters", "standings after round 2", rows(ROWS))
    assert Image.open(io.BytesIO(data)).size == SIZE
    assert check_layout(log, SIZE) == []
    drawn = [mark.text for mark in log.texts]
    assert any("(dropped)" in t for t in drawn), "a member who dropped is said in words, not by colour"
    assert any(t.endswith("…") for t in drawn), "a name too long is cut"


def test_a_long_league_ends_with_how_many_more() -> None:
    with recording() as log:
        render_standings("Big", "Planes", "standings after round 1", rows(40))
    drawn = [mark.text for mark in log.texts]
    assert f"and {40 - ROWS + 1} more" in drawn and check_layout(log, SIZE) == []
