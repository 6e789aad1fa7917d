"""Typed moves ("S3 > S4 red > S5") and their autocomplete."""

from __future__ import annotations

import pytest

from engine.core import new_game
from engine.core.contract import IllegalAction
from engine.core.typed import commands_for
from engine.planes.fixtures import build_airport, build_state, run
from engine.planes.game import GAME

TYPED = commands_for(GAME)
"""The game's typed moves."""


def board():
    return build_airport("cmd", {"A": ["B"], "B": ["C", "G"], "C": ["D"]}, gates={"G": 1})


def test_a_whole_move_in_one_line() -> None:
    state = build_state(board(), cubes={"A": {"red": 2, "grey": 1}}, hands=[["card:R02"], []])
    ids = TYPED.parse_command(state, 0, "A > B grey > C r > D").ids
    assert ids == ["skip", "from:A", "drop:B:grey", "drop:C:red", "stop:D", "confirm"]
    state = run(state, *ids)
    assert state.cubes == {"B": {"grey": 1}, "C": {"red": 1}, "D": {"red": 1}}


def test_boarding_and_continuing_a_move_already_started() -> None:
    state = build_state(board(), cubes={"A": {"red": 1, "grey": 1}})
    state = run(state, "from:A")
    assert TYPED.parse_command(state, 0, "b n > g").ids == ["drop:B:grey", "board:G", "confirm"]


def test_an_unfinished_typed_move_is_not_confirmed() -> None:
    state = build_state(board(), cubes={"A": {"red": 2, "grey": 1}})
    assert TYPED.parse_command(state, 0, "A > B red").ids == ["from:A", "drop:B:red"]


def test_illegal_typed_steps_get_the_same_sentence_as_buttons() -> None:
    state = build_state(board(), cubes={"A": {"red": 2, "grey": 1}})
    with pytest.raises(IllegalAction, match="only takes a red cube, and only as the last cube"):
        TYPED.parse_command(state, 0, "A > B red > G")
    with pytest.raises(IllegalAction, match="not a colour"):
        TYPED.parse_command(state, 0, "A > B purple")
    with pytest.raises(IllegalAction, match="not your turn"):
        TYPED.parse_command(state, 1, "A > B")


def test_redo_and_confirm_alone() -> None:
    state = build_state(board(), cubes={"A": {"red": 1}})
    state = run(state, "from:A", "stop:B")
    assert TYPED.parse_command(state, 0, "redo").ids == ["redo"]
    assert TYPED.parse_command(state, 0, "confirm").ids == ["confirm"]


def test_suggestions_list_only_legal_continuations() -> None:
    state = build_state(board(), cubes={"A": {"red": 2, "grey": 1}})
    assert TYPED.command_suggestions(state, 0, "") == ["A"]
    assert TYPED.command_suggestions(state, 0, "A > ") == ["A > B grey", "A > B red", "A > B stop"]
    assert TYPED.command_suggestions(state, 0, "A > B grey > C") == ["A > B grey > C red", "A > B grey > C stop"]
    # Two red cubes at B cannot enter the gate, so only C is suggested.
    assert TYPED.command_suggestions(state, 0, "A > B grey > ") == ["A > B grey > C red", "A > B grey > C stop"]
    assert TYPED.command_suggestions(state, 0, "A > B grey > C red > ") == ["A > B grey > C red > D stop"]
    assert TYPED.command_suggestions(state, 1, "") == []
    assert TYPED.command_suggestions(state, 0, "Z > ") == []


def test_suggestions_continue_a_move_under_way_and_offer_redo_and_confirm() -> None:
    state = build_state(board(), cubes={"A": {"red": 2, "grey": 1}})
    state = run(state, "from:A", "drop:B:grey")
    assert TYPED.command_suggestions(state, 0, "") == ["C red", "C stop", "redo"]
    assert TYPED.command_suggestions(state, 0, "re") == ["redo"]
    state = run(state, "stop:C")
    assert TYPED.command_suggestions(state, 0, "") == ["confirm", "redo"]
    assert TYPED.command_suggestions(state, 0, "c") == ["confirm"]


def test_space_names_match_whatever_their_case() -> None:
    """Flying Cloud names its spaces 'P1' and 'a2'; the suggestions' own spelling and any other case both work."""
    state = new_game(GAME, 3, 11, {})
    start = TYPED.command_suggestions(state, state.turn, "")[0]
    line = next(s for s in TYPED.command_suggestions(state, state.turn, f"{start} > ") if s.endswith(" stop"))
    assert any(ch.islower() for ch in line.split(">")[1])  # this airport's next space is spelt in lower case
    assert TYPED.parse_command(state, state.turn, line).ids == TYPED.parse_command(state, state.turn, line.upper()).ids
    assert TYPED.parse_command(state, state.turn, line).ids[-1] == "confirm"
