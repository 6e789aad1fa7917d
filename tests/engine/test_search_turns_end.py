"""An AI's turn always ends: a search never plans its way back to a sight of its turn so far, and a run
of one seat's choices longer than levels.RUN_LIMIT is finished by the game's policy. A hard Planecrafters AI once
moved a part between two slots for 20,000 choices, one plan at a time: each search alone saw nothing wrong."""

from __future__ import annotations

from engine.core import Rng, apply
from engine.core.ai import levels
from engine.core.ai.arena import play_match
from engine.core.ai.search import Budget, plan
from engine.core.play import new_game
from tests.support.loop_games import Count, Shuttle

BUDGET = Budget(iterations=60, horizon=None)


def test_a_search_never_plans_back_to_where_its_turn_already_was() -> None:
    game = Shuttle()
    start = new_game(game, 2, 1)
    moved, _ = apply(game, start, 0, "go")  # the token on spot 1, worth a point if the turn ended here
    back, _ = apply(game, moved, 0, "go")  # ...and back on spot 0, where the turn began
    assert plan(game, back, 0, Rng.seeded(2), BUDGET)[0] == "go", "alone, going to spot 1 again looks best"
    assert plan(game, back, 0, Rng.seeded(2), BUDGET, history=[start, moved])[0] == "end", (
        "but spot 1 was already seen this turn: going there only undoes the last move")


def test_a_run_longer_than_the_limit_is_finished_by_the_policy(monkeypatch) -> None:
    game = Count()
    state = new_game(game, 2, 1)
    assert levels.plan(game, state, 0, levels.NORMAL, Rng.seeded(1), BUDGET)[0] == "more", "one more always pays"
    used: list[int] = []
    policy = levels.random_ai.plan

    def spy(game, state, decision, rng, strict=False, ai=None):  # noqa: ANN001, ANN202 - random_ai.plan's signature
        used.append(state.version)
        return policy(game, state, decision, rng, strict, ai)

    monkeypatch.setattr(levels.random_ai, "plan", spy)
    levels.plan(game, state, 0, levels.NORMAL, Rng.seeded(1), BUDGET, history=[state] * (levels.RUN_LIMIT - 1))
    assert not used, "below the limit the search still plans"
    levels.plan(game, state, 0, levels.NORMAL, Rng.seeded(1), BUDGET, history=[state] * levels.RUN_LIMIT)
    assert used, "at the limit the policy does"


def test_arena_games_with_endless_turns_end() -> None:
    for game in (Shuttle(), Count()):
        final = play_match(game, 2, 3, {0: "normal", 1: "hard"}, {"normal": BUDGET, "hard": BUDGET})
        assert not game.pending(final)
        assert final.version < 4 * (levels.RUN_LIMIT + 50), f"{game.name}: every turn ended soon after the limit"


def test_a_part_moved_away_and_back_is_the_same_sight_whatever_order_its_slots_now_sit_in() -> None:
    # A Planecrafters move takes the part out of its slot and puts it in the new one, which Python's dicts keep
    # last: away and back again, the plane is equal but its slots are in another order (its JSON differs).
    from engine.core.ai.search import Search
    from engine.planecrafters.game import GAME as PLANECRAFTERS

    before = new_game(PLANECRAFTERS, 2, 1)
    before.planes[0][0].parts = {"lwing": "part:a", "nose": "part:b"}
    after = before.model_copy(deep=True)
    after.planes[0][0].parts = {"nose": "part:b", "lwing": "part:a"}
    assert before == after and before.model_dump_json() != after.model_dump_json()
    search = Search(PLANECRAFTERS, 0, Rng.seeded(1), BUDGET, history=[before])
    assert search._sight(after) in search.met, "back where the turn was: a loop, not a new state"
