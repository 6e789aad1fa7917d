"""How noughts and crosses goes at the table (engine.core.table): each mark is a turn. Everything else (no clock,
no detail after the number) is the defaults'."""

from __future__ import annotations

from engine.core import GameState
from engine.core.table import TableFlow
from engine.noughts.game import NoughtsState, over


class NoughtsTable(TableFlow):
    def turn_number(self, state: GameState) -> int | None:
        """The marks made so far, plus the one being made; once the game is over, the number of the last mark."""
        assert isinstance(state, NoughtsState)
        return max(1, len(state.cells) + (0 if over(state) else 1))


TABLE = NoughtsTable
