"""The game reads airports from data files: a valid file is offered and playable, a broken one is left out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.checks.conformance import check_playout
from engine.core.contract import default_options
from engine.planes import board as board_module
from engine.planes.game import GAME, PlanesGame
from engine.planes.setup import option_specs
from engine.planes.terrain import airport_ids

TINY = """
id = "tiny"
title = "Tiny Test Airport"
width = 400
height = 200
design_note = "test only"
{spaces}
"""


def _space(sid: str, kind: str, nxt: list[str], number: int | None = None, pois: list[str] | None = None) -> str:
    lines = ["[[spaces]]", f'id = "{sid}"', f'kind = "{kind}"', "x = 10", "y = 10", f"next = {nxt!r}".replace("'", '"')]
    if number is not None:
        lines.append(f"number = {number}")
    if pois:
        lines.append(f"pois = {pois!r}".replace("'", '"'))
    return "\n".join(lines)


def tiny_file() -> str:
    ring = [f"C{k}" for k in range(1, 9)]
    parts = []
    for k, sid in enumerate(ring, start=1):
        nxt = [ring[k % 8]]
        if k in (2, 4, 6, 8):
            nxt.append(f"G{k // 2}")
        if k == 3:
            nxt.append("N1")
        parts.append(_space(sid, "space", nxt, pois=["restroom"] if k % 2 else ["fast_food"]))
    for i in range(1, 5):
        parts.append(_space(f"P{i}", "start", [ring[(2 * i + 2) % 8]], number=i))
        parts.append(_space(f"G{i}", "gate", [], number=i))
    parts.append(_space("N1", "neutral_gate", []))
    return TINY.format(spaces="\n\n".join(parts))


@pytest.fixture()
def airport_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(board_module, "DATA_DIR", tmp_path)
    board_module.airport.cache_clear()
    yield tmp_path
    board_module.airport.cache_clear()


def test_a_valid_airport_file_is_offered_and_playable(airport_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (airport_dir / "tiny.toml").write_text(tiny_file())
    (airport_dir / "broken.toml").write_text('id = "broken"\n')
    assert airport_ids() == ["tiny", "practice"]
    monkeypatch.setattr(PlanesGame, "option_specs", option_specs())  # the lobby list is read at import
    assert default_options(GAME)["airport"] == "tiny"
    assert check_playout(GAME, 3, 1, {"airport": "tiny", "end_space": "6"}) > 0
