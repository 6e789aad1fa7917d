"""Round Trip data files: plane sides, the 60 new cards, the scenario presets and the two new airports, each checked
against what the rulebook states (the numbers and layouts themselves are our own design)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.planes.board import SpaceKind, airport
from engine.planes.cards import ROUND_TRIP_FILE, CardFileError, card, full_deck, load_card_types
from engine.planes.scenarios import ScenarioFileError, load_scenarios, scenarios
from engine.planes.sides import SIDES_FILE, SideFileError, load_sides, side, sides
from engine.planes.terrain import airport_ids
from tests.planes.test_airports import distances


def test_every_side_loads_five_player_sides_and_seven_neutral_ones() -> None:
    loaded = load_sides()
    kinds = Counter(s.kind for s in loaded.values())
    assert kinds["player"] == 5 and kinds["neutral"] + kinds["wild"] == 7 and kinds["wild"] == 2
    assert all(len(s.slots) == 5 for s in loaded.values())
    assert "OUR OWN DESIGN" in SIDES_FILE.read_text()


def test_the_base_sides_keep_the_base_rewards() -> None:
    assert all(r.stars == 5 and not r.cards and not r.tokens for r in side("5vp").slots)
    assert all(r.cards == 2 and not r.stars and not r.tokens for r in side("draw2").slots)


def test_the_rulebook_examples_exist_among_the_sides() -> None:
    # "2 cards now, 3 points at the end" (player plane), "2 points and 1 card" (neutral), wild: 2 now, 2-4 later.
    assert any(r.cards == 2 and r.stars == 3 for s in sides().values() if s.kind == "player" for r in s.slots)
    assert any(r.cards == 1 and r.tokens == 2 for s in sides().values() if s.kind == "neutral" for r in s.slots)
    points = side("wild_points")
    assert all(r.tokens == 2 and 2 <= r.stars <= 4 for r in points.slots)
    # Neutral and wild sides never pay a neutral cube's owner (there is none) more than the mover gets at once...
    assert all(not r.stars for s in sides().values() if s.kind == "neutral" for r in s.slots)


def test_every_side_is_worth_about_five_a_slot() -> None:
    for s in sides().values():
        worth = sum(r.cards + r.tokens + r.stars for r in s.slots) / 5
        assert 2 <= worth <= 5.2, (s.id, worth)


def test_a_broken_side_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "sides.toml"
    bad.write_text(SIDES_FILE.read_text().replace('kind = "wild"', 'kind = "rocket"', 1))
    with pytest.raises(SideFileError, match=r"sides\.toml.*kind"):
        load_sides(bad)


def test_the_round_trip_deck_has_fifteen_cards_four_times() -> None:
    types = load_card_types(ROUND_TRIP_FILE)
    assert [t.number for t in types] == list(range(16, 31))
    assert [t.vp for t in types] == [1] * 5 + [2] * 5 + [3] * 5
    assert len(full_deck("expansion")) == 60 and len(set(full_deck("expansion"))) == 60
    assert len(set(full_deck("all"))) == 120
    assert sorted(t.poi for t in types if t.poi) == sorted(
        ["fast_food", "restroom", "gift_shop", "help_desk", "fine_dining"])
    assert "OUR OWN READING" in ROUND_TRIP_FILE.read_text()
    # Each carry-to-a-point-of-interest action shares its card with the goal about neutrals at that place.
    for t in types:
        if t.poi:
            assert t.poi in t.action_kind and t.poi in t.goal_kind


def test_a_round_trip_card_file_with_a_base_action_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / ROUND_TRIP_FILE.name
    bad.write_text(ROUND_TRIP_FILE.read_text().replace('"vp_token"', '"draw1"'))
    with pytest.raises(CardFileError, match="unknown action_kind"):
        load_card_types(bad)


def test_ids_of_both_decks_resolve() -> None:
    assert card("card:Y30").action_kind == "skip2" and card("card:R01").action_kind == "draw1"


def test_eight_scenarios_each_on_its_airport() -> None:
    loaded = load_scenarios()
    assert len(loaded) == 8
    assert Counter(s.airport for s in loaded.values()) == {"flying_cloud": 2, "zephyr": 2, "beacon": 2, "azure": 2}
    for sc in loaded.values():
        board = airport(sc.airport)
        for space in [*sc.set, *sc.add]:
            assert not board.space(space).is_gate, (sc.key, space)


def test_a_broken_scenario_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    from engine.planes.scenarios import SCENARIOS_FILE

    bad = tmp_path / "scen.toml"
    bad.write_text(SCENARIOS_FILE.read_text().replace('neutral_sides = ["wild_points"', 'neutral_sides = ["jet"', 1))
    with pytest.raises(ScenarioFileError, match=r"scen\.toml.*jet"):
        load_scenarios(bad)


def front(airport_id: str, gate: str) -> list[str]:
    return airport(airport_id).previous(gate)


def pois_after(key: str) -> dict[str, list[str]]:
    sc = scenarios()[key]
    board = airport(sc.airport)
    return sc.pois({s.id: [p.value for p in s.pois] for s in board.spaces if not s.is_gate})


def test_frequent_flyer_puts_food_and_restrooms_in_front_of_every_player_gate() -> None:
    after = pois_after("frequent_flyer")
    for g in ("G1", "G2", "G3", "G4"):
        for space in front("flying_cloud", g):
            assert {"fast_food", "restroom"} <= set(after[space])
    assert after["M1"] == after["M2"] == ["gift_shop", "help_desk"]


def test_business_as_usual_covers_dining_and_help_desks_but_adds_two_in_the_middle() -> None:
    after = pois_after("business_as_usual")
    holders = sorted(s for s, ps in after.items() if "help_desk" in ps)
    assert holders == ["M1", "M2"] and not any("fine_dining" in ps for ps in after.values())


def test_skymall_puts_a_gift_shop_in_front_of_every_player_gate() -> None:
    after = pois_after("skymall")
    for g in ("G1", "G2", "G3", "G4"):
        assert all("gift_shop" in after[s] for s in front("zephyr", g))
    (g1_front,) = front("zephyr", "G1")
    assert "help_desk" not in after[g1_front]  # covered by the new gift shop
    assert set(after["C"]) == {"fine_dining", "help_desk"}


def test_middle_of_nowhere_leaves_one_restroom_in_the_centre() -> None:
    after = pois_after("middle_of_nowhere")
    assert {s: ps for s, ps in after.items() if ps} == {"C": ["restroom"]}


def test_happy_hour_tokens_on_starts_and_before_the_neutral_planes() -> None:
    after = pois_after("happy_hour")
    board = airport("azure")
    for space in board.spaces:
        if space.kind is SpaceKind.START:
            assert "fast_food" in after[space.id]
        if space.kind is SpaceKind.NEUTRAL_GATE:
            assert all("fine_dining" in after[s] for s in board.previous(space.id))


def test_both_new_airports_are_offered() -> None:
    assert {"azure", "beacon"} <= set(airport_ids())


def test_azure_has_double_arrows_and_one_space_in_front_of_each_neutral_plane() -> None:
    board = airport("azure")
    doubles = [s.id for s in board.spaces if len([t for t in s.next if not board.space(t).is_gate]) == 2]
    assert len(doubles) >= 3
    neutral = [s for s in board.spaces if s.kind is SpaceKind.NEUTRAL_GATE]
    assert len(neutral) == 2
    assert all(len(board.previous(g.id)) == 1 for g in neutral)


def test_beacon_tram_joins_every_terminal_to_the_hub_and_back() -> None:
    board = airport("beacon")
    firsts = board.first_spaces()
    assert len(firsts) == 4 and sorted(board.space(f).terminal for f in firsts) == [1, 2, 3, 4]
    assert len([s for s in board.spaces if s.kind is SpaceKind.NEUTRAL_GATE]) == 4
    trams = [s for s in board.spaces if s.tram]
    hub_exit = [s for s in trams if s.terminal is None]
    assert len(hub_exit) == 1 and sorted(hub_exit[0].next) == sorted(firsts)
    hub_entry = {t for s in trams if s.terminal for t in s.next if not board.space(t).is_gate}
    assert len(hub_entry) == 1  # leaving any terminal always leads to the same hub space
    # Every space of a terminal reaches another terminal only through the hub.
    (entry,) = hub_entry
    for s in board.spaces:
        if s.terminal and not s.is_gate:
            reach = distances(board, s.id)
            others = [f for f in firsts if board.space(f).terminal != s.terminal]
            assert all(reach[f] > reach[entry] for f in others)
