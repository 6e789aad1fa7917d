"""Round Trip planes, movement on the new airports, the end trigger, scoring and the book's worked examples."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import apply
from engine.planes.fixtures import build_airport, build_state, option_ids, run
from engine.planes.game import GAME
from engine.planes.scoring import passengers, result, score, star_points
from engine.planes.setup import new_state
from engine.planes.state import Plane

BASE = {"airport": "flying_cloud", "start": "1", "player_decks": "off", "end_space": "12", "pois": "printed"}


def line(airport_id: str, **kw: object):
    """A -> B -> C, C leads to the red gate G (number 1) and the neutral gate N."""
    return build_airport(airport_id, {"A": ["B"], "B": ["C"], "C": ["G", "N"]}, gates={"G": 1}, neutral_gates=("N",),
                         **kw)


def test_a_player_side_pays_the_mover_now_and_the_owner_later() -> None:
    state = build_state(line("rp1"), cubes={"C": {"red": 1}}, sides={"G": "commuter"}, round_trip=True,
                        deck=["card:B02", "card:B03", "card:B04"])
    state = run(state, "from:C", "board:G", "confirm")
    assert state.hands[0] == ["card:B04", "card:B03"]  # 2 cards now
    assert star_points(state, 0) == 3 and score(state, 0) == 3


def test_a_cube_takes_any_free_slot_and_the_mover_picks_it() -> None:
    state = build_state(line("rp2"), cubes={"C": {"red": 1}}, sides={"G": "charter"}, round_trip=True)
    ids = option_ids(run(state, "from:C"))
    assert [i for i in ids if i.startswith("board:")] == [f"board:G:{k}" for k in range(1, 6)]
    state = run(state, "from:C", "board:G:3", "confirm")
    plane = next(p for p in state.planes if p.gate == "G")
    assert plane.placed == [2] and star_points(state, 0) == 5
    assert 2 not in plane.free


def test_identical_slots_are_one_choice() -> None:
    state = build_state(line("rp3"), cubes={"C": {"red": 1}}, sides={"G": "commuter"}, round_trip=True)
    assert [i for i in option_ids(run(state, "from:C")) if i.startswith("board:")] == ["board:G"]


def test_a_wild_plane_takes_any_colour_one_cube_a_slot() -> None:
    state = build_state(line("rp5"), cubes={"B": {"red": 1, "blue": 1}}, sides={"N": "wild_points"}, round_trip=True)
    state = run(state, "from:B", "drop:C:red")
    # Blue is Seat 2's colour, yet Seat 1 may board it on the wild plane; the red gate would refuse it.
    assert "board:G" not in option_ids(state)
    assert [i for i in option_ids(state) if i.startswith("board:N")] == ["board:N:1", "board:N:2", "board:N:4"]
    state = run(state, "board:N:1", "confirm")
    wild = next(p for p in state.planes if p.gate == "N")
    assert wild.colour == "wild" and wild.slots == ["blue"]
    assert state.tokens == [2, 0]  # the mover's white stars
    assert star_points(state, 1) == 2 and star_points(state, 0) == 0  # the owner's yellow stars


def _board_labels(state) -> dict[str, str]:
    return {o.id: f"{o.label} | {o.detail}" for o in GAME.pending(state)[0].options if o.id.startswith("board:")}


def test_a_slot_promises_its_end_points_only_to_whoever_will_get_them() -> None:
    # Main promised "4 VP at the end" for a grey cube, which nobody scores, and never said whose points they are.
    wild = {"sides": {"N": "wild_points"}, "round_trip": True}
    grey = run(build_state(line("rp6a"), cubes={"B": {"red": 1, "grey": 1}}, **wild), "from:B", "drop:C:red")
    assert _board_labels(grey)["board:N:4"] == (
        "Board the grey cube at N, slot 4: 2 VP tokens for you now; its 4 VP at the end go to nobody (grey is "
        "neutral) | 2 VP tokens for you now; its 4 VP at the end go to nobody (grey is neutral)")
    blue = run(build_state(line("rp6b"), cubes={"B": {"red": 1, "blue": 1}}, **wild), "from:B", "drop:C:red")
    assert _board_labels(blue)["board:N:4"].startswith(
        "Board the blue cube at N, slot 4: 2 VP tokens for you now; 4 VP at the end for Seat 2 |")
    red = run(build_state(line("rp6c"), cubes={"B": {"red": 1, "blue": 1}}, **wild), "from:B", "drop:C:blue")
    assert _board_labels(red)["board:N:1"].startswith(
        "Board the red cube at N, slot 1: 2 VP tokens for you now; 2 VP at the end for you |")
    # A player plane only ever takes its owner's colour: its end points are always the owner's.
    own = build_state(line("rp6d"), cubes={"C": {"red": 1}}, sides={"G": "charter"}, round_trip=True)
    assert all("for you" in label for label in _board_labels(run(own, "from:C")).values())


def test_a_neutral_cube_on_a_wild_plane_pays_no_one_at_the_end() -> None:
    state = build_state(line("rp7"), cubes={"B": {"red": 1, "grey": 1}}, sides={"N": "wild_cards"}, round_trip=True,
                        deck=["card:B01", "card:B02"])
    state = run(state, "from:B", "drop:C:red", "board:N:1", "confirm")
    assert next(p for p in state.planes if p.gate == "N").slots == ["grey"]
    assert len(state.hands[0]) == 2 and star_points(state, 0) == star_points(state, 1) == 0


def test_a_neutral_side_pays_cards_and_tokens() -> None:
    state = build_state(line("rp8"), cubes={"B": {"red": 1, "grey": 1}}, sides={"N": "cargo"}, round_trip=True,
                        deck=["card:B01", "card:B02"])
    state = run(state, "from:B", "drop:C:red")
    boards = [i for i in option_ids(state) if i.startswith("board:N")]
    assert boards == ["board:N:1", "board:N:3", "board:N:4", "board:N:5"]  # slots 1 and 2 pay the same
    state = run(state, "board:N:5", "confirm")
    assert state.tokens[0] == 2 and state.hands[0] == ["card:B02"]  # no card for the slot; 1 for an empty hand


def test_a_grey_plane_still_refuses_a_party_cube() -> None:
    state = build_state(line("rp9"), cubes={"B": {"red": 2}}, sides={"N": "cargo"}, round_trip=True)
    state = run(state, "from:B", "drop:C:red")
    assert "board:G" in option_ids(state) and not any(i.startswith("board:N") for i in option_ids(state))
    with pytest.raises(IllegalAction, match="only takes a grey cube"):
        apply(GAME, state, 0, "board:N:1")


def test_unassigned_colours_show_the_draw_two_side_whatever_the_players_chose() -> None:
    state = new_state(2, 1, {**BASE, "player_planes": "jumbo", "neutral_planes": "vip", "cards": "base",
                             "scenario": "none"})
    by_colour = {p.colour: p.side for p in state.planes if p.gate.startswith("G")}
    assert by_colour == {"red": "jumbo", "blue": "jumbo", "green": "draw2", "yellow": "draw2"}
    assert {p.side for p in state.planes if p.gate.startswith("N")} == {"vip"}
    assert state.round_trip


def test_wild_sides_make_the_neutral_places_wild() -> None:
    state = new_state(3, 1, {**BASE, "neutral_planes": "wild_cards"})
    assert {p.colour for p in state.planes if p.gate.startswith("N")} == {"wild"}


def test_the_base_game_stays_the_base_game() -> None:
    state = new_state(3, 1, {**BASE, "scenario": "none", "cards": "base", "player_planes": "5vp",
                             "neutral_planes": "draw2"})
    assert not state.round_trip and state.special == ""


# --- movement on the new airports -------------------------------------------------------------------------------

def rt_options(**extra: str) -> dict[str, str]:
    return {**BASE, "scenario": "none", "cards": "expansion", "player_planes": "5vp", "neutral_planes": "draw2",
            **extra}


def at(state, cubes: dict[str, dict[str, int]]):
    state.cubes = {k: dict(v) for k, v in cubes.items()}
    return state


def test_azure_double_arrows_let_the_mover_pick_either() -> None:
    state = at(GAME.new_game(2, 1, rt_options(airport="azure")), {"s1": {"red": 3}})
    state.phase, state.hands = "move", [[], []]
    state.turn = 0
    state = run(state, "from:s1")
    assert {"drop:s2:red", "drop:X1:red"} <= set(option_ids(state))
    state = run(state, "drop:X1:red")
    assert {"drop:X2:red", "stop:X2"} <= set(option_ids(state))


def beacon(**cubes: dict[str, int]):
    state = at(GAME.new_game(2, 1, rt_options(airport="beacon")), cubes)
    state.phase, state.hands, state.turn = "move", [[], []], 0
    return state


def test_beacon_tram_leaving_a_terminal_always_goes_to_the_hub() -> None:
    state = run(beacon(F1={"red": 3}), "from:F1")
    assert {i.split(":")[1] for i in option_ids(state) if i != "redo"} == {"H1"}


def test_beacon_tram_leaving_the_hub_reaches_every_terminal() -> None:
    state = run(beacon(H2={"red": 3}), "from:H2")
    assert {i.split(":")[1] for i in option_ids(state) if i != "redo"} == {"E1", "E2", "E3", "E4"}


def test_beacon_tram_backwards_too() -> None:
    state = beacon(E3={"red": 3})
    state.backwards = True
    state = run(state, "from:E3")
    assert {i.split(":")[1] for i in option_ids(state) if i != "redo"} == {"H2"}
    state = run(state, "drop:H2:red")
    assert {i.split(":")[1] for i in option_ids(state) if i != "redo"} == {"H1"}
    state = run(state, "drop:H1:red")
    assert {i.split(":")[1] for i in option_ids(state) if i != "redo"} == {"F1", "F2", "F3", "F4"}


def test_beacon_tram_with_a_shortcut_passes_over_the_hub() -> None:
    state = beacon(F1={"red": 2})
    state.skip_pending = True
    state = run(state, "from:F1", "skip:H1", "drop:H2:red", "stop:E4")
    assert state.cubes["E4"]["red"] == 1 and state.cubes["H2"]["red"] == 1 and "red" not in state.cubes.get("H1", {})


def test_a_pass_over_that_names_no_space_is_refused_with_a_sentence() -> None:
    state = beacon(F1={"red": 2})
    state.skip_pending = True
    state = run(state, "from:F1")
    with pytest.raises(IllegalAction, match="which space the move passes over"):
        apply(GAME, state, 0, "skip")


def test_beacon_worked_example_tram_move_boards_at_n3_for_a_card_and_two_tokens() -> None:
    """The book: the last space of terminal 1 emptied, two cubes dropped in the hub, two in terminal 3, the last
    grey cube boards at N3; she draws 1 card and takes 2 VP tokens."""
    state = beacon(F1={"red": 2, "blue": 1, "grey": 2})
    state.planes = [p if p.gate != "N3" else Plane(gate="N3", colour="grey", side="cargo") for p in state.planes]
    hand_before = len(state.hands[0])
    state = run(state, "from:F1", "drop:H1:red", "drop:H2:blue", "drop:E3:red", "drop:P3:grey")
    assert "board:N3:1" in option_ids(state)
    state = run(state, "board:N3:1", "confirm")
    assert len(state.hands[0]) == hand_before + 1 and state.tokens[0] == 2
    assert next(p for p in state.planes if p.gate == "N3").slots == ["grey"]


def test_wild_plane_worked_example_two_cards_now_three_points_later() -> None:
    """The book: a yellow cube dropped on the way, the red cube boards the wild plane: 2 cards now, 3 VP at the end."""
    state = build_state(line("rp10"), cubes={"B": {"red": 1, "yellow": 1}}, players=4, sides={"N": "wild_cards"},
                        round_trip=True, deck=["card:B01", "card:B02", "card:B03"])
    state = run(state, "from:B", "drop:C:yellow", "board:N:1", "confirm")
    assert len(state.hands[0]) == 2 and star_points(state, 0) == 3 and state.cubes["C"] == {"yellow": 1}


# --- end and scoring ------------------------------------------------------------------------------------------

def test_the_game_ends_when_a_player_has_all_five_cubes_aboard() -> None:
    state = build_state(line("rp11"), cubes={"C": {"red": 1}, "A": {"blue": 1}}, sides={"N": "wild_points"},
                        round_trip=True)
    plane = next(p for p in state.planes if p.gate == "G")
    plane.slots, plane.placed = ["red"] * 3, [0, 1, 2]
    wild = next(p for p in state.planes if p.gate == "N")
    wild.slots, wild.placed = ["red"], [0]
    state = run(state, "from:C", "board:G", "confirm")
    assert state.end_reason == "all aboard" and passengers(state, 0) == 5


def test_a_full_neutral_colour_no_longer_ends_a_round_trip_game() -> None:
    state = build_state(line("rp12"), cubes={"B": {"red": 1, "grey": 1}}, round_trip=True)
    grey = next(p for p in state.planes if p.gate == "N")
    grey.slots = ["grey"] * 4
    state = run(state, "from:B", "drop:C:red", "board:N", "confirm")
    assert grey.gate and next(p for p in state.planes if p.gate == "N").full and state.end_reason is None


def test_scoring_example_six_plus_three_plus_seven_plus_two_is_eighteen() -> None:
    """Green: 6 VP from cubes on its own plane, 3 from cubes on a wild plane, 7 from goals, 2 VP tokens."""
    state = build_state(line("rp13"), players=3, round_trip=True, sides={"N": "wild_cards"}, turn=2,
                        plane_colours={"G": "green"}, cubes={"A": {"red": 1}})
    own = next(p for p in state.planes if p.gate == "G")
    own.side, own.owner, own.slots, own.placed = "commuter", 2, ["green", "green"], [0, 1]  # 3 + 3
    wild = next(p for p in state.planes if p.gate == "N")
    wild.slots, wild.placed = ["green", "grey"], [0, 1]  # 3 for green, nothing for grey
    state.goals[2] = ["card:G16", "card:G17", "card:G21", "card:G26"]  # 1 + 1 + 2 + 3
    state.tokens[2] = 2
    assert score(state, 2) == 18
    assert "2 VP from tokens + 7 VP from 4 goals + 9 VP from 3 cubes on planes" in next(
        s.detail for s in result(state).standings if s.seat == 2)


def test_ties_go_to_passengers_then_goals_then_tokens() -> None:
    state = build_state(line("rp14"), players=3, round_trip=True, sides={"N": "wild_points"}, cubes={"A": {"red": 1}})
    state.tokens = [3, 3, 1]
    state.goals = [["card:R16"], ["card:B16"], ["card:G16", "card:G17"]]  # 1, 1 and 2 VP
    assert [score(state, s) for s in range(3)] == [4, 4, 3]
    state.goals[1] = ["card:B16"]
    wild = next(p for p in state.planes if p.gate == "N")
    wild.slots, wild.placed = ["blue"], [0]  # +2 for blue: 6
    state.tokens = [6, 4, 5]  # 7, 7 and 7... red 6+1, blue 4+1+2, green 5+2
    res = result(state)
    assert res.winners == [1] and "more passengers on planes" in res.summary
    wild.slots, wild.placed = [], []
    state.tokens = [6, 6, 5]  # 7, 7, 7: nobody aboard; green has two goals
    assert result(state).winners == [2]
    state.goals = [["card:R16"], ["card:B16"], ["card:G16"]]
    state.tokens = [6, 5, 6]  # 7, 6, 7: level on VP, passengers and goals; then tokens (6 each): shared
    assert result(state).winners == [0, 2] and "share the win" in result(state).summary
    assert result(state).play_again and "play again" in result(state).summary
    state.tokens = [6, 5, 6]
    state.goals[0] = ["card:R23"]  # 2 VP: red 8 wins outright
    assert result(state).winners == [0]
