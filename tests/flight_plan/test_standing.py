"""Flight Plan's score_now (engine.flight_plan.standing) on hand-built airlines, and what it buys the search AI:
a normal plan on a mid-game state stops its rollouts a few turns ahead and so makes many iterations."""

from __future__ import annotations

import pytest

from engine.core.ai.hooks import ai_for
from engine.core.ai.levels import LEVELS, NORMAL
from engine.core.ai.search import Search
from engine.core.ai.selfplay import playout
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.flight_plan.data import catalog, route
from engine.flight_plan.game import GAME
from engine.flight_plan.mechanics import revenue
from engine.flight_plan.standing import BANKRUPT, WEIGHTS
from engine.flight_plan.state import FPState
from tests.flight_plan.helpers import give, play_state


def test_the_figure_is_net_worth_plus_revenue_and_progress_by_the_weights() -> None:
    st = play_state(players=2, cash=300)
    give(st, 0, routes=(63,), fleets=("long",), hubs=("NYC",))  # New York-London: North America and Europe
    a = st.airlines[0]
    eco = catalog().economy
    worth = 300 + route(63).price + eco.fleet[route(63).cls].price + eco.hub_price
    shorts = 1 if route(63).cls == "short" else 0
    expected = (worth + WEIGHTS.income * revenue(a) + WEIGHTS.hub_region * 1 + WEIGHTS.region * 2
                + WEIGHTS.short * shorts)
    assert revenue(a) == route(63).revenue > 0
    assert ai_for(GAME).score_now(st) == [pytest.approx(expected), 300.0]


def test_a_hub_in_a_new_region_beats_keeping_its_price_in_cash() -> None:
    st = play_state(players=2, cash=600)
    give(st, 0, routes=(63,), hubs=("NYC",))
    give(st, 1, routes=(63,))
    st.airlines[0].cash -= catalog().economy.hub_price
    mine, theirs = ai_for(GAME).score_now(st) or []
    assert mine > theirs
    st.airlines[0].hubs.append("LON")  # a second region with a hub is worth more again
    st.airlines[0].cash -= catalog().economy.hub_price
    assert (ai_for(GAME).score_now(st) or [])[0] > mine
    st.airlines[0].hubs[-1] = "ATL"  # ...but a second hub in New York's region only turns cash into a hub
    assert (ai_for(GAME).score_now(st) or [])[0] == mine


def test_routes_that_earn_beat_the_same_worth_in_cash() -> None:
    st = play_state(players=2, cash=500)
    give(st, 0, routes=(63,), fleets=(route(63).cls,))
    st.airlines[0].cash -= route(63).price + catalog().economy.fleet[route(63).cls].price
    mine, theirs = ai_for(GAME).score_now(st) or []
    assert mine > theirs


def test_a_bankrupt_airline_scores_below_one_with_nothing() -> None:
    st = play_state(players=3, cash=0)
    give(st, 1, routes=(63,), hubs=("NYC", "LON"))
    st.airlines[1].out = True
    figures = ai_for(GAME).score_now(st) or []
    assert figures[1] == BANKRUPT < figures[0] == figures[2] == 0.0


def _mid_game() -> FPState:
    run = playout(GAME, 2, 5)
    state = new_game(GAME, 2, 5, run.state.options)
    for action in run.actions[:20]:
        state, _ = apply(GAME, state, action.seat, action.choice)
    assert isinstance(state, FPState) and state.phase == "play"
    return state


COST = 0.0005
"""Seconds a fake clock charges per choice a search plays: one cost 0.33 ms of CPU here (process time), so this
leaves room for a slower machine."""


def test_a_normal_plan_makes_many_iterations_within_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Iterations counted under a clock that advances by the choices played (never the wall clock): normal's 0.3 s
    then buys twenty or more iterations, each a walk down the tree and a rollout stopped at the horizon."""
    choices = [0]
    real_apply = Search._apply

    def counted(self: Search, *args: object) -> object:
        choices[0] += 1
        return real_apply(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Search, "_apply", counted)
    state = _mid_game()
    budget = LEVELS[NORMAL]
    assert budget is not None and budget.horizon is not None
    seat = GAME.pending(state)[0].seat
    # The search's clock is handed in: its default (time.perf_counter, bound when the module was loaded) would
    # make the count depend on how busy the machine is.
    s = Search(GAME, seat, Rng.seeded(3), budget, clock=lambda: choices[0] * COST)
    s.run(state)
    assert 20 <= s.stats.iterations <= budget.iterations
    # Each rollout stopped at the horizon: a tree walk plus horizon choices per seat at most.
    assert choices[0] <= s.stats.iterations * (budget.horizon * state.players + 10)
