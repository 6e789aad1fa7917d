"""The search AI (engine.core.ai.search): it finds the better choice, replays from its seed, never plays a
take-back, and cannot tell the true hidden cards from a re-deal of them; plus the arena's figures."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.__main__ import main
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
    apply,
)
from engine.core.ai import levels
from engine.core.ai.arena import arena, wilson
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.levels import plan as level_plan
from engine.core.ai.search import Budget, Search, plan
from engine.core.checks.conformance import check_blindness
from engine.core.play import new_game
from engine.planes.game import PlanesGame
from engine.planes.state import PlanesState

SMALL = Budget(iterations=40, horizon=4)


class TakeState(GameState):
    taken: list[int] = []
    turn: int = 0


class Take(Game):
    """A toy: three turns each, a seat takes 1, 2 or 3 points (or takes nothing and 'undo's); most points wins."""

    name = "take"
    info = GameInfo(title="Take", min_players=2, max_players=2, hidden=False)
    state_model = TakeState
    def new_game(self, players: int, seed: int, options: dict[str, str]) -> GameState:
        return TakeState(game=self.name, players=players, seed=seed, rng=Rng.seeded(seed), taken=[0, 0])

    def pending(self, state: GameState) -> list[Decision]:
        assert isinstance(state, TakeState)
        if state.turn >= 6:
            return []
        options = [Option(id=f"take:{n}", label=f"Take {n}") for n in (1, 2, 3)] + [Option(id="undo", label="Undo")]
        return [Decision(seat=state.turn % 2, prompt="Take points", options=options)]

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        assert isinstance(state, TakeState)
        if seat != state.turn % 2 or choice not in {"take:1", "take:2", "take:3", "undo"}:
            raise IllegalAction("Not now.")
        if choice != "undo":
            state.taken[seat] += int(choice[5:])
            state.turn += 1
        return []

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return state.model_dump()

    def result(self, state: GameState) -> Result | None:
        assert isinstance(state, TakeState)
        if state.turn < 6:
            return None
        best = max(state.taken)
        return Result(standings=[SeatResult(seat=s, score=v) for s, v in enumerate(state.taken)],
                      winners=[s for s, v in enumerate(state.taken) if v == best], summary="")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        return {}


def test_the_search_takes_the_most_points_and_never_a_take_back() -> None:
    game = Take()
    state = game.new_game(2, 1, {})
    search = Search(game, 0, Rng.seeded(3), Budget(iterations=200, horizon=None))
    assert search.run(state)[0] == "take:3"
    visits = search.stats.root_visits
    assert visits["take:3"] > max(visits["take:1"], visits["take:2"])
    assert "undo" not in visits


def test_same_seed_and_state_give_the_same_plan() -> None:
    game = registry.get("planecrafters")
    state = new_game(game, 2, 4)
    first = plan(game, state, 0, Rng.seeded(9), SMALL)
    assert first and first == plan(game, state, 0, Rng.seeded(9), SMALL)
    assert game.pending(state)[0].option(first[0]) is not None


def _planes_mid_game(players: int, seed: int) -> PlanesState:
    """A Planes game some moves in, at the start of a move of the seat to play."""
    game = registry.get("planes")
    state = new_game(game, players, seed)
    rng = Rng.seeded(seed)
    while True:
        decision = game.pending(state)[0]
        if state.version > 30 and decision.kind == "move_start":
            assert isinstance(state, PlanesState)
            return state
        state, _ = apply(game, state, decision.seat, rng.choice(decision.options).id)


def test_swapping_the_opponents_hands_changes_nothing_for_the_ai() -> None:
    game = registry.get("planes")
    state = _planes_mid_game(3, 2)
    me = state.turn
    a, b = [s for s in range(3) if s != me]
    assert len(state.hands[a]) == len(state.hands[b]) and state.hands[a] != state.hands[b]
    swapped = state.model_copy(deep=True)
    swapped.hands[a], swapped.hands[b] = swapped.hands[b], swapped.hands[a]
    # ... and one of those cards changes places with the top of the deck, which nobody sees either.
    deck = swapped.decks[swapped.pile(a)]
    swapped.hands[a][0], deck[0] = deck[0], swapped.hands[a][0]
    assert game.view(swapped, me) == game.view(state, me)
    assert plan(game, state, me, Rng.seeded(5), SMALL) == plan(game, swapped, me, Rng.seeded(5), SMALL)


def test_the_planes_ai_never_plans_a_redo() -> None:
    game = registry.get("planes")
    state = _planes_mid_game(2, 3)
    search = Search(game, state.turn, Rng.seeded(1), SMALL)
    line = search.run(state)
    assert line and "redo" not in line and "redo" not in search.stats.root_visits


class TakeAI(GameAI):
    take_backs = frozenset({"undo"})


AI = TakeAI
"""Take's hooks, found beside its class."""


