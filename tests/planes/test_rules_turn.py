"""Turn order, drawing, boarding rewards, the end of the game and scoring (with the rulebook's 27 VP example)."""

from __future__ import annotations

import pytest

from engine.core.ai.hooks import ai_for
from engine.core.contract import IllegalAction
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.goals import goal_met
from engine.planes.scoring import result, score


def corridor(airport_id: str, gate: str = "G", number: int = 1, neutral: bool = False):
    """A -> B -> gate, with B also leading on to C so larger groups can stop there."""
    if neutral:
        return build_airport(airport_id, {"A": ["B"], "B": [gate, "C"], "C": ["A"]}, neutral_gates=(gate,))
    return build_airport(airport_id, {"A": ["B"], "B": [gate, "C"], "C": ["A"]}, gates={gate: number})


def test_action_card_is_discarded_at_the_end_of_the_turn() -> None:
    board = corridor("t1")
    state = build_state(board, cubes={"A": {"red": 1}, "C": {"blue": 1}},
                        hands=[["card:R14", "card:R02"], ["card:B02"]])
    state = run(state, "card:R14")  # Family First: move only red cubes
    assert state.action_card == "card:R14" and "card:R14" not in state.hands[0]
    state = run(state, "from:A", "stop:B", "confirm", "skip")
    assert state.turn == 1
    assert state.discards == [["card:R14"]] and state.action_card is None
    assert state.only_own is False


def test_goal_needs_its_condition_and_stays_in_front() -> None:
    board = corridor("t2")
    # single_own (card 4): a space with one cube, of your colour.
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}},
                        hands=[["card:R04", "card:R02"], ["card:B02"]])
    state = run(state, "skip", "from:A", "drop:B:red", "stop:C", "confirm")
    assert option_ids(state) == ["skip", "card:R04"]
    with pytest.raises(IllegalAction, match="not on the board right now"):
        run(state, "card:R02")
    state = run(state, "card:R04")
    assert state.goals[0] == ["card:R04"] and state.hands[0] == ["card:R02"]
    assert score(state, 0) == 1


def test_the_goal_step_comes_whenever_the_hand_holds_a_card_so_it_tells_nothing() -> None:
    # Skipping it when no goal is scorable would tell the table that this hand holds none.
    board = corridor("t3")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R02"], ["card:B02"]])
    state = run(state, "skip", "from:A", "stop:B", "confirm")
    decision = GAME.pending(state)[0]
    assert state.turn == 0 and decision.kind == "goal" and option_ids(state) == ["skip"] and decision.private
    state = run(state, "skip")
    assert state.turn == 1 and state.hands[0] == ["card:R02"]


def test_the_goal_step_is_skipped_only_with_an_empty_hand() -> None:
    board = corridor("t3b")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R13"], ["card:B02"]],
                        deck=["card:Y05"])
    state = run(state, "card:R13", "from:A", "stop:C", "confirm")  # the hand is empty now: the turn ends by itself
    assert state.turn == 1 and state.hands[0] == ["card:Y05"]


def test_empty_hand_draws_one_at_the_end_of_the_turn_and_not_otherwise() -> None:
    board = corridor("t4")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R13"], ["card:B02"]],
                        deck=["card:Y05", "card:Y06"])
    state = run(state, "card:R13", "from:A", "stop:C", "confirm")  # Wrong Way: A's only predecessor is C
    assert state.hands[0] == ["card:Y06"] and state.decks[0] == ["card:Y05"]


def test_empty_deck_is_refilled_from_the_shuffled_discards() -> None:
    board = corridor("t5")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R01"], ["card:B02"]])
    state.discards = [["card:G01", "card:G02", "card:G03"]]
    state = run(state, "card:R01")  # Extra Ticket: draw 1 from an empty deck
    assert len(state.hands[0]) == 1 and len(state.decks[0]) == 2 and state.discards == [[]]


def test_grey_cube_on_a_grey_plane_draws_two_at_once_and_they_can_score() -> None:
    board = corridor("t6", gate="N", neutral=True)
    state = build_state(board, cubes={"A": {"red": 1, "grey": 1}, "C": {"blue": 1}}, hands=[[], ["card:B02"]],
                        deck=["card:G03", "card:Y04"])
    state = run(state, "from:A", "drop:B:red", "board:N", "confirm")
    assert state.planes[0].slots == ["grey"] and state.track == 1
    # Drawn at once, so the single red cube at B scores Lone Traveller (card 4) this very turn.
    assert sorted(state.hands[0]) == ["card:G03", "card:Y04"]
    assert "card:Y04" in option_ids(state)


