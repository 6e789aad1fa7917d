"""Now Boarding at the table: a round is one turn, everyone plays in it at once, and its flights (and, with a house
rule, its weather tokens) run against the round's clock."""

from __future__ import annotations

from engine.core.contract import TIMEOUT, GameState
from engine.core.table import TableFlow
from engine.now_boarding.game import round_clock
from engine.now_boarding.setup import round_detail
from engine.now_boarding.state import NBState


def _nb(state: GameState) -> NBState:
    assert isinstance(state, NBState)
    return state


class NowBoardingTable(TableFlow):
    def turn_number(self, state: GameState) -> int | None:
        """A round is one turn: every pilot plays in it at once (its weather, flight and maintenance, and before the
        first, choosing the planes), so a log, an undo and a replay count rounds, not each pilot's clicks."""
        return _nb(state).round

    def turn_detail(self, state: GameState) -> str:
        """The stage and the round's place in it, as the board shows them: "Afternoon, 5 of 6"."""
        return round_detail(_nb(state))

    def clock(self, state: GameState) -> tuple[str, float] | None:
        return round_clock(_nb(state))

    def timeout(self, state: GameState, seat: int) -> str | None:
        return TIMEOUT if any(d.seat == seat for d in self.game.pending(state)) else None


TABLE = NowBoardingTable