class LeakyPlanes(PlanesGame):
    """Re-deals without sorting first: the new deal then follows the old order of the hidden cards."""

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> PlanesState:
        assert isinstance(state, PlanesState)
        s = state.model_copy(deep=True)
        unseen = [t for t in range(s.players) if t != seat]
        cards = [c for t in unseen for c in s.hands[t]] + s.decks[0]
        rng.shuffle(cards)
        for t in unseen:
            s.hands[t], cards = cards[:len(s.hands[t])], cards[len(s.hands[t]):]
        s.decks[0] = cards
        s.rng = Rng.seeded(rng.next64())
        return s


def test_the_blindness_check_catches_a_re_deal_that_keeps_the_old_order() -> None:
    with pytest.raises(AssertionError, match="depends on the hidden cards it replaces"):
        check_blindness(LeakyPlanes(), 2, 1, searches=0)


def test_easy_is_the_playout_policy() -> None:
    game = registry.get("planes")
    state = _planes_mid_game(2, 3)
    from engine.core.ai import random_ai

    decision = game.pending(state)[0]
    assert level_plan(game, state, decision.seat, "easy", Rng.seeded(4)) == random_ai.plan(
        game, state, decision, Rng.seeded(4))


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(200, 200)
    assert high == 1.0 and 0.98 < low < 0.99


def test_arena_prints_each_side_with_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "planecrafters", "--a", "normal", "--b", "policy", "--games", "2", "--seed", "3",
                 "--iterations", "2", "--seconds", "0"]) == 0
    out = capsys.readouterr().out
    assert "A normal: won" in out and "B policy: won" in out and out.count("95% CI") == 2


def test_the_toy_game_passes_the_blindness_check() -> None:
    from tests.support.toy_game import GAME as TOY

    assert check_blindness(TOY, 3, 2) > 0


def test_arena_jobs_play_the_same_games() -> None:
    """Each game depends on its own seed only, so two worker processes reach the same wins and the same search
    work as one process when the searches are bound by their iteration cap; progress is heard after every game."""
    from tests.support.toy_game import GAME as TOY

    budgets: dict[str, Budget | None] = {"normal": Budget(iterations=5, seconds=None, horizon=4), "policy": None}
    heard: list[str] = []

    def figures(lines: list[str]) -> list[str]:
        # Drop what depends on the clock: the seconds a plan and the time of the whole match.
        return [line.split(" plans, ")[0] + line.split("longest")[-1].split(" s")[-1] if " plans, " in line else line
                for line in lines if not line.startswith("time:")]

    alone = arena(TOY, "normal", "policy", 3, 6, 11, budgets)
    shared = arena(TOY, "normal", "policy", 3, 6, 11, budgets, jobs=2, progress=heard.append)
    assert figures(shared) == figures(alone)
    assert any("iterations a plan" in line for line in figures(alone))
    assert len(heard) == 6 and heard[-1].startswith("6/6 games: A ")


def test_a_new_ai_starts_at_normal_only_where_the_search_beats_the_policy() -> None:
    """Each game says whether arena figures showed its search levels beating its policy (`GameAI.search_beats_policy`;
    Flight Plan's and Now Boarding's levels do with their own planners, docs/notes/ai.md): a new AI starts at Normal
    there, at Easy elsewhere."""
    for name in registry.names():
        game = registry.get(name)
        assert levels.default_for(game) == ("normal" if ai_for(game).search_beats_policy else "easy"), name
