"""Flight Plan at the table: first moves, then every airline's turn; a clock on a bid or an offer stands for a
pass or a decline; a seat told why it waits (a debt, an auction)."""

from __future__ import annotations

from engine.core.contract import GameState
from engine.core.table import TableFlow
from engine.flight_plan import market
from engine.flight_plan.game import first_seat, timeout_choice
from engine.flight_plan.mechanics import who
from engine.flight_plan.state import FPState


def _fp(state: GameState) -> FPState:
    assert isinstance(state, FPState)
    return state


class FlightPlanTable(TableFlow):
    explained_kinds = frozenset({"action", "fm_routes", "after_fly", "after_buy"})

    def turn_number(self, state: GameState) -> int | None:
        """Turns as the table counts them: each airline's first move, then every turn an airline takes (a bankrupt
        one takes none); an answer to an offer or a bid in an auction belongs to the turn it comes in."""
        st = _fp(state)
        if st.phase == "first":
            return (st.turn - first_seat(st)) % st.players + 1
        return st.players + sum(a.turns_played for a in st.airlines)

    def turn_detail(self, state: GameState) -> str:
        st = _fp(state)
        if st.phase == "first":
            return "first moves"
        # The cap ends the game as its round would begin: the last one played is the one before.
        return f"round {st.round - 1 if st.ending == 'round cap' else st.round}"

    def timeout(self, state: GameState, seat: int) -> str | None:
        return timeout_choice(_fp(state), seat)

    def idle_reason(self, state: GameState, seat: int) -> str | None:
        st = _fp(state)
        if st.phase == "over":
            return None
        if st.airlines[seat].out:
            return "Your airline is out of the game."
        if st.debts and seat != st.debts[0].debtor:
            return f"Waiting for {who(st.debts[0].debtor)} to raise cash for a debt."
        if st.auction is not None:
            return market.bid_problem(st, seat, "pass")
        return None


TABLE = FlightPlanTable
