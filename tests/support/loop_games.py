"""Two tiny games whose turns can go on for ever, for the tests that an AI's turn always ends (a hard
Planecrafters AI once moved a part back and forth for 20,000 choices).

- Shuttle: a seat moves its token between two spots as often as it likes, then ends its turn and scores 1 if the
  token stands on spot 1. Moving back to where the token stood earlier in the turn only undoes a move.
- Count: every "more" adds a point and "end" passes the turn, so a search always wants one more: only a bound on
  a turn's length ends it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import (
    Decision,
    Event,
    Game,
    GameInfo,
    GameState,
    IllegalAction,
    Option,
    Result,
    Rng,
    SeatResult,
)
from engine.core.ai.hooks import GameAI

TURNS = 2
"""Turns per seat."""


class LoopState(GameState):
    spot: list[int] = []
    points: list[int] = []
    turns: int = 0


class _LoopGame(Game):
    info = GameInfo(title="Loop", min_players=2, max_players=2, hidden=False)
    state_model = LoopState
    moves: tuple[str, str] = ("go", "end")

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> GameState:
        return LoopState(game=self.name, players=players, seed=seed, options=options, rng=Rng.seeded(seed),
                         spot=[0] * players, points=[0] * players)

    def _s(self, state: GameState) -> LoopState:
        assert isinstance(state, LoopState)
        return state

    def pending(self, state: GameState) -> list[Decision]:
        st = self._s(state)
        if st.turns >= TURNS * st.players:
            return []
        go, end = self.moves
        return [Decision(seat=st.turns % st.players, prompt="Your move",
                         options=[Option(id=go, label=go.capitalize()), Option(id=end, label="End the turn")])]

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        st = self._s(state)
        if not self.pending(st) or seat != st.turns % st.players or choice not in self.moves:
            raise IllegalAction("That is not on offer now.")
        if choice == self.moves[1]:
            st.points[seat] += self._ended(st, seat)
            st.turns += 1
        else:
            self._went(st, seat)
        return []

    def _went(self, st: LoopState, seat: int) -> None:
        raise NotImplementedError

    def _ended(self, st: LoopState, seat: int) -> int:
        return 0

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return state.model_dump(mode="json", exclude={"version", "rng"})

    def result(self, state: GameState) -> Result | None:
        st = self._s(state)
        if self.pending(st):
            return None
        best = max(st.points)
        return Result(standings=[SeatResult(seat=s, score=p) for s, p in enumerate(st.points)],
                      winners=[s for s, p in enumerate(st.points) if p == best], summary="")

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        return {}


class Shuttle(_LoopGame):
    name = "shuttle"
    info = replace(_LoopGame.info, title="Shuttle")

    def _went(self, st: LoopState, seat: int) -> None:
        st.spot[seat] = 1 - st.spot[seat]

    def _ended(self, st: LoopState, seat: int) -> int:
        return st.spot[seat]


class Count(_LoopGame):
    name = "count"
    info = replace(_LoopGame.info, title="Count")
    moves = ("more", "end")

    def _went(self, st: LoopState, seat: int) -> None:
        st.points[seat] += 1


class LoopAI(GameAI):
    """The loop games' AI hooks, found beside their classes: a new AI seat searches (Normal), the level these tests
    are about, and a rollout is scored by the points each seat would have if it ended its turn now."""

    search_beats_policy = True

    def score_now(self, state: GameState) -> list[float] | None:
        game = self.game
        assert isinstance(game, _LoopGame)
        st = game._s(state)
        return [float(p + game._ended(st, s)) for s, p in enumerate(st.points)]


AI = LoopAI