def test_unassigned_colour_on_its_own_plane_draws_two() -> None:
    board = corridor("t7", number=3)  # green plane, nobody plays green in a 2-player game
    state = build_state(board, cubes={"A": {"red": 1, "green": 1}, "C": {"blue": 1}}, hands=[[], ["card:B02"]],
                        deck=["card:G03", "card:Y05"])
    state = run(state, "from:A", "drop:B:red", "board:G", "confirm")
    assert state.planes[0].slots == ["green"]
    assert len(state.hands[0]) == 2


def test_a_players_cube_on_its_own_plane_scores_five_for_that_player_whoever_moves_it() -> None:
    board = corridor("t8", number=2)
    state = build_state(board, cubes={"A": {"red": 1, "blue": 1}, "C": {"blue": 1}}, hands=[[], ["card:B02"]],
                        deck=["card:G03"])
    state = run(state, "from:A", "drop:B:red", "board:G", "confirm")
    assert score(GAME_STATE := state, 1) == 5 and score(GAME_STATE, 0) == 0
    assert state.hands[0] == ["card:G03"]  # only the end-of-turn draw: no boarding reward


def test_track_end_finishes_the_round_then_the_game() -> None:
    board = corridor("t9")
    state = build_state(board, players=2, cubes={"B": {"red": 1}, "C": {"blue": 2}},
                        hands=[["card:R02"], ["card:B02"]])
    state.track = 11
    state = run(state, "skip", "from:B", "board:G", "confirm", "skip")
    assert state.end_reason == "track" and state.phase == "action" and state.turn == 1
    state = run(state, "skip", "from:C", "stop:A", "confirm", "skip")
    assert state.phase == "over" and GAME.result(state) is not None
    assert ai_for(GAME).summary(state) == {"turns": 2, "end": "track"}


def test_shorter_game_ends_at_the_chosen_space() -> None:
    board = corridor("t10")
    state = build_state(board, cubes={"B": {"red": 1}, "C": {"blue": 2}}, hands=[["card:R02"], ["card:B02"]])
    state.track_end = 1
    state = run(state, "skip", "from:B", "board:G", "confirm")
    assert state.end_reason == "track"


def test_a_colour_filling_all_its_planes_ends_the_game() -> None:
    board = corridor("t11")
    state = build_state(board, cubes={"B": {"red": 1}, "C": {"blue": 2}}, hands=[["card:R02"], ["card:B02"]])
    state.planes[0].slots = ["red"] * 4
    state = run(state, "skip", "from:B", "board:G", "confirm")
    assert state.end_reason == "full colour"


def test_an_unassigned_colour_filling_its_own_plane_ends_the_game_too() -> None:
    # Two players: green belongs to nobody, yet it keeps its own colour and its own plane.
    board = corridor("t11b", number=3)
    state = build_state(board, cubes={"A": {"red": 1, "green": 1}, "C": {"blue": 2}},
                        hands=[["card:R02"], ["card:B02"]])
    state.planes[0].slots = ["green"] * 4
    state = run(state, "skip", "from:A", "drop:B:red", "board:G", "confirm")
    assert state.planes[0].full and state.end_reason == "full colour"


def test_rulebook_scoring_example_is_27() -> None:
    board = corridor("t12")
    state = build_state(board)
    state.goals[0] = ["card:R01", "card:B02", "card:R06", "card:G11"]  # 1 + 1 + 2 + 3
    state.planes[0].slots = ["red"] * 4
    assert score(state, 0) == 27


def test_ties_go_to_cubes_boarded_then_goals_then_are_shared() -> None:
    board = build_airport("t13", {"A": ["B"]}, gates={"G1": 1, "G2": 2, "G3": 3})
    state = build_state(board, players=3)
    state.goals = [["card:R15", "card:R15"], ["card:B12", "card:B13"], ["card:G01"]]
    state.planes[0].slots = ["red"]
    state.planes[1].slots = ["blue"]
    state.planes[2].slots = ["green", "green"]
    # red 6+5=11, blue 6+5=11, green 1+10=11: green boarded most
    assert result(state).winners == [2]
    state.planes[2].slots = ["green"]
    state.goals[2] = ["card:G15", "card:G12"]
    assert result(state).winners == [0, 1, 2]
    state.goals[2] = ["card:G12", "card:G01", "card:G02", "card:G04"]  # 3+1+1+1 = 6 with 4 goals
    assert result(state).winners == [2]


