"""Noughts and crosses, a test per rule of data/noughts/rules.md (the generic tests, which read the manifest, check
the rest: conformance, pictures, words, the replay corpus)."""

from __future__ import annotations

import pytest

from engine.core import GameState, IllegalAction, apply, new_game
from engine.noughts.game import GAME, LINES


def played(*cells: str) -> GameState:
    """A game where the players marked `cells` in turn, Player 1 first."""
    state = new_game(GAME, 2, 1)
    for n, cell in enumerate(cells):
        state, _events = apply(GAME, state, n % 2, cell)
    return state


def test_player_1_marks_with_x_and_moves_first() -> None:
    (decision,) = GAME.pending(played())
    assert decision.seat == 0 and "X" in decision.prompt
    assert [o.id for o in decision.options] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]


def test_the_players_take_turns_and_a_marked_cell_is_no_longer_on_offer() -> None:
    state = played("b2")
    (decision,) = GAME.pending(state)
    assert decision.seat == 1 and "O" in decision.prompt and "b2" not in [o.id for o in decision.options]
    assert GAME.view(state, None)["cells"]["b2"] == "X"


def test_a_marked_cell_keeps_its_mark() -> None:
    with pytest.raises(IllegalAction, match="already marked"):
        apply(GAME, played("b2"), 1, "b2")


def test_only_the_player_whose_turn_it_is_marks_a_cell() -> None:
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(GAME, played(), 1, "a1")


@pytest.mark.parametrize("line", LINES)
def test_three_in_any_line_wins_at_once(line: list[str]) -> None:
    others = [c for c in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3") if c not in line]
    # Player 2 marks cells of no common line while Player 1 completes `line`.
    blocks = next([a, b] for a in others for b in others if a < b and not any({a, b} <= set(x) for x in LINES))
    state = played(line[0], blocks[0], line[1], blocks[1], line[2])
    result = GAME.result(state)
    assert result is not None and result.winners == [0] and GAME.pending(state) == []
    assert GAME.view(state, None)["line"] == line


def test_a_full_grid_with_no_line_is_a_draw_shared_by_both() -> None:
    state = played("a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3")
    result = GAME.result(state)
    assert result is not None and result.winners == [0, 1] and "draw" in result.summary


def test_nothing_is_hidden() -> None:
    state = played("a1", "b2")
    assert not GAME.info.hidden and GAME.secrets(state) == {} and GAME.info.private_view == ""
    assert GAME.view(state, 0) == {**GAME.view(state, None), "you": 0}
