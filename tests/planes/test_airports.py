"""Every shipped airport file against the constraints the rulebook states (the layouts themselves are our design)."""

from __future__ import annotations

import math
from collections import Counter, deque
from pathlib import Path

import pytest

from engine.planes.board import (
    DATA_DIR,
    Airport,
    BoardFileError,
    Poi,
    SpaceKind,
    airport,
    load_airport_file,
    shipped_airports,
)
from renderers.kit.shapes import edge_point
from renderers.planes.layout import BOARD_RIGHT, HEIGHT, board_layout

SHIPPED = shipped_airports()


def distances(board: Airport, origin: str) -> dict[str, int]:
    """Shortest number of steps along the arrows from origin to every reachable space."""
    dist = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for target in board.space(here).next:
            if target not in dist:
                dist[target] = dist[here] + 1
                queue.append(target)
    return dist


def test_both_rulebook_airports_ship() -> None:
    assert {"flying_cloud", "zephyr"} <= set(SHIPPED)


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_file_loads_and_says_it_is_our_design(airport_id: str) -> None:
    board = load_airport_file(DATA_DIR / f"{airport_id}.toml")
    assert board.id == airport_id
    assert "our own design" in board.design_note.lower()
    assert "OUR OWN DESIGN" in (DATA_DIR / f"{airport_id}.toml").read_text()


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_starts_gates_and_twenty_neutral_cubes(airport_id: str) -> None:
    board = airport(airport_id)
    kinds = Counter(s.kind for s in board.spaces)
    assert sorted(s.number for s in board.spaces if s.kind is SpaceKind.START) == [1, 2, 3, 4]
    assert sorted(s.number for s in board.spaces if s.kind is SpaceKind.GATE) == [1, 2, 3, 4]
    assert kinds[SpaceKind.NEUTRAL_GATE] >= 1
    # Two grey cubes on every space that is neither a P space nor a gate: exactly the box's twenty.
    assert 2 * kinds[SpaceKind.SPACE] == 20


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_gates_are_only_ends_and_nothing_else_is_a_dead_end(airport_id: str) -> None:
    board = airport(airport_id)
    for space in board.spaces:
        if space.is_gate:
            assert space.next == [], f"{space.id} is a gate with an arrow out"
            assert board.previous(space.id), f"no arrow leads into gate {space.id}"
        else:
            assert space.next, f"{space.id} is a dead end"


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_each_start_reaches_its_gate_in_the_same_number_of_steps(airport_id: str) -> None:
    board = airport(airport_id)
    steps = {distances(board, board.start(i).id).get(board.gate(i).id) for i in range(1, 5)}
    assert None not in steps
    assert len(steps) == 1, steps
    # Six steps: a first move of five cubes cannot board straight from the start space.
    assert steps == {6}


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_every_space_is_reachable_from_every_start(airport_id: str) -> None:
    board = airport(airport_id)
    everything = {s.id for s in board.spaces}
    for i in range(1, 5):
        assert set(distances(board, board.start(i).id)) == everything


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_groups_meet_rather_than_run_in_separate_corridors(airport_id: str) -> None:
    board = airport(airport_id)
    # Every start space's route runs through the same spaces, so the four groups keep meeting.
    shared: Counter[str] = Counter()
    for i in range(1, 5):
        shared.update(set(distances(board, board.start(i).id)) - {board.start(i).id})
    assert max(shared.values()) == 4


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_points_of_interest_keep_the_hierarchy(airport_id: str) -> None:
    board = airport(airport_id)
    count = Counter(p for s in board.spaces for p in s.pois)
    assert all(not s.pois for s in board.spaces if s.is_gate)
    assert all(len(set(s.pois)) == len(s.pois) for s in board.spaces)
    common = min(count[Poi.RESTROOM], count[Poi.FAST_FOOD])
    middle = (count[Poi.GIFT_SHOP], count[Poi.HELP_DESK])
    assert common > max(middle)
    assert min(middle) > count[Poi.FINE_DINING] >= 1
    assert any(len(s.pois) == 2 for s in board.spaces)


@pytest.mark.parametrize("tiles", [1, 3])
@pytest.mark.parametrize("airport_id", SHIPPED)
def test_every_arrow_is_long_enough_to_see(airport_id: str, tiles: int) -> None:
    """Between the boxes the board image draws (renderers/planes/layout.py) there is room for each arrowhead, with
    compact gates and with the tallest Round Trip ones (three rows of reward tiles a slot)."""
    board = airport(airport_id)
    layout = board_layout(board, tiles)
    for space in board.spaces:
        for target_id in space.next:
            a = edge_point(layout.centre(space.id), layout.half(space.id), layout.centre(target_id))
            b = edge_point(layout.centre(target_id), layout.half(target_id), layout.centre(space.id))
            assert math.dist(a, b) >= 20, f"{space.id} -> {target_id} is hidden between the boxes"


