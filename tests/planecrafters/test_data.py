"""The shipped data files are what they claim, and a bad file is refused naming the file and the field."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.core.rules_pages import rules
from engine.planecrafters.data import DATA_DIR, DataFileError, catalog, load_catalog
from engine.planecrafters.game import GAME


def test_deck_has_112_cards_with_player_count_cards() -> None:
    parts = catalog().parts.values()
    assert len(parts) == 112
    assert Counter(p.players for p in parts) == {2: 70, 3: 21, 4: 21}
    assert len({p.id for p in parts}) == 112


def test_every_model_has_four_or_five_parts_per_copy() -> None:
    by_model = Counter((p.model, p.slot) for p in catalog().parts.values() if not p.spare)
    models = {m for m, _ in by_model}
    for model in models:
        slots = {s for m, s in by_model if m == model}
        star = any(p.star for p in catalog().parts.values() if p.model == model)
        assert slots == ({"nose", "lwing", "rwing", "tail"} | ({"fuselage"} if star else set()))
    assert sum(1 for p in catalog().parts.values() if p.spare) == 14


def test_twenty_employees_in_three_tiers() -> None:
    employees = catalog().employees.values()
    assert sum(e.copies for e in employees) == 20 and len(employees) == 15
    tiers = Counter(e.tier for e in employees)
    assert tiers == {1: 5, 2: 5, 3: 5}
    assert {e.kind for e in employees if e.tier == 1} == {"agent", "contractor", "logistician", "recruiter",
                                                          "technician"}


def test_awards_and_objectives() -> None:
    assert [(a.kind, a.crowns) for a in catalog().awards] == [("industry", 8), ("enterprise", 8), ("distinction", 8)]
    assert len(catalog().objectives) == 20


def test_bad_file_names_file_and_field(tmp_path: Path) -> None:
    for name in ("parts.toml", "employees.toml", "awards.toml", "objectives.toml"):
        (tmp_path / name).write_text((DATA_DIR / name).read_text())
    text = (tmp_path / "employees.toml").read_text().replace("cost = 4", "cost = -1", 1)
    (tmp_path / "employees.toml").write_text(text)
    with pytest.raises(DataFileError, match=r"employees\.toml: employee\.0\.cost"):
        load_catalog(tmp_path)


def test_rules_pages_in_our_words() -> None:
    pages = rules(GAME)
    assert list(pages)[0] == "overview"
    for topic in ("turn", "employees", "end and awards", "objectives variant"):
        assert pages[topic].strip()
