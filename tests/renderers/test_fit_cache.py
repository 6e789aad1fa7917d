"""kit.paint.fit remembers each cut it made (a board fits the same names into the same boxes on every move): a board
drawn with every cut remembered is byte for byte the board drawn with none, and each remembered cut is the one
worked out afresh."""

from __future__ import annotations

import pytest

from renderers import catalogue
from renderers.kit import paint
from renderers.kit.paint import fit, to_png

LONG_NAMED = [s for s in catalogue.samples() if s.kind == "board" and "long-names" in s.name]


def test_there_are_long_named_boards_to_check() -> None:
    assert len(LONG_NAMED) >= 3


@pytest.mark.parametrize("sample", LONG_NAMED, ids=lambda s: s.name)
def test_a_board_drawn_with_remembered_cuts_is_byte_for_byte_a_fresh_one(sample: catalogue.Sample) -> None:
    view = sample.view()
    fit.cache_clear()
    fresh = to_png(sample.draw(view))
    cuts = fit.cache_info().currsize
    assert cuts, "the board cut some of its names"
    assert to_png(sample.draw(view)) == fresh
    assert fit.cache_info().hits >= cuts, "the second drawing cut nothing afresh"


def test_a_remembered_cut_is_the_one_worked_out_afresh() -> None:
    cases = [("Maximiliana Rosalind Featherstonehaugh", 24, 180.0), ("عبد الرحمن بن عوف", 20, 60.0),
             ("👩‍✈️ Zoë Ångström-Ødegaard", 18, 90.0), ("short", 18, 400.0)]
    for text, size, width in cases:
        assert fit(text, size, width) == fit(text, size, width) == paint.fit.__wrapped__(text, size, width)