def front(board: Airport, gate: int) -> list[str]:
    return board.previous(board.gate(gate).id)


def test_flying_cloud_round_trip_middle_spaces() -> None:
    board = airport("flying_cloud")
    both = [s.id for s in board.spaces if {Poi.RESTROOM, Poi.FAST_FOOD} <= set(s.pois)]
    assert sorted(both) == ["M1", "M2"]
    assert all(not board.space(m).is_gate and board.space(m).kind is SpaceKind.SPACE for m in both)
    # Only the Zephyr centre branches; Flying Cloud spaces have one onward arrow besides gates.
    for space in board.spaces:
        assert len([t for t in space.next if not board.space(t).is_gate]) <= 1


def test_zephyr_round_trip_spaces_and_centre_choice() -> None:
    board = airport("zephyr")
    centre = board.space("C")
    assert len(centre.next) == 2 and not any(board.space(t).is_gate for t in centre.next)
    assert Poi.FINE_DINING in centre.pois
    (g1_front,) = front(board, 1)
    (g2_front,) = front(board, 2)
    assert Poi.HELP_DESK in board.space(g1_front).pois
    assert Poi.GIFT_SHOP in board.space(g2_front).pois
    # The two petals merge at X before the centre: a space entered from two sides.
    assert sorted(board.previous("X")) == ["P3", "P4"]


def test_zephyr_prints_what_the_skymall_scenario_says_is_printed() -> None:
    # Skymall: a new Gift Shop goes in front of every player gate, except G2, which "already has" one; the Help Desk
    # in front of G1 is covered by it; a Help Desk goes next to the centre's Fine Dining.
    board = airport("zephyr")
    fronts = {g: board.space(front(board, g)[0]).pois for g in (1, 2, 3, 4)}
    assert fronts[1] == [Poi.HELP_DESK]
    assert fronts[2] == [Poi.GIFT_SHOP]
    assert Poi.GIFT_SHOP not in fronts[3] and Poi.GIFT_SHOP not in fronts[4]
    # Nothing else to cover, so after Skymall the four gates look alike (the book's balance advice).
    assert Poi.HELP_DESK not in fronts[3] and Poi.HELP_DESK not in fronts[4]
    assert board.space("C").pois == [Poi.FINE_DINING]
    # The hierarchy the book asks for holds on the printed board too: restrooms and fast food the commonest, then
    # gift shops and help desks, fine dining the rarest.
    count = {p: sum(p in s.pois for s in board.spaces) for p in Poi}
    assert count[Poi.RESTROOM] >= count[Poi.GIFT_SHOP] > count[Poi.FINE_DINING]
    assert count[Poi.FAST_FOOD] >= count[Poi.HELP_DESK] > count[Poi.FINE_DINING]


@pytest.mark.parametrize("airport_id", SHIPPED)
def test_a_neutral_gate_is_reachable(airport_id: str) -> None:
    board = airport(airport_id)
    neutral = {s.id for s in board.spaces if s.kind is SpaceKind.NEUTRAL_GATE}
    for i in range(1, 5):
        assert neutral & set(distances(board, board.start(i).id))


@pytest.mark.parametrize("tiles", [1, 3])
@pytest.mark.parametrize("airport_id", SHIPPED)
def test_spaces_fit_on_the_board_without_overlapping(airport_id: str, tiles: int) -> None:
    board = airport(airport_id)
    boxes = board_layout(board, tiles).boxes
    for space_id, (x0, y0, x1, y1) in boxes.items():
        assert x0 >= 0 and y0 >= 0 and x1 <= BOARD_RIGHT and y1 <= HEIGHT, space_id
        assert x1 - x0 >= 110, f"{space_id} is too narrow for two cube chips side by side"
    for a, (ax0, ay0, ax1, ay1) in boxes.items():
        for b, (bx0, by0, bx1, by1) in boxes.items():
            if a < b:  # apart on one axis, with room for an arrow
                assert bx0 - ax1 >= 18 or ax0 - bx1 >= 18 or by0 - ay1 >= 18 or ay0 - by1 >= 18, (a, b)


def test_malformed_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    text = (DATA_DIR / "zephyr.toml").read_text().replace('kind = "neutral_gate"', 'kind = "lounge"', 1)
    bad = tmp_path / "broken_airport.toml"
    bad.write_text(text)
    with pytest.raises(BoardFileError) as err:
        load_airport_file(bad)
    assert "broken_airport.toml" in str(err.value)
    assert "kind" in str(err.value)


def test_arrow_to_nowhere_is_rejected(tmp_path: Path) -> None:
    text = (DATA_DIR / "flying_cloud.toml").read_text()
    bad = tmp_path / "arrows.toml"
    bad.write_text(text.replace('next = ["M2"', 'next = ["Q9"', 1))
    with pytest.raises(BoardFileError, match=r"arrows\.toml.*Q9"):
        load_airport_file(bad)
