"""Planecrafters at the table: a turn is one player's, seat 1 first in every round, and the details of an
employee to hire and of a buyer are printed under their buttons."""

from __future__ import annotations

from engine.core.contract import GameState
from engine.core.table import TableFlow
from engine.planecrafters.state import PCState


class PlanecraftersTable(TableFlow):
    explained_kinds = frozenset({"hire", "buyer"})

    def turn_number(self, state: GameState) -> int | None:
        """Turns as the table counts them, one a player, seat 1 first in every round (the board's "Round 3")."""
        assert isinstance(state, PCState)
        return max(1, state.turns_taken if state.over else state.turns_taken + 1)

    def turn_detail(self, state: GameState) -> str:
        number = self.turn_number(state) or 1
        return f"round {(number - 1) // state.players + 1}"


TABLE = PlanecraftersTable
