"""Typed moves for pilots (/game play): a line of steps, each matched against the pilot's own buttons."""

from __future__ import annotations

import re

import pytest

from engine.core.contract import IllegalAction
from engine.core.play import apply, new_game
from engine.core.typed import commands_for, play_line
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.now_boarding.helpers import act, bare, pax

TYPED = commands_for(GAME)
"""The game's typed moves."""


def test_a_whole_flight_in_one_line() -> None:
    st = bare()
    card = pax("ATL", "MIA")
    card.face_up = True
    for pile in st.piles:
        if card.id in pile:
            pile.remove(card.id)  # the piles hold one of each trip: this one waits at ATL instead
    st.airports["ATL"].append(card)
    typed = TYPED.parse_command(st, 0, "board atl mia; fly to mia; deliver atl mia; done")
    assert typed.ids == ["board:pax:ATL>MIA", "fly:MIA", "drop:pax:ATL>MIA", "done"] and typed.rest == ""
    after, _ = act(st, 0, *typed.ids)
    assert after.planes[0].at == "MIA" and after.planes[0].delivered == 1
    assert 0 not in {d.seat for d in GAME.pending(after)}  # Done for this round


def test_fly_to_an_airport_by_its_code_or_to_a_space_by_its_button_words() -> None:
    st = bare()
    assert TYPED.parse_command(st, 0, "fly MIA").ids == ["fly:MIA"]
    assert TYPED.parse_command(st, 0, "Fly to jfk").ids == ["fly:JFK"]
    # Orange at LAX: the third space out toward Dallas, named as its button names it.
    assert TYPED.parse_command(st, 1, "fly 3 spaces out of lax on lax dfw").ids == ["fly:DFW-LAX.1"]
    assert TYPED.parse_command(st, 1, "Fly 3 spaces out of LAX on LAX\u2013DFW (3 moves)").ids == ["fly:DFW-LAX.1"]


def test_a_line_moves_only_its_own_pilot_and_refuses_what_the_buttons_would() -> None:
    st = bare()
    with pytest.raises(IllegalAction, match="not on offer"):
        TYPED.parse_command(st, 0, "fly sfo")  # across the map
    with pytest.raises(IllegalAction, match="could mean"):
        TYPED.parse_command(st, 0, "fly 1 space")
    with pytest.raises(IllegalAction, match="nothing to choose before 'fly mia'"):
        TYPED.parse_command(st, 0, "done; fly mia")
    done, _ = act(st, 0, "done")
    with pytest.raises(IllegalAction, match="nothing to choose right now"):
        TYPED.parse_command(done, 0, "fly mia")
    assert TYPED.parse_command(done, 1, "fly sfo").ids == ["fly:SFO"]  # the other pilot still flies


def test_suggestions_are_the_pilots_own_buttons() -> None:
    st = bare()
    assert "Fly to MIA (2 moves)" in TYPED.command_suggestions(st, 0, "fly m")
    assert TYPED.command_suggestions(st, 0, "fly mia; d") == ["fly mia; Done for this round"]
    assert not any("LAX" in s for s in TYPED.command_suggestions(st, 0, "fly"))  # green is at ATL, orange at LAX


def test_buying_in_maintenance_by_typing() -> None:
    st = bare(3)
    st.planes[0].money = [pax("JFK", "LAX")]
    for seat in range(3):
        st, _ = act(st, seat, "done")
    assert isinstance(st, NBState) and st.phase == "maintenance"
    assert "Buy speed 4 for $5" in TYPED.command_suggestions(st, 0, "buy")
    with pytest.raises(IllegalAction, match="could mean"):
        TYPED.parse_command(st, 0, "buy speed")  # speed 4, or the temporary speed token?
    st, ids = play_line(GAME, st, 0, "buy speed 4; done")
    assert ids == ["buy:speed", "done"] and st.planes[0].speed == 4


def test_two_flights_of_the_same_words_in_another_order_are_told_apart() -> None:
    # "Fly 1 space out of DEN on DEN–SFO" and "... out of SFO on SFO–DEN" hold the same words, so a reader
    # of word sets refused both suggestions it had offered.
    from engine.core.ai.selfplay import playout
    from engine.core.typed import words

    run = playout(GAME, 3, 1)
    state, pair = new_game(GAME, 3, 1, run.state.options), None
    for action in run.actions:
        for d in GAME.pending(state):
            flights = [o for o in d.options if o.label.startswith("Fly ") and " out of " in o.label]
            pair = next(((d.seat, a, b) for a in flights for b in flights
                         if a.id != b.id and set(words(a.label)) == set(words(b.label))), None)
            if pair:
                break
        if pair:
            break
        state, _ = apply(GAME, state, action.seat, action.choice)
    assert pair is not None, "the playout never offers two such flights"
    seat, first, second = pair
    assert {first.label, second.label} <= set(TYPED.command_suggestions(state, seat, "fly"))
    assert TYPED.parse_command(state, seat, first.label).ids == [first.id]
    assert TYPED.parse_command(state, seat, second.label).ids == [second.id]
    # Typed short: "fly 1 den sfo" is out of DEN on DEN–SFO, the words in the order its label has them.
    found = re.search(r"Fly (\d+) spaces? out of (\w+) on \w+–(\w+)", first.label)
    assert found is not None, first.label
    assert TYPED.parse_command(state, seat, "fly {} {} {}".format(*found.groups())).ids == [first.id]