def test_player_decks_draw_and_discard_to_the_seats_own_piles() -> None:
    board = corridor("t14")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R06"], ["card:B02"]])
    state.player_decks = True
    state.decks = [[], ["card:B03"]]
    state.discards = [["card:R01", "card:R02"], []]
    state = run(state, "card:R06")  # draw 2 from red's own pile: its discards are reshuffled into it
    assert sorted(state.hands[0]) == ["card:R01", "card:R02"] and state.decks[1] == ["card:B03"]
    state = run(state, "card:R01", "from:A", "stop:B", "confirm", "skip")
    assert sorted(state.discards[0]) == ["card:R01", "card:R06"] and state.discards[1] == []


def test_no_hand_limit() -> None:
    board = corridor("t15")
    many = [f"card:G{n:02d}" for n in (2, 3, 5, 6, 7, 8, 9, 10)]
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R11"], ["card:B02"]],
                        deck=many)
    state = run(state, "card:R11", "card:G10")
    assert len(state.hands[0]) == 2
    state.hands[0] += many[:5]
    state = run(state, "from:A", "stop:B", "confirm", "skip")
    assert len(state.hands[0]) == 7 and state.turn == 1


def test_the_house_rule_round_cap_ends_the_game_at_the_end_of_that_round() -> None:
    board = corridor("t16")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R02"], ["card:B02"]])
    state.round_limit = 30
    state.turns = 30 * 2 - 2
    state = run(state, "skip", "from:A", "stop:B", "confirm", "skip")
    assert state.phase == "action" and state.end_reason is None
    state = run(state, "skip", "from:C", "stop:A", "confirm", "skip")
    assert state.phase == "over" and state.end_reason == "round limit"


def test_without_the_house_rule_no_number_of_rounds_ends_the_game() -> None:
    # The books end a game only by boarding: thirty rounds (main's old limit) or three hundred change nothing.
    board = corridor("t16b")
    for played in (30, 300):
        state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}}, hands=[["card:R02"], ["card:B02"]])
        state.turns = played * 2 - 2
        state = run(state, "skip", "from:A", "stop:B", "confirm", "skip", "skip", "from:C", "stop:A", "confirm",
                    "skip")
        assert state.phase == "action" and state.end_reason is None and state.turns == played * 2


def test_only_one_action_per_turn_and_the_action_card_cannot_become_a_goal() -> None:
    board = corridor("t17")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}},
                        hands=[["card:R14", "card:G14", "card:Y04"], ["card:B02"]])
    state = run(state, "card:R14")
    assert state.phase == "move" and all(o.startswith("from:") for o in option_ids(state))
    with pytest.raises(IllegalAction):
        run(state, "card:G14")
    state = run(state, "from:A", "drop:B:red", "stop:C", "confirm")
    # Lone Traveller (card 4) is on the board now; Family First went to the discards, not to the goals.
    assert option_ids(state) == ["skip", "card:Y04"]
    with pytest.raises(IllegalAction):
        run(state, "card:R14")


def test_rulebook_goal_example_only_one_goal_per_turn_even_if_two_are_on_the_board() -> None:
    board = build_airport("t18", {"A": ["S"], "S": ["W"], "W": ["A"]},
                          pois={"S": ["gift_shop"], "W": ["restroom"]})
    # Red has cubes on a Gift Shop and on a Restroom: both goals could be scored, but only one may.
    state = build_state(board, cubes={"A": {"red": 2}, "S": {"red": 1}, "W": {"blue": 1}},
                        hands=[["card:R08", "card:R03"], ["card:B02"]])
    state = run(state, "skip", "from:A", "drop:S:red", "stop:W", "confirm")
    assert sorted(option_ids(state)) == ["card:R03", "card:R08", "skip"]
    state = run(state, "card:R08")  # the 2 VP Gift Shop goal rather than the 1 VP Restroom one
    assert state.turn == 1 and state.goals[0] == ["card:R08"] and state.hands[0] == ["card:R03"]


