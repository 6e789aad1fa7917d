"""bot/session/memo.py: a state's open decisions asked once give what asking the engine again gives, and a board
kept for a session is byte for byte the board a fresh drawing of the same view gives; a changed view, another state
or another game is asked anew."""

from __future__ import annotations

from typing import Any

from bot.session.memo import BoardCache, StateMemo
from engine import registry
from engine.core import Rng, apply, new_game
from engine.core.ai import random_ai
from renderers import for_game
from tests.support.tables import players_near


def _states(name: str, moves: int) -> list[Any]:
    game = registry.get(name)
    state = new_game(game, players_near(game), seed=4)
    rng = Rng.seeded(9)
    states = [state]
    for _ in range(moves):
        decisions = game.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        state, _events = apply(game, state, decision.seat, random_ai.plan(game, state, decision, rng)[0])
        states.append(state)
    return states


def test_remembered_decisions_are_the_engines_own_for_every_state() -> None:
    for name in registry.names():
        game = registry.get(name)
        memo = StateMemo(size=4)
        states = _states(name, 12)
        for state in states + states[::-1]:  # asked again after they were forgotten, and while remembered
            first = memo.pending(game, state)
            assert first == game.pending(state), name
            again = memo.pending(game, state)
            assert again == first and again is not first, "a fresh list each time: a caller's change stays its own"


def test_a_state_of_another_game_or_a_new_object_is_asked_anew() -> None:
    calls: list[int] = []
    game = registry.get("planes")

    class Counting(type(game)):  # type: ignore[misc]
        def pending(self, state: Any) -> Any:
            calls.append(state.version)
            return super().pending(state)

    counting = Counting()
    memo = StateMemo()
    state = _states("planes", 3)[-1]
    memo.pending(counting, state)
    memo.pending(counting, state)
    assert len(calls) == 1
    memo.pending(counting, state.model_copy(deep=True))  # an equal state, another object: nothing assumed
    assert len(calls) == 2
    assert memo.pending(game, state) == game.pending(state)  # the same state through another game
    assert len(calls) == 2


def test_a_kept_board_is_byte_for_byte_a_fresh_drawing() -> None:
    for name in registry.names():
        game, renderer = registry.get(name), for_game(name)
        if renderer is None:
            continue
        drawn: list[dict[str, Any]] = []

        def draw(view: dict[str, Any], renderer: Any = renderer, drawn: list[Any] = drawn) -> bytes:
            drawn.append(view)
            png: bytes = renderer.render_board(view)
            return png

        cache = BoardCache(size=2)
        for state in _states(name, 6):
            view = game.view(state, None)
            fresh = renderer.render_board(view)
            assert cache.board(1, view, draw) == fresh, name
            before = len(drawn)
            assert cache.board(1, game.view(state, None), draw) == fresh, f"{name}: the kept board"
            assert len(drawn) == before, f"{name}: an unchanged view is not drawn again"
        assert len(drawn) >= 2, f"{name}: a changed view is drawn again"


def test_the_board_cache_keeps_each_session_apart_and_forgets_the_oldest() -> None:
    cache = BoardCache(size=2)
    calls: list[int] = []

    def draw(view: dict[str, Any]) -> bytes:
        calls.append(view["n"])
        return bytes([view["n"]])

    assert cache.board(1, {"n": 1}, draw) == b"\x01"
    assert cache.board(2, {"n": 1}, draw) == b"\x01"  # another session: drawn for it
    assert cache.board(2, {"n": 2}, draw) == b"\x02"
    assert cache.board(3, {"n": 3}, draw) == b"\x03"  # session 1 is the oldest now: forgotten
    assert cache.board(1, {"n": 1}, draw) == b"\x01"
    assert calls == [1, 1, 2, 3, 1]
