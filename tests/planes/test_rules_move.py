"""The move phase on small hand-built boards, including the rulebook's move, boarding and blockage examples."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.state import cones


def moving(state):
    """Skip the action phase (a seat with no cards goes straight to its move)."""
    return run(state, "skip") if state.phase == "action" else state


def test_rulebook_move_example_drops_one_cube_per_space() -> None:
    state = moving(build_state(build_airport("mv1", {"A": ["B"], "B": ["C"], "C": ["D"]}),
                               cubes={"A": {"red": 2, "grey": 1}}))
    state = run(state, "from:A", "drop:B:red", "drop:C:grey", "stop:D", "confirm")
    assert state.cubes == {"B": {"red": 1}, "C": {"grey": 1}, "D": {"red": 1}}
    assert state.last_path == ["A", "B", "C", "D"]


def test_stop_drops_every_remaining_cube_and_needs_one_step() -> None:
    board = build_airport("mv2", {"A": ["B"], "B": ["C"]})
    state = moving(build_state(board, cubes={"A": {"red": 2, "grey": 1}}))
    state = run(state, "from:A")
    assert "confirm" not in option_ids(state)  # at least one space must be entered
    state = run(state, "stop:B")
    assert option_ids(state) == ["confirm", "redo"]
    state = run(state, "confirm")
    assert state.cubes == {"B": {"red": 2, "grey": 1}}


def test_rulebook_boarding_example_moves_the_token() -> None:
    board = build_airport("mv3", {"A": ["B"], "B": ["C"], "C": ["G"]}, gates={"G": 2})
    state = build_state(board, cubes={"A": {"blue": 1, "red": 1, "grey": 1}}, turn=1)
    state = run(state, "from:A", "drop:B:grey", "drop:C:red", "board:G", "confirm")
    assert state.planes[0].slots == ["blue"]
    assert state.track == 1
    assert "A" not in state.cubes and state.cubes["B"] == {"grey": 1} and state.cubes["C"] == {"red": 1}


def test_gate_takes_only_the_last_cube_of_its_colour() -> None:
    board = build_airport("mv4", {"A": ["B"], "B": ["G", "C"], "C": ["G", "D"]}, gates={"G": 2})
    state = moving(build_state(board, cubes={"A": {"blue": 1, "red": 1, "grey": 1}}))
    state = run(state, "from:A", "drop:B:grey")
    with pytest.raises(IllegalAction, match="Gate G only takes a blue cube, and only as the last cube of a move"):
        run(state, "board:G")
    after_red = run(state, "drop:C:red")
    assert "board:G" in option_ids(after_red)
    after_blue = run(state, "drop:C:blue")
    with pytest.raises(IllegalAction, match="Gate G only takes a blue cube"):
        run(after_blue, "board:G")


def test_full_plane_cannot_be_boarded() -> None:
    board = build_airport("mv5", {"A": ["G", "B"]}, gates={"G": 1})
    state = moving(build_state(board, cubes={"A": {"red": 1}}))
    state.planes[0].slots = ["red"] * 5
    state = run(state, "from:A")
    assert "board:G" not in option_ids(state)
    with pytest.raises(IllegalAction, match="full"):
        run(state, "board:G")


def test_arrows_that_branch_let_the_mover_choose() -> None:
    board = build_airport("mv6", {"A": ["B", "C"]})
    state = run(moving(build_state(board, cubes={"A": {"red": 1}})), "from:A")
    assert {"stop:B", "stop:C"} <= set(option_ids(state))
    with pytest.raises(IllegalAction, match="not one step along the arrows"):
        run(state, "stop:A")


def test_redo_puts_every_cube_back() -> None:
    board = build_airport("mv7", {"A": ["B"], "B": ["C"]})
    half_way = run(moving(build_state(board, cubes={"A": {"red": 2}})), "from:A", "drop:B:red")
    assert run(half_way, "redo").cubes == {"A": {"red": 2}}
    state = run(moving(build_state(board, cubes={"A": {"red": 2}})), "from:A", "drop:B:red", "stop:C")
    state = run(state, "redo")
    assert state.move is None and state.cubes == {"A": {"red": 2}}
    state = run(state, "from:A", "stop:B", "confirm")
    assert state.cubes == {"B": {"red": 2}}


def test_only_spaces_with_own_cubes_start_a_move() -> None:
    board = build_airport("mv8", {"A": ["C"], "B": ["C"]})
    state = moving(build_state(board, cubes={"A": {"red": 1}, "B": {"blue": 2}}))
    assert [o for o in option_ids(state) if o.startswith("from:")] == ["from:A"]
    with pytest.raises(IllegalAction, match="no red cube at B"):
        run(state, "from:B")


def test_rulebook_blockage_example_created_mid_move_does_not_stop_the_group() -> None:
    board = build_airport("mv9", {"O": ["X"], "X": ["Y"]})
    state = build_state(board, players=4, cubes={"O": {"yellow": 2, "blue": 1}, "X": {"red": 3, "green": 3}},
                        turn=3)
    state = run(state, "from:O", "drop:X:blue")
    assert cones(state) == ["X"]
    state = run(state, "stop:Y", "confirm")
    assert state.cubes["Y"] == {"yellow": 2}


def test_no_group_moves_past_a_blocked_space_but_may_end_there() -> None:
    board = build_airport("mv10", {"A": ["X"], "X": ["Y"]})
    state = moving(build_state(board, cubes={"A": {"red": 2}, "X": {"blue": 5, "green": 2}}))
    assert cones(state) == ["X"]
    state = run(state, "from:A")
    assert option_ids(state) == ["stop:X", "redo"]
    with pytest.raises(IllegalAction, match="X is blocked"):
        run(state, "drop:X:red")


def test_grey_cubes_do_not_make_a_blockage() -> None:
    board = build_airport("mv11", {"A": ["X"], "X": ["Y"]})
    state = moving(build_state(board, cubes={"A": {"red": 2}, "X": {"grey": 6, "blue": 2}}))
    assert cones(state) == []
    assert "drop:X:red" in option_ids(run(state, "from:A"))


def test_a_move_may_start_from_a_blocked_space_and_the_cone_goes() -> None:
    board = build_airport("mv12", {"X": ["Y"]})
    state = moving(build_state(board, cubes={"X": {"red": 4, "blue": 3}}))
    assert cones(state) == ["X"]
    state = run(state, "from:X")
    assert cones(state) == []
    state = run(state, "stop:Y", "confirm")
    assert cones(state) == ["Y"]


def test_steps_that_would_strand_the_group_are_not_offered() -> None:
    # B leads only to a red gate: leaving red at B would leave blue with nowhere to go.
    board = build_airport("mv13", {"A": ["B"], "B": ["G"]}, gates={"G": 1})
    state = run(moving(build_state(board, cubes={"A": {"red": 1, "blue": 1}})), "from:A")
    assert "drop:B:blue" in option_ids(state)
    assert "drop:B:red" not in option_ids(state)


def test_a_seat_with_no_legal_move_loses_its_move() -> None:
    board = build_airport("mv14", {"A": ["G"], "B": []}, gates={"G": 2})
    state = build_state(board, cubes={"A": {"red": 2}, "B": {"blue": 1}}, hands=[[], ["card:B01"]])
    # Red holds no card, so its turn goes straight to the move phase.
    # Red's only cubes are stuck behind the blue gate: the turn passes straight on, and the game goes on.
    assert state.turn == 1 and state.phase == "action" and state.end_reason is None


def test_only_a_board_where_nothing_can_ever_change_again_ends_without_boarding() -> None:
    # No airport file can get here (every space there leads on to a space: test_rules_end), and the books have no
    # ending for it; on a hand-built board the game must not turn in an endless loop either.
    board = build_airport("mv15", {"A": ["G"]}, gates={"G": 3})
    state = build_state(board, cubes={"A": {"red": 2, "blue": 2}})
    assert state.phase == "over" and state.end_reason == "frozen" and state.turns == 2


def test_a_round_without_moves_does_not_end_the_game_while_a_card_can_still_be_drawn() -> None:
    # Main's "stuck" ending came after one round in which nobody moved, though a card drawn could change that.
    board = build_airport("mv15b", {"A": ["G"]}, gates={"G": 3})
    state = build_state(board, cubes={"A": {"red": 2, "blue": 2}}, deck=["card:R01"])
    assert state.phase == "action" and state.end_reason is None and state.hands[0] == ["card:R01"]


@pytest.mark.parametrize(
    ("choice", "sentence"),
    [
        ("board:B", "B is not a gate"),
        ("drop:G:red", "Gate G only takes a blue cube"),
        ("stop:G", "Gate G only takes a blue cube"),
        ("skip:B", "Only the Shortcut card lets a move pass over a space"),
        ("confirm", "not finished yet"),
        ("no-such-option", "That is not one of the steps"),
    ],
)
def test_refusals_explain_themselves(choice: str, sentence: str) -> None:
    board = build_airport("mv16", {"A": ["B", "G"], "B": ["C"]}, gates={"G": 2})
    state = run(moving(build_state(board, cubes={"A": {"red": 2}})), "from:A")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction, match=sentence):
        run(state, choice)
    assert state.model_dump_json() == before


def test_the_move_is_mandatory() -> None:
    board = build_airport("mv17", {"A": ["B"], "B": ["A"]})
    state = build_state(board, cubes={"A": {"red": 1}, "B": {"blue": 1}}, hands=[["card:R02"], []])
    state = run(state, "skip")  # no action: straight to the move, which offers no way out
    assert [o for o in option_ids(state) if not o.startswith("from:")] == []
    with pytest.raises(IllegalAction, match="Pick the space your move starts from"):
        run(state, "skip")


def test_every_cube_on_the_start_space_becomes_active_whoever_owns_it() -> None:
    board = build_airport("mv18", {"A": ["B"], "B": ["C"]})
    state = run(moving(build_state(board, players=3, cubes={"A": {"red": 1, "blue": 2, "green": 1, "grey": 1}})),
                "from:A")
    assert state.move is not None and state.move.active == ["blue", "blue", "green", "grey", "red"]
    assert "A" not in state.cubes


def test_unassigned_colours_count_towards_a_blockage() -> None:
    board = build_airport("mv19", {"A": ["X"], "X": ["Y"]})
    # Two players: green and yellow belong to nobody, yet they are party cubes.
    state = moving(build_state(board, cubes={"A": {"red": 2}, "X": {"green": 4, "yellow": 3}}))
    assert cones(state) == ["X"]
    assert option_ids(run(state, "from:A")) == ["stop:X", "redo"]


def test_a_cone_goes_as_soon_as_a_move_takes_the_count_below_seven() -> None:
    board = build_airport("mv20", {"A": ["X"], "X": ["Y"], "Y": []})
    state = moving(build_state(board, cubes={"X": {"red": 2, "blue": 5}}))
    assert cones(state) == ["X"]
    state = run(state, "from:X", "stop:Y", "confirm")
    assert cones(state) == ["Y"] and "X" not in state.cubes


def test_a_card_can_take_cubes_out_of_a_blocked_space() -> None:
    board = build_airport("mv21", {"A": ["X"], "X": ["R"], "R": []}, pois={"R": ["restroom"]})
    state = build_state(board, cubes={"A": {"red": 1}, "X": {"red": 2, "blue": 5}}, hands=[["card:R03"], []])
    state = run(state, "card:R03", "space:R")
    assert state.cubes["R"] == {"red": 3} and cones(state) == []


def test_rulebook_moving_tip_redo_is_offered_until_the_move_is_confirmed() -> None:
    board = build_airport("mv23", {"A": ["B"], "B": ["C"]})
    before = moving(build_state(board, cubes={"A": {"red": 2}}))
    state = run(before, "from:A")
    assert "redo" in option_ids(state)  # the wrong start space can be taken back before any step
    assert run(state, "redo").cubes == before.cubes and run(state, "redo").move is None
    state = run(state, "drop:B:red")
    assert "redo" in option_ids(state)
    state = run(state, "stop:C")
    assert option_ids(state) == ["confirm", "redo"]
    state = run(state, "confirm")
    assert "redo" not in option_ids(state) and state.move is None


def test_redo_says_what_was_undone_and_gives_no_instruction() -> None:
    """The event goes into the game's history: it says who took back which move, not what to click next."""
    from engine.core.play import apply
    from engine.planes.game import GAME

    board = build_airport("mv8", {"A": ["B"], "B": ["C"]})
    half_way = run(moving(build_state(board, cubes={"A": {"red": 2}})), "from:A", "drop:B:red")
    _, events = apply(GAME, half_way, half_way.turn, "redo")
    assert [e.text for e in events] == [f"Seat {half_way.turn + 1} took back their unfinished move from A; its cubes "
                                        "went back."]
