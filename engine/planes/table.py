"""Planes at the table: a turn is one player's, the book's rounds each player's turn once from the starting seat,
and an action card's details are printed under its buttons."""

from __future__ import annotations

from engine.core.contract import GameState
from engine.core.table import TableFlow
from engine.planes.state import PlanesState


class PlanesTable(TableFlow):
    explained_kinds = frozenset({"action"})

    def turn_number(self, state: GameState) -> int | None:
        """Turns as the table counts them, one a player (an answer someone gives in another's turn, a card passed
        on, belongs to that turn); the book's rounds are each player's turn once, from the starting seat."""
        assert isinstance(state, PlanesState)
        return max(1, state.turns if state.phase == "over" else state.turns + 1)

    def turn_detail(self, state: GameState) -> str:
        number = self.turn_number(state) or 1
        return f"round {(number - 1) // state.players + 1}"


TABLE = PlanesTable
