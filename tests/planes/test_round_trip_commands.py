"""Typed moves on the Round Trip airports: Beacon's tram, Azure's double arrows, slots and two-cube drops."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.typed import commands_for
from engine.planes.fixtures import run
from engine.planes.game import GAME

TYPED = commands_for(GAME)
"""The game's typed moves."""


def table(airport: str, cubes: dict[str, dict[str, int]], **options: str):
    state = GAME.new_game(2, 1, GAME.check_options(2, {"airport": airport, "start": "1", **options}))
    state.cubes = cubes
    state.phase, state.hands, state.turn = "move", [[], []], 0
    return state


def test_a_typed_tram_move_boards_at_n3_on_the_first_free_slot_or_the_one_named() -> None:
    state = table("beacon", {"F1": {"red": 2, "blue": 1, "grey": 2}, "P2": {"blue": 4}}, neutral_planes="cargo")
    line = "f1 > h1 red > h2 blue > e3 r > p3 grey > n3"
    ids = TYPED.parse_command(state, 0, line).ids
    assert ids == ["from:F1", "drop:H1:red", "drop:H2:blue", "drop:E3:red", "drop:P3:grey", "board:N3:1", "confirm"]
    assert TYPED.parse_command(state, 0, line + " slot 5").ids[-2] == "board:N3:5"
    done = run(state, *ids)
    assert done.tokens[0] == 2 and next(p for p in done.planes if p.gate == "N3").slots == ["grey"]


def test_the_tram_from_the_hub_is_suggested_into_every_terminal() -> None:
    state = table("beacon", {"H2": {"red": 2}, "P2": {"blue": 5}})
    suggestions = TYPED.command_suggestions(state, 0, "H2 > ")
    assert {s.split(" > ")[1].split()[0] for s in suggestions} == {"E1", "E2", "E3", "E4"}


def test_a_typed_move_cannot_ride_the_tram_to_a_terminal_from_a_terminal() -> None:
    state = table("beacon", {"F1": {"red": 2}, "P2": {"blue": 5}})
    with pytest.raises(IllegalAction, match="not one step"):
        TYPED.parse_command(state, 0, "F1 > E3 red > P3")


def test_a_typed_backwards_tram_move() -> None:
    state = table("beacon", {"E3": {"red": 3}, "P2": {"blue": 5}})
    state.backwards = True
    ids = TYPED.parse_command(state, 0, "E3 > H2 red > H1 red > F4").ids
    assert ids[-2:] == ["stop:F4", "confirm"]


def test_typed_moves_follow_either_arrow_of_an_azure_double_arrow() -> None:
    state = table("azure", {"s1": {"red": 2}, "P2": {"blue": 5}})
    assert TYPED.parse_command(state, 0, "s1 > X1 red > X2").ids[-2] == "stop:X2"
    assert TYPED.parse_command(state, 0, "s1 > s2 red > P2").ids[-2] == "stop:P2"


def test_two_colours_leave_two_cubes_with_heavy_luggage() -> None:
    state = table("azure", {"s1": {"red": 2, "grey": 2}, "P2": {"blue": 5}})
    state.double_drops = 1
    ids = TYPED.parse_command(state, 0, "s1 > s2 red grey > P2").ids
    assert ids[1:3] == ["pair:s2:grey:red", "stop:P2"]
    assert "s1 > s2 grey red" in TYPED.command_suggestions(state, 0, "s1 > s2 g")
