"""Noughts and crosses: two players take turns to mark a cell of a 3 x 3 grid, Player 1 with X and first, Player 2
with O; three of one mark in a row, a column or a diagonal wins, and a full grid with no line is a draw.

Nothing is hidden and nothing is random (`info.hidden` is False), so the inherited `secrets` (nothing) and
`redeal_hidden` (the state as it is) are right. The rules pages are data/noughts/rules.md."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core import Decision, Event, Game, GameState, IllegalAction, Offer, Result, Rng, SeatResult
from engine.core.contract import GameInfo, decision, event, option

COLUMNS = "abc"
CELLS = [f"{column}{row}" for row in "123" for column in COLUMNS]
"""Cell ids in reading order: a1 b1 c1 on the top row, a3 b3 c3 on the bottom."""
LINES = [
    *([CELLS[3 * r], CELLS[3 * r + 1], CELLS[3 * r + 2]] for r in range(3)),
    *([CELLS[c], CELLS[c + 3], CELLS[c + 6]] for c in range(3)),
    ["a1", "b2", "c3"], ["c1", "b2", "a3"],
]
MARKS = ("X", "O")
"""The mark of each seat: Player 1 plays X and moves first."""


class NoughtsState(GameState):
    cells: dict[str, str] = Field(default_factory=dict)
    """The marked cells: cell id -> "X" or "O"."""
    turn: int = 0


def _line(state: NoughtsState) -> list[str] | None:
    """The first line of three alike, if any."""
    return next((line for line in LINES if state.cells.get(line[0]) and
                 state.cells.get(line[0]) == state.cells.get(line[1]) == state.cells.get(line[2])), None)


def over(state: NoughtsState) -> bool:
    """A line of three, or a full grid."""
    return _line(state) is not None or len(state.cells) == len(CELLS)


def _s(state: GameState) -> NoughtsState:
    assert isinstance(state, NoughtsState)
    return state


class Noughts(Game):
    name = "noughts"
    info = GameInfo(title="Noughts and Crosses", min_players=2, max_players=2, hidden=False,
                    tagline="mark three cells in a row before the other player does",
                    private_view="")  # nothing is hidden: the bot sends no private picture
    state_model = NoughtsState

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> NoughtsState:
        return NoughtsState(game=self.name, players=players, seed=seed, options=options, rng=Rng.seeded(seed))

    def pending(self, state: GameState) -> list[Decision]:
        st = _s(state)
        if over(st):
            return []
        free = [option(cell, f"Mark {cell}") for cell in CELLS if cell not in st.cells]
        return [decision(st.turn, f"Player {st.turn + 1}, mark a cell with {MARKS[st.turn]}", free, "mark", False)]

    def apply(self, state: GameState, seat: int, choice: str, legal: list[Offer] | None = None,
              after: list[Offer] | None = None) -> list[Event]:
        st = _s(state)
        if over(st):
            raise IllegalAction("The game is over.")
        if seat != st.turn:
            raise IllegalAction("It is not your turn.")
        if choice not in CELLS:
            raise IllegalAction("Choose a cell from a1 to c3.")
        if choice in st.cells:
            raise IllegalAction(f"{choice} is already marked.")
        st.cells[choice] = MARKS[seat]
        st.turn = 1 - seat
        events = [event(f"Player {seat + 1} marks {choice} with {MARKS[seat]}.")]
        if _line(st) is not None:
            events.append(event(f"Player {seat + 1} has three in a row and wins."))
        elif over(st):
            events.append(event("The grid is full with no line of three: a draw."))
        return events

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        st = _s(state)
        line = _line(st)
        result = self.result(st)
        return {
            "cells": {cell: st.cells.get(cell, "") for cell in CELLS},
            "seats": [{"seat": s, "name": f"Player {s + 1}", "mark": MARKS[s]} for s in range(st.players)],
            "turn": None if result else st.turn,
            "line": line or [],
            "winner": (result.winners[0] if len(result.winners) == 1 else None) if result else None,
            "over": result is not None,
            "marked": len(st.cells),
            **({} if seat is None else {"you": seat}),
        }

    def result(self, state: GameState) -> Result | None:
        st = _s(state)
        if not over(st):
            return None
        line = _line(st)
        if line is None:
            standings = [SeatResult(seat=s, score=0, detail="a draw") for s in range(st.players)]
            return Result(standings=standings, winners=[0, 1], summary="A draw: the grid is full with no line.")
        winner = MARKS.index(st.cells[line[0]])
        standings = [SeatResult(seat=s, score=int(s == winner), detail="three in a row" if s == winner else "")
                     for s in range(st.players)]
        return Result(standings=standings, winners=[winner],
                      summary=f"Player {winner + 1} wins with {line[0]}, {line[1]} and {line[2]}.")


GAME = Noughts()
