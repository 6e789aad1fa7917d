"""Every action card, on small hand-built boards. Card n of any dot colour has the same action (cards.toml)."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import apply
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.state import cones

POIS = {"F1": ["fast_food"], "F2": ["fast_food"], "R1": ["restroom"], "S1": ["gift_shop"], "H1": ["help_desk"],
        "D1": ["fine_dining"]}


def shops(airport_id: str):
    arrows = {"A": ["B"], "B": ["C"], "C": ["A"], "F1": ["A"], "F2": ["A"], "R1": ["A"], "S1": ["A"], "H1": ["A"],
              "D1": ["A"]}
    return build_airport(airport_id, arrows, pois=POIS)


def test_draw_one() -> None:
    state = build_state(shops("a1"), cubes={"A": {"red": 1}}, hands=[["card:R01"], []], deck=["card:G05"])
    state = run(state, "card:R01")
    assert state.hands[0] == ["card:G05"] and state.phase == "move"


@pytest.mark.parametrize(("card", "targets"), [("card:R02", ["F1", "F2"]), ("card:R03", ["R1"])])
def test_collect_all_own_cubes_at_a_chosen_point_of_interest(card: str, targets: list[str]) -> None:
    state = build_state(shops("a2"), cubes={"A": {"red": 2, "grey": 1}, "B": {"red": 1, "blue": 1}},
                        hands=[[card], []])
    state = run(state, card)
    assert option_ids(state) == [f"space:{t}" for t in targets]
    state = run(state, f"space:{targets[-1]}")
    assert state.cubes[targets[-1]] == {"red": 3}
    assert state.cubes["A"] == {"grey": 1} and state.cubes["B"] == {"blue": 1}
    assert state.phase == "move"


def test_collect_is_refused_where_the_airport_has_no_such_space() -> None:
    board = build_airport("a3", {"A": ["B"]})
    state = build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R02"], []])
    assert "card:R02" not in option_ids(state)
    with pytest.raises(IllegalAction, match="no Fast Food space"):
        run(state, "card:R02")


def test_fast_track_ignore_cones_lets_the_group_pass_a_blocked_space() -> None:
    board = build_airport("a4", {"A": ["X"], "X": ["Y"]})
    state = build_state(board, cubes={"A": {"red": 2}, "X": {"blue": 7}}, hands=[["card:R04"], []])
    state = run(state, "card:R04")
    assert option_ids(state) == ["option:ignore"]  # no scorable goal in hand, so only one way to use it
    state = run(state, "option:ignore", "from:A", "drop:X:red", "stop:Y", "confirm")
    assert state.cubes["Y"] == {"red": 1} and cones(state) == ["X"]


def test_fast_track_extra_goal_scores_at_once_and_the_goal_phase_still_follows() -> None:
    board = build_airport("a5", {"A": ["B"], "B": ["C"], "C": []})
    # A lone red cube at C makes Lone Traveller (4) scorable now; later the empty A makes Quiet Corner (1) scorable.
    state = build_state(board, cubes={"A": {"red": 2}, "C": {"red": 1}},
                        hands=[["card:R04", "card:B04", "card:G01"], []])
    state = run(state, "card:R04", "option:goal")
    assert sorted(option_ids(state)) == ["back", "card:B04", "card:G01"]  # B is an empty bare space too
    state = run(state, "card:B04")
    assert state.goals[0] == ["card:B04"] and state.phase == "move"
    state = run(state, "from:A", "stop:B", "confirm")
    assert "card:G01" in option_ids(state)  # A is now an empty bare space
    state = run(state, "card:G01")
    assert state.goals[0] == ["card:B04", "card:G01"]


def test_shortcut_passes_over_one_space_and_must_be_used() -> None:
    board = build_airport("a6", {"A": ["B"], "B": ["C"], "C": ["G", "D"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 1, "grey": 1}}, hands=[["card:R05"], []])
    state = run(state, "card:R05", "from:A")
    ids = option_ids(state)
    assert "skip:B" in ids and not any(i.startswith("stop:") for i in ids)
    with pytest.raises(IllegalAction, match="must pass over a space first"):
        run(state, "stop:B")
    state = run(state, "skip:B", "drop:C:grey", "board:G", "confirm")
    assert "B" not in state.cubes and state.cubes["C"] == {"grey": 1} and state.planes[0].slots == ["red"]
    assert state.last_path == ["A", "B", "C", "G"]


def test_shortcut_never_passes_over_a_blocked_space() -> None:
    board = build_airport("a7", {"A": ["X"], "X": ["Y"]})
    state = build_state(board, cubes={"A": {"red": 1}, "X": {"blue": 7}}, hands=[["card:R05"], []])
    state = run(state, "card:R05", "from:A")
    assert option_ids(state) == ["stop:X", "redo"]  # no skip is possible, so the move may end normally
    with pytest.raises(IllegalAction, match="cannot be passed over"):
        run(state, "skip:X")


@pytest.mark.parametrize(("card", "extra"), [("card:R06", 2), ("card:R11", 3)])
def test_draw_then_throw_one_away(card: str, extra: int) -> None:
    deck = ["card:G01", "card:G02", "card:G03"][:extra]
    state = build_state(shops("a8"), cubes={"A": {"red": 1}}, hands=[[card, "card:Y09"], []], deck=deck)
    state = run(state, card)
    assert state.phase == "follow" and sorted(option_ids(state)) == sorted(["card:Y09", *deck])
    state = run(state, "card:Y09")
    assert sorted(state.hands[0]) == sorted(deck) and state.discards[0] == ["card:Y09"]
    assert state.phase == "move"


def test_regroup_brings_all_other_own_cubes_to_a_chosen_own_space() -> None:
    state = build_state(shops("a9"), cubes={"A": {"red": 1}, "B": {"red": 2, "grey": 1}, "C": {"blue": 1}},
                        hands=[["card:R07"], []])
    state = run(state, "card:R07")
    assert option_ids(state) == ["space:A", "space:B"]
    state = run(state, "space:A")
    assert state.cubes["A"] == {"red": 3} and state.cubes["B"] == {"grey": 1}


@pytest.mark.parametrize(("card", "target"), [("card:R08", "S1"), ("card:R09", "H1")])
def test_one_cube_to_a_shop_or_desk(card: str, target: str) -> None:
    state = build_state(shops("a10"), cubes={"A": {"red": 2}, "B": {"red": 1}}, hands=[[card], []])
    state = run(state, card)
    assert option_ids(state) == ["space:A", "space:B"]
    state = run(state, "space:B")
    assert option_ids(state) == [f"space:{target}"]
    _, events = apply(GAME, state, 0, f"space:{target}")
    assert [e.text for e in events] == [f"Seat 1 sends 1 red cube to {target}."]
    state = run(state, f"space:{target}")
    assert state.cubes[target] == {"red": 1} and "B" not in state.cubes and state.cubes["A"] == {"red": 2}


def test_two_cubes_to_fine_dining_from_one_or_two_spaces() -> None:
    state = build_state(shops("a11"), cubes={"A": {"red": 1}, "B": {"red": 2}}, hands=[["card:R12"], []])
    state = run(state, "card:R12", "space:A")
    assert option_ids(state) == ["space:B"]  # A's only red cube is already taken
    state = run(state, "space:B", "space:D1")
    assert state.cubes["D1"] == {"red": 2} and state.cubes["B"] == {"red": 1}
    same = run(build_state(shops("a11"), cubes={"B": {"red": 2}}, hands=[["card:R12"], []]),
               "card:R12", "space:B", "space:B", "space:D1")
    assert same.cubes == {"D1": {"red": 2}}


def test_fine_dining_needs_two_own_cubes() -> None:
    state = build_state(shops("a12"), cubes={"A": {"red": 1}}, hands=[["card:R12"], []])
    with pytest.raises(IllegalAction, match="need 2 cubes"):
        run(state, "card:R12")


def test_skip_the_crowd_leaves_grey_and_unassigned_colours_behind() -> None:
    board = build_airport("a13", {"A": ["B"]})
    state = build_state(board, cubes={"A": {"red": 1, "blue": 1, "grey": 2, "green": 1}},
                        hands=[["card:R10"], []])
    state = run(state, "card:R10", "from:A")
    assert state.move is not None and state.move.active == ["blue", "red"]
    state = run(state, "stop:B", "confirm")
    assert state.cubes["A"] == {"grey": 2, "green": 1} and state.cubes["B"] == {"blue": 1, "red": 1}


def test_wrong_way_moves_against_the_arrows_and_can_still_board() -> None:
    board = build_airport("a14", {"A": ["B"], "B": ["C", "G"], "C": []}, gates={"G": 1})
    state = build_state(board, cubes={"C": {"red": 1, "grey": 1}}, hands=[["card:R13"], []])
    state = run(state, "card:R13", "from:C")
    assert "stop:B" in option_ids(state) and not any("D" in i for i in option_ids(state))
    state = run(state, "drop:B:grey", "stop:A", "confirm")
    assert state.cubes == {"B": {"grey": 1}, "A": {"red": 1}}
    boarding = run(build_state(board, cubes={"C": {"red": 1, "grey": 1}}, hands=[["card:R13"], []]),
                   "card:R13", "from:C", "drop:B:grey")
    assert "board:G" in option_ids(boarding)  # B's arrow points at the gate: still reachable going backwards
    direct = run(build_state(board, cubes={"C": {"red": 1}, "B": {"red": 1}}, hands=[["card:R13"], []]),
                 "card:R13", "from:B")
    assert "board:G" in option_ids(direct)


def test_family_first_moves_only_own_cubes() -> None:
    board = build_airport("a15", {"A": ["B"]})
    state = build_state(board, cubes={"A": {"red": 2, "blue": 1, "grey": 1}}, hands=[["card:R14"], []])
    state = run(state, "card:R14", "from:A", "stop:B", "confirm")
    assert state.cubes == {"A": {"blue": 1, "grey": 1}, "B": {"red": 2}}


def test_double_time_gives_two_moves_before_the_goal_phase() -> None:
    board = build_airport("a16", {"A": ["B"], "B": ["C"], "C": []})
    state = build_state(board, cubes={"A": {"red": 1}, "C": {"blue": 1}},
                        hands=[["card:R15", "card:R02"], ["card:B02"]])
    state = run(state, "card:R15", "from:A", "stop:B", "confirm")
    assert state.phase == "move" and state.turn == 0
    state = run(state, "from:B", "stop:C", "confirm")
    assert state.phase == "goal" and state.turn == 0
    state = run(state, "skip")
    assert state.turn == 1 and state.cubes == {"C": {"red": 1, "blue": 1}}


def test_actions_only_see_cubes_still_in_the_airport() -> None:
    board = build_airport("a17", {"A": ["B"], "B": ["G"], "F1": ["A"]}, pois={"F1": ["fast_food"]}, gates={"G": 1})
    state = build_state(board, cubes={"A": {"blue": 1}}, hands=[["card:R07", "card:R02", "card:R12"], []])
    state.planes[0].slots = ["red"] * 5  # every red cube has boarded
    assert [o for o in option_ids(state) if o.startswith("card:")] == []
    with pytest.raises(IllegalAction, match="no cube left in the airport to gather"):
        run(state, "card:R07")
    with pytest.raises(IllegalAction, match="need 1 cube of your colour"):
        run(state, "card:R02")
    one = build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R02"], []])
    one.planes[0].slots = ["red"] * 4
    one = run(one, "card:R02", "space:F1")
    assert one.cubes == {"F1": {"red": 1}} and one.planes[0].slots == ["red"] * 4  # the plane is left alone


def test_wrong_way_still_stops_at_a_blocked_space() -> None:
    board = build_airport("a18", {"A": ["X"], "X": ["C"], "C": []})
    state = build_state(board, cubes={"C": {"red": 2}, "X": {"blue": 7}}, hands=[["card:R13"], []])
    state = run(state, "card:R13", "from:C")
    assert option_ids(state) == ["stop:X", "redo"]  # going backwards, X is next and blocked: no way past it to A
