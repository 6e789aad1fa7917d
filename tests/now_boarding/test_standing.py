"""Now Boarding's team figure (score_now of a co-operative game) on hand-built tables, and the search on its
simultaneous decisions: each seat's plan holds only that seat's own choices."""

from __future__ import annotations

import pytest

from engine.core.ai.hooks import ai_for
from engine.core.ai.search import Budget, plan
from engine.core.rng import Rng
from engine.now_boarding.game import GAME
from engine.now_boarding.maintenance import COMPLAINTS_TO_LOSE
from engine.now_boarding.standing import SAFETY, delivered_share
from tests.now_boarding.helpers import bare, pax


def _figure(st: object) -> float:
    scores = ai_for(GAME).score_now(st)  # type: ignore[arg-type]
    assert scores is not None and len(set(scores)) == 1, "every pilot gets the team's figure"
    return scores[0]


def test_a_calm_empty_table_scores_the_whole_safety_share() -> None:
    st = bare(2)
    assert _figure(st) == pytest.approx(SAFETY)  # nothing delivered yet, no complaint, nobody waiting


def test_each_complaint_spends_a_third_of_the_safety_share() -> None:
    st = bare(3)
    st.complaints.append(pax("ATL", "DEN"))
    assert _figure(st) == pytest.approx(SAFETY * (1 - 1 / COMPLAINTS_TO_LOSE))
    st.exit_complaints = 1
    assert _figure(st) == pytest.approx(SAFETY * (1 - 2 / COMPLAINTS_TO_LOSE))


def test_an_angry_passenger_weighs_far_more_than_a_calm_one() -> None:
    calm, angry = bare(2), bare(2)
    calm.airports["DEN"] += [pax("DEN", "ATL", anger=1), pax("DEN", "LAX", anger=1)]
    angry.airports["DEN"] += [pax("DEN", "ATL", anger=3)]
    assert _figure(angry) < _figure(calm) < _figure(bare(2))
    # Anger 3 of 4 is worth (3/4)^2 of a complaint; waiting cards also count as not delivered yet.
    assert _figure(angry) == pytest.approx(SAFETY * (1 - (3 / 4) ** 2 / COMPLAINTS_TO_LOSE)
                                           + (1 - SAFETY) * delivered_share(angry))


def test_deliveries_raise_the_figure_and_a_lost_game_keeps_only_them() -> None:
    st = bare(2)
    before = _figure(st)
    st.planes[0].delivered = 5
    assert _figure(st) > before
    st.complaints += [pax("ATL", "DEN"), pax("LAX", "DEN"), pax("DEN", "ATL")]
    st.lost, st.phase = True, "over"
    assert _figure(st) == pytest.approx((1 - SAFETY) * delivered_share(st))
    assert 0 < _figure(st) < 1 - SAFETY


def test_every_pilot_plans_only_its_own_choices_while_all_choose_at_once() -> None:
    st = bare(3)
    st.airports["DEN"] += [pax("DEN", "ATL", anger=2)]
    for seat in range(3):
        own = {o.id for d in GAME.pending(st) if d.seat == seat for o in d.options}
        line = plan(GAME, st, seat, Rng.seeded(seat), Budget(iterations=20, horizon=4))
        assert line and line[0] in own


COST = 0.0005
"""Seconds a fake clock charges per choice a search plays: one cost 0.22 ms of CPU here (process time), so this
leaves room for a slower machine."""


def test_a_normal_plan_makes_many_iterations_within_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Iterations counted under a clock that advances by the choices played (never the wall clock): normal's 0.3 s
    buys twenty or more iterations on a table in mid-game, each rollout stopped at the horizon by score_now."""
    from engine.core.ai.levels import LEVELS, NORMAL
    from engine.core.ai.search import Search
    from engine.core.ai.selfplay import playout
    from engine.core.play import apply, new_game

    choices = [0]
    real_apply = Search._apply

    def counted(self: Search, *args: object) -> object:
        choices[0] += 1
        return real_apply(self, *args)  # type: ignore[arg-type]

    run = playout(GAME, 2, 5)
    state = new_game(GAME, 2, 5, run.state.options)
    for action in run.actions[:41]:  # into the second round, with a flight of eight options to choose from
        state, _ = apply(GAME, state, action.seat, action.choice)
    assert len(GAME.pending(state)[0].options) > 1
    monkeypatch.setattr(Search, "_apply", counted)
    budget = LEVELS[NORMAL]
    assert budget is not None and budget.horizon is not None
    # The search's clock is handed in: its default (time.perf_counter, bound when the module was loaded) would
    # make the count depend on how busy the machine is.
    s = Search(GAME, GAME.pending(state)[0].seat, Rng.seeded(3), budget, clock=lambda: choices[0] * COST)
    s.run(state)
    assert 20 <= s.stats.iterations <= budget.iterations
    assert choices[0] <= s.stats.iterations * (budget.horizon * state.players + 10)
