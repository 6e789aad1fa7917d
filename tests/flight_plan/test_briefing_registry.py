"""Every kind of briefing card has its effect in `briefing.EFFECTS`, and every kind that pays so much apiece its
count in `briefing.COUNTS`: a kind without one would fail only when such a card is drawn."""

from __future__ import annotations

from typing import get_args

from engine.flight_plan.briefing import COUNTS, EFFECTS
from engine.flight_plan.data import BriefingKind, catalog


def test_every_briefing_kind_has_an_effect_and_every_apiece_kind_a_count() -> None:
    assert set(EFFECTS) == set(get_args(BriefingKind))
    assert set(COUNTS) == {kind for kind in get_args(BriefingKind) if kind.startswith("per_")}
    assert {b.kind for b in catalog().briefings.values()} <= set(EFFECTS)
