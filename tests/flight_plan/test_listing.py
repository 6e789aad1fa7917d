"""The quick test for whether a trade can be offered answers exactly as listing every tradeable asset would."""

from __future__ import annotations

from engine import registry
from engine.core import GameState
from engine.core.ai.selfplay import playout
from engine.flight_plan.state import FPState
from engine.flight_plan.trade import partners, trade_possible, tradeable


def _by_listing(st: FPState) -> bool:
    me = st.turn
    return any(tradeable(st, me, p) or tradeable(st, p, me) for p in partners(st, me))


def test_trade_possible_matches_the_full_listing() -> None:
    states: list[GameState] = []
    for seed in (3, 4):
        playout(registry.get("flight-plan"), 3, seed, on_step=lambda before, _a, _b: states.append(before))
    answers = set()
    for state in states:
        assert isinstance(state, FPState)
        if state.phase != "play":
            continue
        # With the same fleets everywhere no fleet can change hands, so the two-region test decides alone.
        for same_fleets in (False, True):
            st = state.model_copy(deep=True)
            if same_fleets:
                every = sorted({f for a in st.airlines for f in a.fleets})
                for airline in st.airlines:
                    airline.fleets = list(every)
            answers.add(_by_listing(st))
            assert trade_possible(st) == _by_listing(st)
    assert answers == {True, False}  # both answers met, so the comparison says something
