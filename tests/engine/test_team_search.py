"""The search in a co-operative game (GameInfo.cooperative): every seat is rewarded with the team's outcome, so a seat
gives to the team instead of keeping points for itself; the conformance check of what the search reads; and the
arena's team lines."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core import (
    Decision,
    Event,
    Game,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Rng,
    SeatResult,
)
from engine.core.ai.arena import arena
from engine.core.ai.hooks import GameAI
from engine.core.ai.search import Budget, plan, team_reward
from engine.core.checks.conformance import check_scores


class PoolState(GameState):
    kept: list[int] = []
    pot: int = 0
    turn: int = 0


class Pool(Game):
    """A toy team game: two turns each; a seat keeps 2 points for itself or gives 1 to the team's pot. The team
    wins with 2 in the pot; standings show what each seat kept, the team figure is the pot."""

    name = "pool"
    info = GameInfo(title="Pool", min_players=2, max_players=2, hidden=False, cooperative=True)
    state_model = PoolState

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> GameState:
        return PoolState(game=self.name, players=players, seed=seed, rng=Rng.seeded(seed), kept=[0, 0])

    def pending(self, state: GameState) -> list[Decision]:
        assert isinstance(state, PoolState)
        if state.turn >= 4:
            return []
        options = [Option(id="keep", label="Keep 2"), Option(id="give", label="Give 1")]
        return [Decision(seat=state.turn % 2, prompt="Keep or give", options=options)]

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        assert isinstance(state, PoolState)
        if seat != state.turn % 2 or choice not in ("keep", "give"):
            raise IllegalAction("Not now.")
        if choice == "keep":
            state.kept[seat] += 2
        else:
            state.pot += 1
        state.turn += 1
        return []

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return state.model_dump()

    def result(self, state: GameState) -> Result | None:
        assert isinstance(state, PoolState)
        if state.turn < 4:
            return None
        return Result(standings=[SeatResult(seat=s, score=v) for s, v in enumerate(state.kept)],
                      winners=[0, 1] if state.pot >= 2 else [], summary="")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        return {}

class PoolAI(GameAI):
    """The team figure is the pot; the figures of a day, the pot too. Found beside `Pool` as this module's `AI`."""

    def score_now(self, state: GameState) -> list[float] | None:
        assert isinstance(state, PoolState)
        return [state.pot / 4] * state.players

    def summary(self, state: GameState) -> dict[str, Any]:
        assert isinstance(state, PoolState)
        return {"pot": state.pot}


AI = PoolAI


class SelfishPool(Pool):
    """The same game scored as if it were not a team game: each seat's own points against the other's."""

    info = replace(Pool.info, cooperative=False)


class SelfishAI(PoolAI):
    def score_now(self, state: GameState) -> list[float] | None:
        assert isinstance(state, PoolState)
        return [float(v) for v in state.kept]

def test_team_reward_is_the_same_for_every_seat_and_a_win_beats_any_position() -> None:
    assert team_reward(True, 0.2, 3) == [0.6] * 3
    assert team_reward(False, 0.9, 2) == [0.45, 0.45]
    assert team_reward(False, None, 2) == [0.25, 0.25]
    assert team_reward(False, 7.0, 1) == [0.5]  # a figure out of [0, 1] is held to it
    assert min(team_reward(True, 0.0, 2)) >= max(team_reward(False, 1.0, 2))


def test_the_search_gives_to_the_team_in_a_co_operative_game() -> None:
    game = Pool()
    state = game.new_game(2, 1, {})
    budget = Budget(iterations=60, horizon=None)
    assert plan(game, state, 0, Rng.seeded(1), budget) == ["give"]
    # The same toy scored seat against seat keeps the points: what the co-operative reward replaces.
    selfish = SelfishPool()
    assert plan(selfish, state, 0, Rng.seeded(1), budget, ai=SelfishAI(selfish)) == ["keep"]


class SplitAI(PoolAI):
    """A broken team game's hooks: score_now gives each seat its own figure."""

    def score_now(self, state: GameState) -> list[float] | None:
        assert isinstance(state, PoolState)
        return [v / 4 for v in state.kept]


def test_the_conformance_check_wants_one_team_figure() -> None:
    game = Pool()
    assert check_scores(Pool(), 2, 1) > 0
    with pytest.raises(AssertionError, match="the same figure in \\[0, 1\\]"):
        check_scores(game, 2, 1, ai=SplitAI(game))


def test_the_arena_plays_team_against_team_on_the_same_deals() -> None:
    budgets: dict[str, Budget | None] = {"normal": Budget(iterations=30, horizon=None), "policy": None}
    lines = arena(Pool(), "normal", "policy", 2, 4, 1, budgets)
    assert lines[0].startswith("game: pool (co-operative), players: 2, deals: 4")
    assert lines[1].startswith("team A normal: won 4 of 4 = 100.0%") and "pot 4.00" in lines[1]
    assert lines[2].startswith("team B policy: won ")
