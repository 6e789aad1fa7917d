"""Whole Round Trip games by the playout policy, under the conformance checks (JSON round trip, replay, no view
shows another seat's secrets, illegal choices change nothing): every scenario and every module together."""

from __future__ import annotations

import pytest

from engine.core.ai.selfplay import playout
from engine.core.checks.conformance import check_playout
from engine.planes.game import GAME
from engine.planes.scenarios import scenarios

ALL_MODULES = {"airport": "beacon", "cards": "all", "player_planes": "jumbo", "neutral_planes": "cargo"}


@pytest.mark.parametrize("key", list(scenarios()))
def test_each_scenario_plays_to_the_end_and_conforms(key: str) -> None:
    assert check_playout(GAME, 3, 2, {"scenario": key, "end_space": "3"}) > 0


@pytest.mark.parametrize("players", [2, 4])
def test_all_modules_together_play_to_the_end_and_conform(players: int) -> None:
    assert check_playout(GAME, players, 5, {**ALL_MODULES, "end_space": "4"}) > 0


def test_a_draft_happens_in_some_game_and_conforms() -> None:
    """Pass It On is the one private pick passed between seats: find a seeded game that plays it."""
    for seed in range(40):
        run = playout(GAME, 3, seed, {"cards": "expansion", "end_space": "4"})
        if any(a.choice in ("card:R18", "card:B18", "card:G18") for a in run.actions):
            assert check_playout(GAME, 3, seed, {"cards": "expansion", "end_space": "4"}) > 0
            return
    raise AssertionError("no seeded game played Pass It On")
