"""Every Round Trip action and goal (cards 16-30), on small hand-built boards."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import apply
from engine.planes.cards import card
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.goals import goal_met

POIS = {"F1": ["fast_food"], "R1": ["restroom"], "S1": ["gift_shop"], "H1": ["help_desk"], "D1": ["fine_dining"],
        "E": ["restroom"]}


def shops(airport_id: str):
    arrows = {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["A", "G"], "F1": ["A"], "R1": ["A"], "S1": ["A"],
              "H1": ["A"], "D1": ["A"], "E": ["A"]}
    return build_airport(airport_id, arrows, pois=POIS, gates={"G": 1})


def deck(n: int) -> list[str]:
    return [f"card:Y{k:02d}" for k in range(1, n + 1)]


@pytest.mark.parametrize(("number", "drawn"), [(16, 2), (21, 3), (27, 4)])
def test_draw_then_throw_away_two(number: int, drawn: int) -> None:
    played = f"card:R{number}"
    state = build_state(shops(f"c{number}"), cubes={"A": {"red": 1}}, hands=[[played, "card:R01"], []],
                        deck=deck(6), round_trip=True)
    state = run(state, played)
    assert len(state.hands[0]) == 1 + drawn and state.follow == "discard" and "2 cards" in GAME.pending(state)[0].prompt
    first, second = state.hands[0][:2]
    state = run(state, first)
    assert state.follow == "discard"
    state = run(state, second)
    assert state.phase == "move" and len(state.hands[0]) == drawn - 1 and state.discards[0] == [first, second]


@pytest.mark.parametrize(("number", "poi_space", "most"),
                         [(17, "F1", 1), (20, "R1", 1), (24, "S1", 2), (25, "H1", 2), (29, "D1", 3)])
def test_carry_neutral_cubes_to_a_point_of_interest(number: int, poi_space: str, most: int) -> None:
    played = f"card:R{number}"
    state = build_state(shops(f"n{number}"), cubes={"A": {"red": 1}, "B": {"grey": 4, "green": 1, "red": 1}},
                        hands=[[played], []], round_trip=True)
    state = run(state, played)
    assert option_ids(state) == ["space:B", "none"]  # red cubes never count; A holds no neutral cube
    state = run(state, "space:B")
    assert option_ids(state) == ["take:green", "take:grey", "done"]  # green: nobody's colour at 2 players
    for _ in range(most):
        state = run(state, "take:grey")
    assert state.follow == "ntarget"
    targets = option_ids(state)
    assert f"space:{poi_space}" in targets and all(t[6:] in POIS for t in targets)
    state = run(state, f"space:{poi_space}")
    assert state.cubes[poi_space] == {"grey": most} and state.cubes["B"]["grey"] == 4 - most
    assert state.phase == "move"


def test_carrying_fewer_cubes_than_allowed_or_none_at_all() -> None:
    # "Up to" its number: one of three, or none (main refused none, and refused the card where none could go).
    state = build_state(shops("n30"), cubes={"A": {"red": 1}, "B": {"grey": 4}}, hands=[["card:R29"], []],
                        round_trip=True)
    state = run(state, "card:R29")
    assert option_ids(state) == ["space:B", "none"]
    state = run(state, "space:B")
    assert GAME.pending(state)[0].options[-1].label == "That is all: carry no cube"
    assert run(state, "done").cubes["B"] == {"grey": 4}
    after = run(state, "take:grey", "done", "space:D1")
    assert after.cubes["D1"] == {"grey": 1}
    none, events = apply(GAME, run(build_state(shops("n30b"), cubes={"A": {"red": 1}, "B": {"grey": 4}},
                                               hands=[["card:R29"], []], round_trip=True), "card:R29"), 0, "none")
    assert none.phase == "move" and none.cubes["B"] == {"grey": 4} and "Seat 1 carries no cube." in [
        e.text for e in events]


def test_a_carry_card_with_nowhere_to_carry_carries_nothing() -> None:
    board = build_airport("n31", {"A": ["B"], "B": ["A"]})
    state = build_state(board, cubes={"A": {"red": 1}, "B": {"grey": 2}}, hands=[["card:R17"], []], round_trip=True)
    state = run(state, "card:R17")
    assert option_ids(state) == ["none"]
    with pytest.raises(IllegalAction, match="Fast Food space, or carry no cube"):
        apply(GAME, state, 0, "space:B")
    state = run(state, "none")
    assert state.phase == "move" and state.discards == [[]] and state.action_card == "card:R17"


def test_pass_it_on_goes_round_the_table_each_seeing_only_what_is_passed() -> None:
    state = build_state(shops("dr1"), players=3, cubes={"A": {"red": 1}}, hands=[["card:R18"], ["card:B01"], []],
                        deck=["card:Y01", "card:Y02", "card:Y03", "card:Y04"], round_trip=True)
    state = run(state, "card:R18")
    (decision,) = GAME.pending(state)
    assert decision.seat == 0 and decision.kind == "draft" and len(decision.options) == 3
    passed = {"card:Y04", "card:Y03", "card:Y02"}
    assert {o.id for o in decision.options} == passed
    assert GAME.secrets(state)[0] >= passed and not GAME.secrets(state)[1] & passed
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(GAME, state, 1, "card:Y04")
    state = run(state, "card:Y03", seat=0)
    (decision,) = GAME.pending(state)
    assert decision.seat == 1 and {o.id for o in decision.options} == {"card:Y04", "card:Y02"}
    assert GAME.secrets(state)[1] >= {"card:Y04", "card:Y02"} and not GAME.secrets(state)[0] & {"card:Y04"}
    state = run(state, "card:Y02", seat=1)
    assert GAME.pending(state)[0].seat == 2
    state = run(state, "card:Y04", seat=2)
    assert state.hands == [["card:Y03"], ["card:B01", "card:Y02"], ["card:Y04"]]
    assert state.draft_seat is None and state.phase == "move" and GAME.pending(state)[0].seat == 0
    # The prompt and the kind are the same whatever the cards are.
    assert all("Y0" not in d.prompt for d in GAME.pending(state))


def test_crowd_control_moves_only_neutral_cubes() -> None:
    state = build_state(shops("on1"), cubes={"A": {"red": 2, "blue": 1, "grey": 1, "green": 1}},
                        hands=[["card:R19"], []], round_trip=True)
    state = run(state, "card:R19", "from:A")
    assert sorted(state.move.active) == ["green", "grey"]
    assert state.cubes["A"] == {"red": 2, "blue": 1}


@pytest.mark.parametrize(("number", "pairs"), [(22, 1), (28, 2)])
def test_heavy_luggage_and_spread_the_bags_leave_two_cubes_at_a_space(number: int, pairs: int) -> None:
    board = build_airport(f"dd{number}", {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["E"], "E": ["A", "G"]},
                          gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 2, "grey": 4}}, hands=[[f"card:R{number}"], []], round_trip=True)
    state = run(state, f"card:R{number}", "from:A", "pair:B:grey:grey")
    assert state.cubes["B"] == {"grey": 2}
    assert any(o.startswith("pair:C") for o in option_ids(state)) == (pairs == 2)
    if pairs == 2:
        state = run(state, "pair:C:grey:red")
        assert not any(o.startswith("pair:") for o in option_ids(state))
        state = run(state, "stop:D")
        assert state.cubes["D"] == {"red": 1, "grey": 1}
    assert not any(o.startswith("pair:G") for o in option_ids(state))  # never a gate


def test_loyalty_points_gives_a_vp_token() -> None:
    state = build_state(shops("vp1"), cubes={"A": {"red": 1}}, hands=[["card:R23"], []], round_trip=True)
    state = run(state, "card:R23")
    assert state.tokens == [1, 0]


def test_nudge_the_crowd_steps_every_neutral_cube_of_a_space_along_an_arrow() -> None:
    state = build_state(shops("nu1"), cubes={"A": {"red": 1}, "D": {"grey": 2, "green": 1, "blue": 1}},
                        hands=[["card:R26"], []], round_trip=True)
    state = run(state, "card:R26")
    assert option_ids(state) == ["space:D"]
    state = run(state, "space:D")
    assert option_ids(state) == ["space:A"]  # D's arrows lead to A and the gate G: never a gate
    state = run(state, "space:A")
    assert state.cubes["A"] == {"red": 1, "grey": 2, "green": 1} and state.cubes["D"] == {"blue": 1}


def test_express_lane_passes_over_up_to_two_spaces_or_none() -> None:
    board = build_airport("ex1", {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["E"], "E": ["A"]})
    state = build_state(board, cubes={"A": {"red": 2}}, hands=[["card:R30"], []], round_trip=True)
    state = run(state, "card:R30", "from:A")
    assert {"skip:B", "stop:B", "drop:B:red"} <= set(option_ids(state))  # optional, unlike Shortcut
    state = run(state, "skip:B", "skip:C")
    assert not any(o.startswith("skip:") for o in option_ids(state))
    state = run(state, "drop:D:red", "stop:E", "confirm")
    assert state.cubes == {"D": {"red": 1}, "E": {"red": 1}}


# --- goals -------------------------------------------------------------------------------------------------------

GOAL_CASES = [
    # (card number, cubes that meet it, cubes that do not) for seat 1 (red) at 2 players: green and yellow are neutral
    (16, {"A": {"red": 1}, "C": {"grey": 1}, "D": {"grey": 1}}, {s: {"grey": 1} for s in ("A", "B", "C", "D")}),
    (17, {"F1": {"grey": 1, "green": 1, "red": 3}}, {"F1": {"grey": 1, "red": 3}}),
    (18, {"A": {"red": 1}}, {"A": {"red": 2}}),
    (19, {"A": {"yellow": 1}}, {"A": {"blue": 1}}),
    (20, {"R1": {"grey": 2}}, {"R1": {"grey": 1, "blue": 1}}),
    (21, {"A": {"red": 1, "blue": 1, "grey": 1}}, {"A": {"red": 2, "blue": 1}}),
    (22, {"A": {"grey": 1, "blue": 1}}, {"A": {"red": 1, "blue": 1}}),
    (23, {"A": {"red": 1, "grey": 3}}, {"A": {"blue": 2, "grey": 2}}),
    (24, {"S1": {"grey": 2, "yellow": 1}}, {"S1": {"grey": 2, "blue": 3}}),
    (25, {"H1": {"grey": 3}}, {"A": {"grey": 3}}),
    (26, {"A": {"red": 1, "blue": 1, "green": 1, "grey": 1}}, {"A": {"red": 1, "blue": 2, "grey": 1}}),
    (27, {"A": {"red": 2, "blue": 2, "grey": 1}}, {"A": {"red": 2, "blue": 2, "yellow": 1, "grey": 1}}),
    (28, {"A": {"blue": 2, "grey": 3, "yellow": 1}}, {"A": {"blue": 2, "grey": 3}}),
    (29, {"D1": {"grey": 3, "green": 1}}, {"D1": {"grey": 3, "red": 1}}),
    (30, {"A": {"red": 2, "grey": 1, "green": 1}}, {"A": {"red": 2, "grey": 1, "blue": 1}}),
]


@pytest.mark.parametrize(("number", "met", "unmet"), GOAL_CASES)
def test_each_round_trip_goal(number: int, met: dict[str, dict[str, int]], unmet: dict[str, dict[str, int]]) -> None:
    board = shops(f"g{number}")
    kind = card(f"card:R{number}").goal_kind
    assert goal_met(build_state(board, cubes=met, round_trip=True), 0, kind)
    assert not goal_met(build_state(board, cubes=unmet, round_trip=True), 0, kind)


def test_a_scorable_round_trip_goal_is_offered_in_the_goal_phase() -> None:
    state = build_state(shops("gp1"), cubes={"A": {"red": 2}, "B": {"blue": 1, "grey": 1}},
                        hands=[["card:R22"], []], round_trip=True)
    state = run(state, "skip", "from:A", "drop:B:red", "stop:C", "confirm")
    assert "card:R22" not in option_ids(state)  # B now holds three cubes
    state = build_state(shops("gp2"), cubes={"A": {"red": 1}, "D": {"blue": 1, "grey": 1}},
                        hands=[["card:R22"], []], round_trip=True)
    state = run(state, "skip", "from:A", "stop:B", "confirm")
    assert "card:R22" in option_ids(state)
    state = run(state, "card:R22")
    assert state.goals[0] == ["card:R22"]


def _prompt_and_labels(state) -> tuple[str, dict[str, str]]:
    (decision,) = GAME.pending(state)
    return decision.prompt, {o.id: o.label for o in decision.options}


def test_the_carry_steps_count_the_cubes_in_words() -> None:
    # Main said "carry 1 cube(s)" and "Carry them to ..." for a single cube.
    state = build_state(shops("n40"), cubes={"A": {"red": 1}, "B": {"grey": 4}}, hands=[["card:R29"], []],
                        round_trip=True)
    state = run(state, "card:R29", "space:B", "take:grey")
    assert _prompt_and_labels(state)[1]["done"] == "That is all: carry 1 cube"
    assert _prompt_and_labels(run(state, "take:grey"))[1]["done"] == "That is all: carry 2 cubes"
    prompt, labels = _prompt_and_labels(run(state, "done"))
    assert prompt == "Choose where the neutral cube goes" and labels["space:D1"] == "Carry 1 cube to D1"
    prompt, labels = _prompt_and_labels(run(state, "take:grey", "done"))
    assert prompt == "Choose where the 2 neutral cubes go" and labels["space:D1"] == "Carry 2 cubes to D1"
    with pytest.raises(IllegalAction, match="You may take up to 1 cube, neutral ones"):
        apply(GAME, run(build_state(shops("n41"), cubes={"A": {"red": 1}, "B": {"grey": 2}},
                                    hands=[["card:R17"], []], round_trip=True), "card:R17", "space:B"), 0, "take:red")


def test_pass_it_on_tells_the_drawer_they_choose_from_what_they_drew_and_counts_the_cards_in_words() -> None:
    state = build_state(shops("dr2"), players=3, cubes={"A": {"red": 1}}, hands=[["card:R18"], ["card:B01"], []],
                        deck=["card:Y01", "card:Y02", "card:Y03", "card:Y04"], round_trip=True)
    state = run(state, "card:R18")
    assert GAME.pending(state)[0].prompt == "Keep one of the 3 cards you drew; the rest go on to your left"
    new, events = apply(GAME, state, 0, "card:Y03")
    texts = [e.text for e in events if e.private_to is None]
    assert "Seat 1 keeps one of the cards they drew." in texts and "2 cards go on to Seat 2." in texts
    assert GAME.pending(new)[0].prompt == "Keep one of the 2 cards passed to you; the rest go on to your left"
    last, events = apply(GAME, new, 1, "card:Y02")
    assert "1 card goes on to Seat 3." in [e.text for e in events] and "Seat 2 keeps one of the cards passed round." \
        in [e.text for e in events]
    assert GAME.pending(last)[0].prompt == "Keep the last card passed round to you"


def test_each_card_passed_round_shows_both_its_action_and_its_goal() -> None:
    state = build_state(shops("dr3"), players=2, cubes={"A": {"red": 1}}, hands=[["card:R18"], ["card:B01"]],
                        deck=["card:Y17", "card:Y26"], round_trip=True)
    options = {o.id: o for o in GAME.pending(run(state, "card:R18"))[0].options}
    snack = options["card:Y17"]
    assert snack.label == "Keep Snack Errand / Busy Burger Bar (1 VP goal)"
    assert snack.detail.startswith("Action: Pick 1 neutral cube") and " Goal: A Fast Food space" in snack.detail
    nudge = options["card:Y26"]
    assert nudge.detail.startswith("Action: Every neutral cube on one space") and " Goal: A space holds just 4" \
        in nudge.detail
    assert all(len(o.label) <= 80 and len(o.detail) <= 100 for o in options.values())


@pytest.mark.parametrize(("number", "says"), [(22, "one cube (or two, at one space this move)"),
                                              (28, "one cube (or two, at up to 2 spaces this move)")])
def test_the_move_prompt_says_when_a_space_may_take_two_cubes(number: int, says: str) -> None:
    board = build_airport(f"dp{number}", {"A": ["B"], "B": ["C"], "C": ["D"], "D": ["E"], "E": ["A", "G"]},
                          gates={"G": 1})
    state = build_state(board, cubes={"A": {"red": 2, "grey": 4}}, hands=[[f"card:R{number}"], []], round_trip=True)
    state = run(state, f"card:R{number}", "from:A")
    assert f"leave {says} in the next space" in GAME.pending(state)[0].prompt
    state = run(state, "pair:B:grey:grey")
    left = GAME.pending(state)[0].prompt
    assert ("or two" in left) == (number == 28)
    plain = run(build_state(board, cubes={"A": {"red": 2, "grey": 4}}, round_trip=True), "from:A")
    assert "leave one cube in the next space" in GAME.pending(plain)[0].prompt
