"""The quick test for whether a trade can be offered answers exactly as listing every tradeable asset would."""

from __future__ import annotations

from engine import registry
from engine.core import GameState
from engine.core.selfplay import playout
from engine.flight_plan.state import FPState
from engine.flight_plan.turn import _trade_possible, partners, price_points, tradeable


def _by_listing(st: FPState) -> bool:
    me = st.turn
    return any(any(price_points(st, p, x) for x in tradeable(st, me, p))
               or any(price_points(st, me, x) for x in tradeable(st, p, me)) for p in partners(st, me))


def test_trade_possible_matches_the_full_listing() -> None:
    states: list[GameState] = []
    for seed in (3, 4):
        playout(registry.get("flight-plan"), 3, seed, on_step=lambda before, _a, _b: states.append(before))
    answers = set()
    for state in states:
        assert isinstance(state, FPState)
        if state.phase != "play":
            continue
        # Less cash makes fewer price points affordable, so the two-region test decides more often.
        for cash in (None, 80, 40, 0):
            st = state.model_copy(deep=True)
            for airline in st.airlines:
                airline.cash = airline.cash if cash is None else cash
            answers.add(_by_listing(st))
            assert _trade_possible(st) == _by_listing(st)
    assert answers == {True, False}  # both answers met, so the comparison says something
