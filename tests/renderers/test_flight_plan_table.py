"""Flight Plan's airline table (renderers/flight_plan/table.py): at the phone's smallest type every airline's
figures and lists are in the picture whole, up to six airlines with long names; long lists take a spare line of
the table instead of being cut, the spare lines go only where lists need them, and lists that still do not fit say
how many items they leave out."""

from __future__ import annotations

from typing import Any

import pytest

from engine.flight_plan.game import GAME
from renderers import catalogue
from renderers.flight_plan.board import board_image
from renderers.flight_plan.style import LINE, ROW
from renderers.flight_plan.table import cells, lines_each
from renderers.kit.paint import ELLIPSIS, drawable
from renderers.kit.record import Recording, recording
from tests.flight_plan.helpers import give, play_state

FLIGHT = [s.name for s in catalogue.samples("flight-plan")]


def _drawn(view: dict[str, Any]) -> Recording:
    with recording() as log:
        board_image(view)
    return log


def _rows(log: Recording) -> list[tuple[float, float, float, float]]:
    """The table's rows: the full-width rectangles under the map, top to bottom."""
    return sorted((s.bbox for s in log.shapes if s.kind == "rectangle" and s.bbox[2] - s.bbox[0] > 1000
                   and s.bbox[1] > 300), key=lambda b: b[1])


@pytest.mark.parametrize("name", FLIGHT)
def test_every_figure_of_every_airline_is_in_the_table_uncut(name: str) -> None:
    view = catalogue.sample(name).view()
    log = _drawn(view)
    names = {drawable(a["name"]) for a in view["airlines"]}
    cut = [t.text for t in log.texts if t.text.endswith(ELLIPSIS)
           and not any(n.startswith(t.text[:-1]) for n in names) and t.bbox[1] > 300]
    assert not cut, f"cut in the table: {cut}"
    assert not [t.text for t in log.texts if t.text.startswith("+")], "a list left items out"
    for a, row in zip(view["airlines"], _rows(log), strict=True):
        if a["out"]:
            continue
        inside = [t.text for t in log.texts if row[1] <= t.bbox[1] and t.bbox[3] <= row[3]]
        words = [w for text in inside for w in text.split()]
        cell = cells(a)
        items = [cell["cash"], cell["revenue"], *cell["goals"].split(), *sum(cell["lists"], ())]
        for item in items:
            assert all(w in words for w in item.split()), f"{a['name']}: {item!r} not in its row"


def test_a_long_list_takes_a_spare_line_and_the_others_keep_one() -> None:
    st = play_state(players=6)
    give(st, 2, routes=tuple(range(1, 40, 3)), fleets=("short", "medium", "long"))
    log = _drawn(GAME.view(st, None))
    heights = [1 + round((b[3] - b[1] - ROW) / LINE) for b in _rows(log)]  # a first line, then list lines
    assert heights == [1, 1, 2, 1, 1, 1]
    assert [t.text for t in log.texts if t.text.endswith(ELLIPSIS) or t.text.startswith("+")] == []


def test_lists_longer_than_the_table_holds_say_how_many_items_they_leave_out() -> None:
    st = play_state(players=6)
    for seat in range(6):
        give(st, seat, routes=tuple(range(1 + seat, 100, 6)), fleets=("short", "medium", "long"))
    view = GAME.view(st, None)
    texts = [t.text for t in _drawn(view).texts]
    left_out = [int(t[1:]) for t in texts if t.startswith("+")]
    assert left_out, "the lists were long enough to leave something out"
    shown_routes = {t for text in texts for t in text.split() if t.isdigit()}
    every = {str(n) for a in view["airlines"] for n in a["routes"]}
    assert len(every - shown_routes) == sum(left_out)


def test_spare_lines_go_to_the_rows_that_need_them_and_no_further() -> None:
    assert lines_each([1, 3, 1, 2], 7) == [1, 3, 1, 2]  # enough for all
    assert lines_each([1, 3, 1, 2], 6) == [1, 3, 1, 1]  # the one short of the most lines first
    assert lines_each([1, 1], 4) == [1, 1]  # nothing needs them: the rest stays blank
    assert lines_each([3, 3, 3, 3, 3, 3], 8) == [2, 2, 1, 1, 1, 1]  # not enough: the first seats; "+n" on the rest


def test_what_is_off_says_for_how_many_more_turns() -> None:
    st = play_state()
    give(st, 1, routes=(11,), fleets=("short",))
    st.airlines[1].off["route:11"] = st.airlines[1].turns_played + 2
    view = GAME.view(st, None)
    assert cells(view["airlines"][1])["lists"] == (("S",), (), ("11(off 2)",))
    assert any("11(off 2)" in t.text for t in _drawn(view).texts)


def test_a_bankrupt_airline_says_so_instead_of_its_figures() -> None:
    st = play_state()
    give(st, 2, routes=(11,))
    st.airlines[2].out = True
    texts = [t.text for t in _drawn(GAME.view(st, None)).texts]
    assert "bankrupt, out of the game" in texts


def test_a_long_list_goes_on_under_the_figures_which_take_one_line() -> None:
    """The figures (cash, income, goals) take an airline's first line only, so its lists' further lines start under
    the cash, not under the lists' own column: almost twice the room a line."""
    st = play_state(players=6)
    give(st, 2, routes=tuple(range(1, 40, 3)), fleets=("short", "medium", "long"))
    log = _drawn(GAME.view(st, None))
    row = _rows(log)[2]
    cash = next(t for t in log.texts if t.text == cells(GAME.view(st, None)["airlines"][2])["cash"])
    lists = [t for t in log.texts if row[1] + ROW <= t.bbox[1] and t.bbox[3] <= row[3]]
    assert lists, "the list takes a second line"
    assert min(t.bbox[0] for t in lists) < cash.bbox[2], "the second line starts under the figures"
