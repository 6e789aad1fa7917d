"""The shipped Flight Plan data: counts the rulebook fixes, every city used, thresholds that can be reached."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from engine.flight_plan.data import CLASS_RANGES, DATA_DIR, REGIONS, DataFileError, catalog, load_catalog


def test_cities_regions_and_hubs() -> None:
    cat = catalog()
    assert len(cat.cities) == 57
    assert sum(c.hub for c in cat.cities.values()) == 15
    assert {c.region for c in cat.cities.values()} == set(REGIONS)
    assert all(sum(c.hub and c.region == r for c in cat.cities.values()) >= 2 for r in REGIONS)


def test_routes_by_class_and_every_city_used() -> None:
    cat = catalog()
    counts = Counter(r.cls for r in cat.routes.values())
    assert counts == {"short": 30, "medium": 32, "long": 27, "ultra": 11}
    for n, r in cat.routes.items():
        lo, hi = CLASS_RANGES[r.cls]
        assert lo <= n <= hi
    used = {c for r in cat.routes.values() for c in (r.origin, r.destination)}
    assert used == set(cat.cities)


def test_prices_grow_with_the_class() -> None:
    cat = catalog()
    by_class: dict[str, list[int]] = {}
    for r in cat.routes.values():
        by_class.setdefault(r.cls, []).append(r.price)
    order = ["short", "medium", "long", "ultra"]
    for low, high in zip(order, order[1:], strict=False):
        assert max(by_class[low]) < min(by_class[high])


def test_every_region_has_short_haul_routes_to_sweep() -> None:
    cat = catalog()
    shorts = Counter(cat.region(n) for n, r in cat.routes.items() if r.cls == "short")
    assert shorts == {r: 5 for r in REGIONS}
    # Sweeping two regions (ten routes) fits in a long game's budget.
    cheapest = sorted(sum(cat.routes[n].price for n in cat.routes if cat.routes[n].cls == "short"
                          and cat.region(n) == r) for r in REGIONS)
    assert cheapest[0] + cheapest[1] <= 600


def test_the_thresholds_make_sense() -> None:
    cat = catalog()
    eco = cat.economy
    assert (eco.start_funds_two, eco.start_funds_more, eco.hub_price, eco.cargo_revenue) == (1000, 750, 250, 20)
    passenger = sum(eco.fleet[f].price for f in ("short", "medium", "long", "ultra"))
    assert passenger == eco.fleet_threshold == 500
    # $120M a turn can be earned without leaving two regions: e.g. within Europe and North America.
    within = [r for n, r in cat.routes.items() if cat.regions_of(n) <= {"EU", "NA"}]
    assert sum(r.revenue for r in within) >= eco.revenue_threshold
    # ...but not at once: three routes of one class and their fleet, within the start funds, earn less.
    for cls in ("short", "medium", "long", "ultra"):
        routes = [r for r in cat.routes.values() if r.cls == cls]
        for trio in combinations(routes, 3):
            if sum(r.price for r in trio) + eco.fleet[cls].price <= eco.start_funds_more:
                assert sum(r.revenue for r in trio) < eco.revenue_threshold


def test_quick_play_is_the_books_set() -> None:
    assert catalog().economy.quick_play == [17, 18, 20, 24, 25, 33, 43, 45, 48, 52, 64, 67, 70, 81, 87, 94, 97, 100]


def test_briefings_hundred_cards_every_kind() -> None:
    cards = catalog().briefings.values()
    assert sum(b.copies for b in cards) == 100
    assert {b.kind for b in cards} == {"cash", "per_route", "per_fleet", "per_hub", "per_asset", "per_deactivated",
                                       "each_player", "lose_turn", "send_to", "ground", "revenue_change"}
    lasting = [b for b in cards if b.kind == "revenue_change"]
    assert all("next" in b.text for b in lasting), "an effect that outlasts the turn says so"


def test_a_bad_file_names_file_and_field(tmp_path: Path) -> None:
    for name in ("cities.toml", "routes.toml", "briefings.toml", "economy.toml", "rules.md"):
        (tmp_path / name).write_bytes((DATA_DIR / name).read_bytes())
    text = (tmp_path / "routes.toml").read_text().replace("price = 45", "price = 47", 1)
    (tmp_path / "routes.toml").write_text(text)
    with pytest.raises(DataFileError, match=r"routes.toml: route\.\d+\.price"):
        load_catalog(tmp_path)


def test_a_missing_city_is_refused(tmp_path: Path) -> None:
    for name in ("cities.toml", "routes.toml", "briefings.toml", "economy.toml"):
        (tmp_path / name).write_bytes((DATA_DIR / name).read_bytes())
    text = (tmp_path / "routes.toml").read_text().replace('origin = "NYC"', 'origin = "XXX"', 1)
    (tmp_path / "routes.toml").write_text(text)
    with pytest.raises(DataFileError, match="unknown city XXX"):
        load_catalog(tmp_path)


def test_a_fleet_class_missing_or_unknown_is_refused(tmp_path: Path) -> None:
    for name in ("cities.toml", "routes.toml", "briefings.toml", "economy.toml"):
        (tmp_path / name).write_bytes((DATA_DIR / name).read_bytes())
    text = (tmp_path / "economy.toml").read_text().replace("[fleet.long]", "[fleet.jumbo]", 1)
    (tmp_path / "economy.toml").write_text(text)
    with pytest.raises(DataFileError, match=r"economy.toml: .*fleet.*one fleet for each of short, medium, long"):
        load_catalog(tmp_path)
