"""How play goes at the table around a game's rules, in one object per game (a subclass of `TableFlow` in
`engine/<game>/table.py`, named by its manifest's `table`): how its players count and name turns, the clocks it
runs and what a clock running out stands for, why a seat waits, and which options' details a row of buttons needs.
The bot, the log, undo and the replays read it; the rules never depend on it. Every hook has a default that suits a
game of turns one seat after another with no clock.

| Hook | Default | What it says |
|---|---|---|
| `turn_number(state)` | None: a run of one seat's choices is a turn | The turn `state` is in, as the players count. |
| `turn_detail(state)` | "" | Where that turn stands in a larger count ("round 3"). |
| `clock(state)` | None: no clock | A timed stretch open now: its key and its seconds. |
| `timeout(state, seat)` | None | The choice a clock running out stands for. |
| `idle_reason(state, seat)` | None: "not your turn" | Why a seat at the table has nothing to choose. |
| `explained_kinds` | none | Kinds of decision whose options' details the bot prints under the buttons. |
"""

from __future__ import annotations

from typing import ClassVar

from engine.core.contract import Game, GameState
from engine.core.hooks import hooks_for


class TableFlow:
    """The defaults. Made once per game, by `table_for`, with the game it serves (`self.game`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    explained_kinds: ClassVar[frozenset[str]] = frozenset()
    """Kinds of decision whose options' details say what a choice does (a card's action, an employee's ability, the
    fleet a route needs): the bot prints those under a row of buttons, which show no details of their own. Left out
    for the rest, whose details only repeat the label or say the same for every option."""

    def turn_number(self, state: GameState) -> int | None:
        """The number of the turn `state` is in (1, 2, ...), as the players count turns: the one number the panel's
        heading, the log, a replay's captions, undo requests that name a turn and the board all use. A round of
        simultaneous play, where every seat chooses at once, counts as one turn; an answer another seat gives in
        someone's turn (a trade, a bid) belongs to that turn. Once the game is over, the number of its last turn.
        None (the default): the bot counts each run of one seat's choices as a turn, which is right for games where
        seats take turns one after another and nothing else counts them. Its name is `GameInfo.turn_word`."""
        return None

    def turn_detail(self, state: GameState) -> str:
        """Where the turn of `turn_number` stands in the game's own larger count, as the board shows it ("round 3",
        "first moves", "Evening, 2 of 4"): said after the number (engine.core.turns.turn_name). Empty: nothing."""
        return ""

    def clock(self, state: GameState) -> tuple[str, float] | None:
        """A timed stretch open now (Now Boarding's flight phase): a key naming it, the same for as long as it lasts
        (e.g. "flight:5"), and its length in seconds. None: no clock; the open decisions wait as long as it takes.
        The bot starts the clock when the stretch begins and applies `timeout` when it runs out."""
        return None

    def timeout(self, state: GameState, seat: int) -> str | None:
        """The choice a clock running out stands for, for seat, or None if the game has no such thing (the bot
        then applies nothing; a game that takes `engine.core.contract.TIMEOUT` itself returns that)."""
        return None

    def idle_reason(self, state: GameState, seat: int) -> str | None:
        """Why `seat`, at the table, has nothing to choose now, when the game can say more than that it is not their
        turn (a bidder who passed on the lot: "a pass is final for that lot"). None: the plain sentence serves."""
        return None


def table_for(game: Game) -> TableFlow:
    """The table's flow of the class `game`'s manifest names (engine.core.hooks.beside), else the defaults."""
    return hooks_for(game, "table", "TABLE", TableFlow, TableFlow)
