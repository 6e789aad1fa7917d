"""The first AI: uniform among legal options, seeded so AI games replay exactly."""

from __future__ import annotations

from engine.core.contract import Decision
from engine.core.rng import Rng


def pick(decision: Decision, rng: Rng) -> str:
    return rng.choice(decision.options).id
