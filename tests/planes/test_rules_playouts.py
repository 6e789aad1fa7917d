"""Whole games by the playout policy (engine/planes/ai.py) under every option, with the conformance checks (round
trip, replay, leaks, illegal probes), and the policy itself: random, never 'redo', boarding when it can."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.ai.hooks import ai_for
from engine.core.ai.random_ai import choose
from engine.core.ai.selfplay import playout
from engine.core.checks.conformance import check_playout
from engine.core.contract import GameState, Offer, offer_of
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.planes.ai import PlanesAI, boarding_plan
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.state import PlanesState
from engine.planes.terrain import airport_ids

REAL_ENDS = ("track", "full colour", "all aboard")
"""The books' endings: the round cap is a house rule, off unless the host picks it."""
OPTION_SETS = [
    {"player_decks": "on", "end_space": "4"},
    {"pois": "few", "end_space": "3", "start": "2", "airport": "zephyr"},
    {"pois": "many", "end_space": "5", "airport": "practice"},
]


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_games_under_options_conform(options: dict[str, str], players: int) -> None:
    assert check_playout(GAME, players, 3, options) > 0


def test_uniformly_random_choices_conform_too_redo_included() -> None:
    """The policy never redoes; uniform choices do, so this walks that path under the same checks."""
    seen: Counter[str] = Counter()
    length = check_playout(GAME, 2, 1, {"end_space": "3"}, uniform=True)
    for action in playout(GAME, 2, 1, {"end_space": "3"}, uniform=True).actions:
        seen[action.choice] += 1
    assert length > 0 and seen["redo"] > 0


@pytest.mark.parametrize("airport", airport_ids())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_policy_games_end_by_the_rules_with_equal_turns(airport: str, players: int) -> None:
    ends: Counter[str] = Counter()
    for seed in range(4):
        state = playout(GAME, players, seed, {"airport": airport}).state
        summary = ai_for(GAME).summary(state)
        ends[summary["end"]] += 1
        assert summary["turns"] % players == 0  # the last round is always completed
        assert GAME.result(state) is not None
    assert set(ends) <= set(REAL_ENDS), ends


def test_the_policy_never_takes_a_move_back() -> None:
    board = build_airport("pp1", {"A": ["B"], "B": ["C"], "C": ["A"]})
    state = run(build_state(board, cubes={"A": {"red": 3}}), "from:A", "drop:B:red")
    assert "redo" in option_ids(state)
    decision = GAME.pending(state)[0]
    picks = {ai_for(GAME).playout_plan(state, offer_of(decision), Rng.seeded(s))[0] for s in range(40)}
    assert picks == {"drop:C:red", "stop:C"}  # both real steps happen, 'redo' never


def test_the_policy_boards_half_the_time_and_moves_at_random_otherwise() -> None:
    board = build_airport("pp2", {"A": ["B", "C"], "B": ["G", "D"], "C": ["D"], "D": ["A"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 1, "grey": 1}, "D": {"red": 1}})
    decision = GAME.pending(state)[0]
    plans = [ai_for(GAME).playout_plan(state, offer_of(decision), Rng.seeded(s)) for s in range(200)]
    boarding = [p for p in plans if p[-2:] == ["board:G", "confirm"]]
    assert boarding[0] == ["from:A", "drop:B:grey", "board:G", "confirm"]
    assert 70 <= len(boarding) <= 130  # about one half
    singles = Counter(p[0] for p in plans if len(p) == 1)
    assert set(singles) == {"from:A", "from:D"}  # the other half starts anywhere, uniformly


def test_mid_move_a_group_that_can_still_board_does() -> None:
    """The same policy one decision at a time (as an AI seat asks it): the coin was thrown at the start."""
    board = build_airport("pp3", {"A": ["B"], "B": ["G", "C"], "C": ["A"]}, gates={"G": 1})
    state = run(build_state(board, cubes={"A": {"red": 1, "grey": 1}}), "from:A")
    decision = GAME.pending(state)[0]
    assert {choose(GAME, state, decision, Rng.seeded(s)) for s in range(20)} == {"drop:B:grey"}
    state = run(state, "drop:B:grey")
    assert choose(GAME, state, GAME.pending(state)[0], Rng.seeded(1)) == "board:G"


def test_a_shortcut_still_to_use_hides_boarding_from_the_plan() -> None:
    board = build_airport("pp4", {"A": ["B", "G"], "B": ["C"], "C": ["A"]}, gates={"G": 1})
    state = run(build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R05"], []]), "card:R05", "from:A")
    assert "board:G" not in option_ids(state)
    decision = GAME.pending(state)[0]
    assert {ai_for(GAME).playout_plan(state, offer_of(decision), Rng.seeded(s))[0] for s in range(20)} == {"skip:B"}


class _Counting(PlanesAI):
    calls = 0

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        type(self).calls += 1
        return super().playout_plan(state, offer, rng)


def test_selfplay_follows_whole_boarding_moves() -> None:
    counting = _Counting(GAME)
    result = playout(GAME, 3, 5, {"end_space": "4"}, ai=counting)
    assert result.state.track >= 4
    assert 0 < _Counting.calls < len(result.actions)  # some plans covered several choices


def test_one_decision_at_a_time_ai_seats_also_finish_games() -> None:
    """What the bot's AI seat does: `choose` on each open decision, no memory between them."""
    state = new_game(GAME, 3, 2, {"end_space": "6"})
    for version in range(3000):
        decisions = GAME.pending(state)
        if not decisions:
            break
        state, _ = apply(GAME, state, decisions[0].seat, choose(GAME, state, decisions[0], Rng.seeded(version)))
    assert isinstance(state, PlanesState)
    assert state.phase == "over" and state.end_reason in REAL_ENDS


def test_boarding_plan_finds_the_exact_group_length() -> None:
    board = build_airport("plan1", {"A": ["B"], "B": ["C", "G"], "C": ["G"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 1, "grey": 2}})
    plan = boarding_plan(state)
    assert plan == ["from:A", "drop:B:grey", "drop:C:grey", "board:G", "confirm"]
    assert run(state, *plan).planes[0].slots == ["red"]
    assert boarding_plan(build_state(board, cubes={"A": {"red": 1, "grey": 3}})) == []
