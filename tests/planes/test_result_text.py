"""The end-of-game words: each player's total broken down in VP, and a tie on VP explained rather than left for the
players to puzzle out why someone level with them was named the winner. (Text only: the tie-break rule itself is
tested in test_rules_turn.)"""

from __future__ import annotations

from engine.planes.fixtures import build_airport, build_state, run
from engine.planes.game import GAME
from engine.planes.scoring import result
from engine.planes.state import PlanesState


def _three_level_on_vp() -> PlanesState:
    board = build_airport("r1", {"A": ["B"]}, gates={"G1": 1, "G2": 2, "G3": 3})
    state = build_state(board, players=3)
    state.goals = [["card:R15", "card:R15"], ["card:B12", "card:B13"], ["card:G01"]]
    state.planes[0].slots = ["red"]
    state.planes[1].slots = ["blue"]
    state.planes[2].slots = ["green", "green"]  # everyone has 11 VP; green boarded most
    return state


def test_each_total_is_broken_down_in_vp_with_singular_and_plural() -> None:
    outcome = result(_three_level_on_vp())
    details = {s.seat: s.detail for s in outcome.standings}
    assert details[2] == "1 VP from 1 goal + 10 VP from 2 cubes boarded"
    assert details[0] == "6 VP from 2 goals + 5 VP from 1 cube boarded"


def test_a_tie_on_vp_broken_by_cubes_boarded_says_so() -> None:
    outcome = result(_three_level_on_vp())
    assert outcome.summary == ("Seat 3 wins with 11 VP; level on VP with Seat 1 and Seat 2, "
                               "more cubes boarded (2) breaks the tie.")


def test_a_tie_on_vp_and_cubes_broken_by_goals_says_so() -> None:
    state = _three_level_on_vp()
    state.planes[2].slots = ["green"]
    state.goals[2] = ["card:G12", "card:G01", "card:G02", "card:G04"]  # 6 VP from 4 goals
    assert result(state).summary == ("Seat 3 wins with 11 VP; level on VP and cubes boarded with Seat 1 and "
                                     "Seat 2, more goals scored (4) breaks the tie.")


def test_a_shared_win_lists_the_winners_once_and_says_why() -> None:
    state = _three_level_on_vp()
    state.planes[2].slots = ["green"]
    state.goals[2] = ["card:G15", "card:G12"]
    outcome = result(state)
    assert outcome.summary == ("Seat 1, Seat 2 and Seat 3 share the win with 11 VP "
                               "(level on VP, cubes boarded and goals scored). The rules break a tie like this with "
                               "another game: play again to find one winner.")
    # The book's "play again": the shared win stands as this game's result, and the bot offers the next game.
    assert outcome.play_again and outcome.winners == [0, 1, 2]


def test_a_clear_win_has_no_tie_note() -> None:
    state = _three_level_on_vp()
    state.planes[2].slots = ["green", "green", "green"]
    assert result(state).summary == "Seat 3 wins with 16 VP." and not result(state).play_again


def test_the_move_prompts_say_what_the_group_carries_and_when_it_is_done() -> None:
    board = build_airport("r2", {"A": ["B"], "B": ["C"], "C": ["D"], "D": []})
    state = build_state(board, cubes={"A": {"red": 1, "grey": 2}}, hands=[["card:R01"], ["card:B01"]])
    state = run(state, "skip")
    assert GAME.pending(state)[0].prompt.startswith("Choose a space with your red cubes to start your move.")
    steps = [
        ("from:A", "Your group is at A with 2 grey, 1 red: leave one cube in the next space and go on, "
                   "or stop there with all of them"),
        ("drop:B:grey", "Your group is at B with 1 grey, 1 red: leave one cube in the next space and go on, "
                        "or stop there with all of them"),
        ("drop:C:grey", "Your last cube (red) is at C: choose the space where it stops"),
        ("stop:D", "Your move ends at D: confirm it, or redo it"),
    ]
    for choice, prompt in steps:
        state = run(state, choice)
        assert GAME.pending(state)[0].prompt == prompt, choice


def test_the_end_being_triggered_is_said_plainly() -> None:
    from engine.core.play import apply

    board = build_airport("r3", {"A": ["B"], "B": ["G", "C"], "C": ["D"], "D": []}, gates={"G": 1})
    state = build_state(board, players=3, cubes={"B": {"red": 1}, "C": {"blue": 1}, "D": {"green": 1}},
                        hands=[["card:R02"], ["card:B02"], ["card:G02"]])
    state.planes[0].slots = ["red"] * 4
    state = run(state, "skip", "from:B", "board:G")
    _state, events = apply(GAME, state, 0, "confirm")
    assert ("Every plane of one colour is full: the game ends when this round is complete, so everyone gets the "
            "same number of turns.") in [e.text for e in events]