def test_a_scored_goal_keeps_its_points_when_the_board_changes() -> None:
    board = corridor("t19")
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"blue": 1}},
                        hands=[["card:R04", "card:R02"], ["card:B02", "card:B03"]])
    state = run(state, "skip", "from:A", "drop:B:red", "stop:C", "confirm", "card:R04")
    assert score(state, 0) == 1
    state.cubes["B"] = {"red": 1, "blue": 1}  # the lone red cube has company now: the condition is gone
    assert not goal_met(state, 0, "single_own")
    assert score(state, 0) == 1 and state.goals[0] == ["card:R04"]


def test_a_goal_may_use_cubes_someone_else_placed() -> None:
    board = corridor("t20")
    # Red moves nothing near it, yet the lone grey cube at C (placed by others earlier) scores Lost Stranger.
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"grey": 1}, "B": {"blue": 1}},
                        hands=[["card:R05"], ["card:B02"]])
    state = run(state, "skip", "from:A", "stop:B", "confirm")
    assert option_ids(state) == ["skip", "card:R05"]


def test_grey_ends_the_game_only_when_every_grey_plane_is_full() -> None:
    board = build_airport("t21", {"A": ["B"], "B": ["N1", "N2", "C"], "C": ["A"]}, neutral_gates=("N1", "N2"))
    state = build_state(board, cubes={"A": {"red": 1, "grey": 1}, "C": {"blue": 1}},
                        hands=[["card:R02"], ["card:B02"]])
    state.planes[0].slots = ["grey"] * 4
    state = run(state, "skip", "from:A", "drop:B:red", "board:N1", "confirm")
    assert state.planes[0].full and state.end_reason is None  # N2 still has room
    state = build_state(board, cubes={"A": {"red": 1, "grey": 1}, "C": {"blue": 1}},
                        hands=[["card:R02"], ["card:B02"]])
    state.planes[0].slots = ["grey"] * 4
    state.planes[1].slots = ["grey"] * 5
    state = run(state, "skip", "from:A", "drop:B:red", "board:N1", "confirm")
    assert state.end_reason == "full colour"


def test_a_full_colour_also_finishes_the_round_first() -> None:
    board = build_airport("t22", {"A": ["B"], "B": ["G", "C"], "C": ["D"], "D": ["E"], "E": []}, gates={"G": 1})
    state = build_state(board, players=3, cubes={"B": {"red": 1}, "C": {"blue": 1}, "D": {"green": 1}},
                        hands=[["card:R02"], ["card:B02"], ["card:G02"]], turn=1)
    state = run(state, "skip", "from:C", "stop:D", "confirm", "skip")  # blue starts the game
    state = run(state, "skip", "from:D", "stop:E", "confirm", "skip")  # green
    state.planes[0].slots = ["red"] * 4
    state = run(state, "skip", "from:B", "board:G", "confirm", "skip")  # red, last in the round, fills its plane
    assert state.end_reason == "full colour" and state.phase == "over" and state.turns == 3


def test_the_end_of_the_round_waits_for_the_seat_before_the_starter() -> None:
    board = build_airport("t23", {"A": ["B"], "B": ["G", "C"], "C": ["D"], "D": ["E"], "E": []}, gates={"G": 1})
    state = build_state(board, players=3, cubes={"B": {"red": 1}, "C": {"blue": 1}, "D": {"green": 1}},
                        hands=[["card:R02"], ["card:B02"], ["card:G02"]])
    state.planes[0].slots = ["red"] * 4
    state = run(state, "skip", "from:B", "board:G", "confirm", "skip")  # red starts and triggers the end at once
    assert state.end_reason == "full colour" and state.phase == "action" and state.turn == 1
    state = run(state, "skip", "from:C", "stop:D", "confirm", "skip")
    assert state.phase == "action" and state.turn == 2
    state = run(state, "skip", "from:D", "stop:E", "confirm", "skip")
    assert state.phase == "over" and state.turns == 3


def test_a_shared_win_is_announced_as_one() -> None:
    board = corridor("t24")
    state = build_state(board)
    state.goals = [["card:R06"], ["card:B07"]]
    outcome = result(state)
    assert outcome.winners == [0, 1] and "share the win" in outcome.summary
