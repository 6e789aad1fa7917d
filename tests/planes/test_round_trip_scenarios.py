"""The eight Round Trip scenarios: the lobby preset, the set-up each one makes and their own rules."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.planes.board import airport
from engine.planes.cards import card, dot_of
from engine.planes.fixtures import option_ids, run
from engine.planes.game import GAME
from engine.planes.scenarios import scenarios
from engine.planes.state import PARTY_COLOURS

KEYS = list(scenarios())


def start(key: str, players: int = 3, seed: int = 4, **options: str):
    return GAME.new_game(players, seed, GAME.check_options(players, {"scenario": key, "start": "1", **options}))


@pytest.mark.parametrize("key", KEYS)
def test_the_preset_fills_the_airport_and_the_game_uses_it(key: str) -> None:
    sc = scenarios()[key]
    filled = GAME.check_options(3, {"scenario": key, "airport": "practice"})
    assert filled["airport"] == sc.airport
    state = start(key)
    assert state.airport == sc.airport and state.round_trip
    assert all(len(h) == 3 for h in state.hands)


def test_a_scenario_keeps_the_hosts_choices_it_allows() -> None:
    kept = GAME.check_options(3, {"scenario": "divide_and_conquer", "neutral_planes": "wild_cards"})
    assert kept["neutral_planes"] == "wild_cards"
    forced = GAME.check_options(3, {"scenario": "divide_and_conquer", "neutral_planes": "cargo"})
    assert forced["neutral_planes"] == "wild_points"
    layover = GAME.check_options(3, {"scenario": "long_layover", "player_planes": "charter"})
    assert layover["player_planes"] == "commuter" and layover["neutral_planes"] == "draw2"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("layout", ["few", "many", "custom:M1=blank"])
def test_a_scenario_sets_out_its_own_points_of_interest_so_another_layout_is_refused_with_why(
        key: str, layout: str) -> None:
    # "few" covered half of the restrooms and fast food that Business As Usual keeps, for one; the refusal names
    # the scenario and says how to get either.
    with pytest.raises(IllegalAction, match=f"The {scenarios()[key].title} scenario sets out its own points of "
                                            "interest.*set the scenario to None"):
        GAME.check_options(3, {"scenario": key, "pois": layout})
    assert GAME.check_options(3, {"pois": layout if not layout.startswith("custom") else "few"})["pois"]
    assert GAME.check_options(3, {"scenario": key, "pois": "printed"})["pois"] == "printed"


@pytest.mark.parametrize("key", KEYS)
def test_a_scenario_game_shows_every_point_of_interest_its_setup_keeps(key: str) -> None:
    sc = scenarios()[key]
    board = airport(sc.airport)
    printed = {s.id: [p.value for p in s.pois] for s in board.spaces if not s.is_gate}
    assert start(key).pois == sc.pois(printed)


def test_business_as_usual_takes_the_fine_dining_cards_out() -> None:
    for cards in ("base", "expansion"):
        state = start("business_as_usual", cards=cards)
        every = [c for pile in (*state.decks, *state.hands) for c in pile]
        assert len(every) == 56 and not any(card(c).poi == "fine_dining" for c in every)


def test_middle_of_nowhere_keeps_only_the_restroom_cards_of_the_points_of_interest() -> None:
    state = start("middle_of_nowhere", cards="expansion")
    every = [c for pile in (*state.decks, *state.hands) for c in pile]
    assert len(every) == 44 and {card(c).poi for c in every} == {None, "restroom"}
    assert {s: p for s, p in state.pois.items() if p} == {"C": ["restroom"]}


def test_skymall_deals_each_player_their_own_gift_shop_card_first() -> None:
    state = start("skymall", players=4)
    for seat, hand in enumerate(state.hands):
        gift = [c for c in hand if card(c).poi == "gift_shop"]
        assert len(gift) >= 1 and dot_of(gift[0]) == PARTY_COLOURS[seat] and len(hand) == 3


def test_happy_hour_deals_fast_food_and_fine_dining_cards_and_one_more() -> None:
    state = start("happy_hour", cards="expansion")
    for seat, hand in enumerate(state.hands):
        mine = sorted(card(c).poi for c in hand[:2])
        assert mine == ["fast_food", "fine_dining"] and all(dot_of(c) == PARTY_COLOURS[seat] for c in hand[:2])
        assert len(hand) == 3
    assert all("fast_food" in state.pois[p] for p in ("P1", "P2", "P3", "P4"))


def test_long_layover_uses_only_sides_that_draw_cards() -> None:
    from engine.planes.sides import side

    state = start("long_layover", players=4)
    assert all(side(p.side).draws_cards for p in state.planes)


def test_divide_and_conquer_spreads_each_party_and_uses_wild_planes() -> None:
    state = start("divide_and_conquer", players=4)
    assert all(p.colour == "wild" for p in state.planes if p.gate.startswith("N"))
    for k in range(1, 5):
        colour_home = next(c for c in state.cubes[f"P{k}"])
        assert state.cubes[f"P{k}"] == {colour_home: 2}
        others = {c for c in PARTY_COLOURS if c != colour_home}
        # That colour has one cube on the first space of every other terminal.
        firsts = [f"E{j}" for j in range(1, 5) if j != k]
        assert all(state.cubes[f][colour_home] == 1 for f in firsts)
        assert set(state.cubes[f"E{k}"]) == {*others, "grey"}
    total = {c: sum(s.get(c, 0) for s in state.cubes.values()) for c in PARTY_COLOURS}
    assert total == dict.fromkeys(PARTY_COLOURS, 5)


def test_lost_and_found_sets_the_cards_aside_and_a_move_ending_there_picks_one_up() -> None:
    state = start("lost_and_found", players=2, cards="base")
    assert len(state.set_aside) == 20 and not any(card(c).poi for d in state.decks for c in d)
    # Red ends a move on H1 (Restroom and Fine Dining): two kinds, so red chooses.
    state.cubes = {"F2": {"red": 1}, "P2": {"blue": 5}}
    state.phase, state.turn, state.hands = "move", 0, [[], []]
    state = run(state, "from:F2", "stop:H1", "confirm")
    assert state.follow == "lost_found"
    assert option_ids(state) == ["poi:restroom", "poi:fine_dining"]
    state = run(state, "poi:fine_dining")
    (found,) = state.hands[0]
    assert card(found).poi == "fine_dining" and dot_of(found) == "red" and found not in state.set_aside
    assert len(state.set_aside) == 19


def test_lost_and_found_a_single_kind_is_picked_up_at_once_and_only_once() -> None:
    state = start("lost_and_found", players=2, cards="expansion")
    state.cubes = {"H1": {"red": 1}, "P1": {"blue": 5}}
    state.phase, state.turn, state.hands = "move", 0, [[], []]
    state = run(state, "from:H1", "stop:H2", "confirm")  # H2: Fast Food only
    assert [card(c).poi for c in state.hands[0]] == ["fast_food"]
    waiting = list(state.set_aside)
    state.cubes = {"H1": {"red": 1}, "P1": {"blue": 5}}
    state.phase, state.turn, state.moves_left = "move", 0, 1
    state = run(state, "from:H1", "stop:H2", "confirm")
    assert state.set_aside == waiting  # red's fast food card is already taken
