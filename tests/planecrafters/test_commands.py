"""Typed commands: one line of steps, each matched against what the buttons offer at that point."""

from __future__ import annotations

import pytest

from engine.core.contract import IllegalAction
from engine.core.typed import commands_for, play_line
from engine.planecrafters import choices
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from tests.planecrafters.helpers import at, build, do, find, give, hand, pull, start

TYPED = commands_for(GAME)
"""The game's typed moves."""


def test_a_whole_turn_in_one_line() -> None:
    s = start()
    nose = find("Cloud Mule", "nose")
    hand(s, 0, [nose])
    line = "hire technician; go; take 2; take stack; play cloud mule nose; end"
    typed = TYPED.parse_command(s, 0, line)
    # After the hire nothing is left to do in the Hire step, which goes on by itself: the typed 'go' is kept as
    # harmless so the line reads as players think of their turn. Taking a face-up card turns the stack's top card
    # up in its place, so the line is read no further until that has happened for real.
    assert typed.ids == ["hire:technician", "take:1"]
    assert typed.rest == "take stack; play cloud mule nose; end"
    s, ids = play_line(GAME, s, 0, line)
    assert ids[:3] == ["hire:technician", "take:1", "take:stack"]
    assert ids[3] == f"play:{nose}:0:nose" and ids[-1] == "cleanup"
    assert s.turn == 1 and s.planes[0][0].parts == {"nose": nose}


def _stack_top(s: PCState, cards: list[str]) -> PCState:
    """`s` with `cards` on top of the stack (drawn first), the rest of the stack as it was."""
    s = s.model_copy(deep=True)
    for card in cards:
        pull(s, card)
    s.stack[:0] = cards  # the stack is drawn from its front
    return s


def test_reading_a_line_stops_at_a_draw_and_shows_nothing_it_would_draw() -> None:
    # "go; take stack; take stack; " once completed to builds of exactly the two hidden cards on top of
    # the stack, and a wrong last step was refused with a list of them.
    s = start()
    gilded = _stack_top(s, [find("Gilded Goose", "fuselage"), find("Gilded Goose", "nose")])
    other = _stack_top(s, [find("Tin Dragonfly", "tail"), find("Cloud Mule", "lwing")])
    for line in ("go; take stack; ", "go; take stack; take stack; ", "go; take stack; take stack; b"):
        assert TYPED.command_suggestions(gilded, 0, line) == [] == TYPED.command_suggestions(other, 0, line)
    line = "go; take stack; take stack; build gilded goose fuselage"
    typed = TYPED.parse_command(gilded, 0, line)
    assert typed == TYPED.parse_command(other, 0, line)
    assert typed.ids == ["acquire", "take:stack"] and typed.rest == "take stack; build gilded goose fuselage"
    # Played for real, the rest is read once each card is in the hand, where its player sees it.
    gilded, _ = do(gilded, 0, "acquire", "take:stack", "take:stack")
    assert [o for o in TYPED.command_suggestions(gilded, 0, "build gilded") if "Gilded Goose fuselage" in o]


def test_a_typed_line_never_does_what_the_buttons_could_not() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="not on offer"):
        TYPED.parse_command(s, 0, "take 1; sell")
    with pytest.raises(IllegalAction, match="not your turn"):
        TYPED.parse_command(s, 1, "go")
    s.crowns[0] = 20
    with pytest.raises(IllegalAction, match="could mean"):
        TYPED.parse_command(s, 0, "hire t")


def test_end_with_a_plane_to_sell_asks_for_the_sale_first() -> None:
    s = at(start(), "flyer")
    build(s, 0, {k: find("Tin Dragonfly", k) for k in ("nose", "lwing", "rwing", "tail")})
    with pytest.raises(IllegalAction, match="sell"):
        TYPED.parse_command(s, 0, "end")
    # Once the only plane is sold, the Buyer step's one choice (clean up) is taken by itself; the typed 'end' is
    # then harmless.
    assert TYPED.parse_command(s, 0, "go; sell 1; end").ids == ["buyer", "sell:0"]
    s, _ = do(s, 0, "buyer", "sell:0")
    assert s.turn == 1


def test_suggestions_complete_the_step_being_typed() -> None:
    s = start()
    s.crowns[0] = 6
    assert "Hire Spy for 5" in TYPED.command_suggestions(s, 0, "hire sp")
    after = TYPED.command_suggestions(s, 0, "go; take")
    # Four face-up cards and the stack, each label once: two face-up Spare Parts are one suggestion (either is
    # the same card to take, and the label typed back takes the first).
    labels = {f"go; {o.label}" for o in choices.options(s, [f"take:{n}" for n in range(4)] + ["take:stack"])}
    assert len(labels) == 4, "the seed deals two face-up Spare Parts"
    assert after and all(x.startswith("go; Take ") for x in after) and sorted(after) == sorted(labels)
    assert TYPED.command_suggestions(s, 1, "go") == []


def test_a_third_take_is_the_logisticians_draw() -> None:
    s = start()
    give(s, 0, "logistician")
    s, ids = play_line(GAME, s, 0, "go; take stack; take stack; take stack")
    assert ids == ["acquire", "take:stack", "take:stack", "logistician", "take:stack"]
    assert s.step == "flyer" and len(s.hands[0]) == 6


def test_an_absurdly_long_number_is_refused_with_a_sentence() -> None:
    s = at(start(), "acquire")
    with pytest.raises(IllegalAction, match="not on offer"):
        TYPED.parse_command(s, 0, "take " + "9" * 5000)


def test_two_builds_of_the_same_words_are_told_apart_by_their_order() -> None:
    # "Build Copper Heron tail … (replaces Copper Heron)" holds every word of "Build Puddle Jumper
    # tail … (replaces Copper Heron)", so a reader of word sets refused the suggestion it had offered.
    s = at(start(), "flyer")
    build(s, 0, {"tail": find("Copper Heron", "tail")})
    heron, jumper = find("Copper Heron", "tail", 1), find("Puddle Jumper", "tail")
    hand(s, 0, [jumper, heron])
    suggested = TYPED.command_suggestions(s, 0, "build")
    assert suggested == ["Build Puddle Jumper tail into plane 1 (replaces Copper Heron)",
                         "Build Copper Heron tail into plane 1 (replaces Copper Heron)"]
    assert [TYPED.parse_command(s, 0, line).ids for line in suggested] == [[f"play:{jumper}:0:tail"],
                                                                            [f"play:{heron}:0:tail"]]
    # Typed short, the words count in their order where that tells the two apart ("copper heron tail into" is
    # the part built, not the part replaced), and a step they both hold in order is asked about.
    assert TYPED.parse_command(s, 0, "build copper heron tail into").ids == [f"play:{heron}:0:tail"]
    assert TYPED.parse_command(s, 0, "build jumper").ids == [f"play:{jumper}:0:tail"]
    # The replaced part is named by its model alone, so "copper heron tail" in that order is the part built.
    assert TYPED.parse_command(s, 0, "build copper heron tail").ids == [f"play:{heron}:0:tail"]
    with pytest.raises(IllegalAction, match="could mean"):
        TYPED.parse_command(s, 0, "build copper heron")
