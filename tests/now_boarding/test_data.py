"""The shipped data files hold the published figures, and a bad file is refused naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.now_boarding.board import graph
from engine.now_boarding.data import DATA_DIR, DataFileError, catalog, load_catalog


def test_map_sides() -> None:
    cat = catalog()
    assert sorted(cat.side_airports("small")) == ["ATL", "DEN", "DFW", "JFK", "LAX", "MIA", "ORD", "SFO"]
    assert sorted(cat.side_airports("large")) == sorted([*cat.side_airports("small"), "SEA"])
    assert len(cat.side_routes("small")) == 15 and len(cat.side_routes("large")) == 18


def test_fares_both_ways_for_72_cards() -> None:
    fares = catalog().fares
    assert sum(len(row) for row in fares.values()) == 72
    assert fares["JFK"]["LAX"] == fares["LAX"]["JFK"] == 5 and fares["ATL"]["MIA"] == 1


@pytest.mark.parametrize("side", ["small", "large"])
def test_plain_routes_join_every_airport(side: str) -> None:
    g = graph(side)
    seen, todo = {"ATL"}, ["ATL"]
    while todo:
        for nxt in g.neighbours[todo.pop()]:
            if nxt not in seen and not g.colour[nxt]:
                seen.add(nxt)
                todo.append(nxt)
    assert set(catalog().side_airports(side)) <= seen


def test_nine_vips_three_per_stage() -> None:
    vips = catalog().vips.values()
    assert len(vips) == 9 and sorted(v.stage for v in vips) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_bad_file_names_file_and_field(tmp_path: Path) -> None:
    for name in ("map.toml", "fares.toml", "chart.toml", "vips.toml"):
        (tmp_path / name).write_text((DATA_DIR / name).read_text())
    text = (tmp_path / "chart.toml").read_text().replace("route_price = 7", "route_price = 0")
    (tmp_path / "chart.toml").write_text(text)
    with pytest.raises(DataFileError, match=r"chart\.toml: upgrades\.route_price"):
        load_catalog(tmp_path)
