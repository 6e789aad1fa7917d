"""The view: the documented keys, hidden hands and deck, and the per-card 'scorable' flag; decision limits."""

from __future__ import annotations

import json

from engine.core.ai.random_ai import pick
from engine.core.checks.conformance import leaks, strings_in
from engine.core.play import apply, new_game
from engine.core.rng import Rng
from engine.core.rules_pages import rules
from engine.planes.fixtures import build_airport, build_state, run
from engine.planes.game import GAME
from engine.planes.state import PlanesState

PUBLIC_KEYS = {"game", "airport", "pois", "cubes", "planes", "cones", "track", "track_end", "seats", "deck",
               "discard", "decks", "discards", "turn", "phase", "turns", "action", "effects", "move", "last_path",
               "end", "winners", "round_trip", "set_aside", "draft", "scenario"}


def test_public_view_has_the_documented_shape() -> None:
    state = new_game(GAME, 3, 5, {"airport": "practice", "start": "1"})
    view = GAME.view(state, None)
    assert set(view) == PUBLIC_KEYS
    assert view["cubes"]["P1"] == {"red": 5, "blue": 0, "green": 0, "yellow": 0, "grey": 0}
    assert "G1" not in view["cubes"]
    assert view["planes"][0] == {"gate": "G1", "colour": "red", "slots": [], "capacity": 5, "side": "5vp",
                                 "owner": 0, "placed": [], "title": "Classic: 5 VP a cube",
                                 "rewards": [{"cards": 0, "tokens": 0, "stars": 5}] * 5}
    assert view["seats"][1]["colour"] == "blue" and view["seats"][1]["hand_size"] == 3
    assert view["track"] == 0 and view["track_end"] == 12 and view["deck"] == 60 - 9
    json.dumps(view)


def test_hands_and_deck_stay_hidden_from_everyone_else() -> None:
    state = new_game(GAME, 4, 5, {"airport": "practice"})
    assert isinstance(state, PlanesState)
    public = strings_in(GAME.view(state, None))
    for seat, hand in enumerate(state.hands):
        assert not set(hand) & public
        mine = strings_in(GAME.view(state, seat))
        assert set(hand) <= mine
        for other, theirs in enumerate(state.hands):
            if other != seat:
                assert not set(theirs) & mine
    assert not set(state.decks[0]) & public
    assert leaks(GAME, state) == []


def test_private_hand_lists_both_halves_and_whether_the_goal_can_score_now() -> None:
    board = build_airport("v1", {"A": ["B"]})
    state = build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R04", "card:R02"], []])
    hand = GAME.view(state, 0)["hand"]
    assert [h["card"] for h in hand] == ["card:R04", "card:R02"]
    assert hand[0]["scorable"] is True and hand[1]["scorable"] is False
    assert hand[0]["vp"] == 1 and hand[0]["action"] and hand[0]["goal"]


def test_move_in_progress_and_last_path_are_shown() -> None:
    board = build_airport("v2", {"A": ["B"], "B": ["C"]})
    state = build_state(board, cubes={"A": {"red": 2, "grey": 1}})
    state = run(state, "from:A", "drop:B:grey")
    move = GAME.view(state, None)["move"]
    assert move["origin"] == "A" and move["path"] == ["B"] and move["active"] == ["red", "red"]
    state = run(state, "stop:C", "confirm")
    view = GAME.view(state, None)
    assert view["move"] is None and view["last_path"] == ["A", "B", "C"]


def test_the_shortcut_shows_as_in_force_only_until_it_is_used() -> None:
    board = build_airport("v3", {"A": ["B"], "B": ["C"], "C": ["D"], "D": []}, pois={"C": ["fast_food"]})
    state = build_state(board, cubes={"A": {"red": 1}}, hands=[["card:R05", "card:R02"], []])
    state = run(state, "card:R05", "from:A")
    assert GAME.view(state, None)["effects"] == ["skip"]
    state = run(state, "skip:B")
    assert GAME.view(state, None)["effects"] == []  # passed over B: nothing left to pass over
    state = run(state, "stop:C", "confirm")
    assert state.phase == "goal" and GAME.view(state, None)["effects"] == []


def test_decisions_fit_discord_limits_over_a_random_game() -> None:
    state = new_game(GAME, 4, 3, {"airport": "practice"})
    chooser = Rng.seeded(9)
    for _ in range(1500):
        decisions = GAME.pending(state)
        if not decisions:
            break
        for d in decisions:
            assert len(d.options) <= 25
            for o in d.options:
                assert len(o.id) <= 60 and len(o.label) <= 80 and len(o.detail) <= 100
        d = decisions[0]
        state, _ = apply(GAME, state, d.seat, pick(d, chooser))


def test_rules_pages_cover_the_topics() -> None:
    pages = rules(GAME)
    assert list(pages)[0] == "overview"
    assert {"turn", "move", "boarding", "blockages", "end", "cards", "options", "typed moves"} <= set(pages)


def test_rules_pages_explain_the_round_trip_expansion() -> None:
    """`/game rules` has the expansion's pages: its modules, the plane sides and their slot tiles, the two airports
    with the tram, every scenario by name, and the new cards."""
    from engine.planes.scenarios import scenarios

    pages = rules(GAME)
    assert {"round trip", "planes", "new airports", "scenarios", "new cards"} <= set(pages)
    assert all(sc.title in pages["scenarios"] for sc in scenarios().values())
    assert "Azure" in pages["new airports"] and "Beacon" in pages["new airports"]
    assert "tram" in pages["new airports"].lower()
