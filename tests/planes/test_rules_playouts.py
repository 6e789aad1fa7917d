"""Random playouts under every option, with the conformance checks (round trip, replay, leaks, illegal probes)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.conformance import check_playout
from engine.core.contract import Decision
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.core.selfplay import playout
from engine.planes.ai import boarding_plan
from engine.planes.game import GAME, MAX_ROUNDS
from engine.planes.state import PlanesState
from engine.planes.terrain import airport_ids

OPTION_SETS = [
    {"player_decks": "on", "end_space": "4"},
    {"pois": "few", "end_space": "3", "start": "2"},
    {"pois": "many", "end_space": "5"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_under_options_conform(options: dict[str, str], players: int) -> None:
    assert check_playout(GAME, players, 3, {"airport": "practice", **options}) > 0


def test_every_random_game_ends_with_equal_turns_and_a_known_reason() -> None:
    for seed in range(6):
        run = playout(GAME, 3, seed, {"airport": "practice", "end_space": "6"})
        state = run.state
        summary = GAME.summary(state)
        assert summary["end"] in ("track", "full colour", "stuck", "round limit")
        assert summary["turns"] % 3 == 0  # the last round is always completed
        assert summary["turns"] <= MAX_ROUNDS * 3
        assert GAME.result(state) is not None


def _purposeful(state: PlanesState, decision: Decision, rng: Rng, plan: list[str]) -> str:
    """Plan a boarding move when one exists, keep finished moves, score goals; otherwise random legal choices."""
    ids = [o.id for o in decision.options]
    if decision.kind == "move_start" and not plan:
        plan.extend(boarding_plan(state))
    if plan:
        step = plan.pop(0)
        if step in ids:
            return step
        plan.clear()
    for prefix in ("board:", "confirm"):
        hits = [i for i in ids if i.startswith(prefix)]
        if hits:
            return hits[0]
    if decision.kind == "goal" and len(ids) > 1:
        return ids[0]
    return rng.choice([i for i in ids if i != "redo"] or ids)


def purposeful_game(airport: str, seed: int, players: int = 4) -> PlanesState:
    state = new_game(GAME, players, seed, {"airport": airport})
    rng = Rng.seeded(seed)
    plan: list[str] = []
    while decisions := GAME.pending(state):
        assert isinstance(state, PlanesState)
        state, _ = apply(GAME, state, decisions[0].seat, _purposeful(state, decisions[0], rng, plan))
    assert isinstance(state, PlanesState)
    return state


@pytest.mark.parametrize("airport", airport_ids())
def test_purposeful_players_reach_the_real_endings(airport: str) -> None:
    ends = Counter(GAME.summary(purposeful_game(airport, seed))["end"] for seed in range(8))
    assert ends["track"] + ends["full colour"] >= 4, ends


def test_boarding_plan_finds_the_exact_group_length() -> None:
    from engine.planes.sandbox import build_airport, build_state, run

    board = build_airport("plan1", {"A": ["B"], "B": ["C", "G"], "C": ["G"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 1, "grey": 2}})
    plan = boarding_plan(state)
    assert plan == ["from:A", "drop:B:grey", "drop:C:grey", "board:G", "confirm"]
    assert run(state, *plan).planes[0].slots == ["red"]
    assert boarding_plan(build_state(board, cubes={"A": {"red": 1, "grey": 3}})) == []
