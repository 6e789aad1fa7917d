"""Two Planecrafters slips once found, each with its own regression test: the public panel (what the channel shows)
must be the same whatever a hand holds. Both are also caught by the conformance check (check_secrecy)."""

from __future__ import annotations

from engine.core.checks.conformance import secrecy_problems
from engine.core.panel import chooser_only, public_panel
from engine.core.play import apply
from engine.core.rng import Rng
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState
from tests.planecrafters.helpers import at, build, find, give, hand, start

NORMAL = find("Cloud Mule", "tail")
SPARE = find(slot="spare")


def flyer(cards: list[str], plays_left: int = 2, manager: bool = False) -> PCState:
    s = at(start(), "flyer")
    s.plays_left = plays_left
    build(s, 0, {"nose": find("Red Sparrow", "nose")})
    if manager:
        give(s, 0, "factorymanager")
    hand(s, 0, cards)
    return s


def test_playing_a_hand_card_builds_it_in_one_click_so_no_step_tells_its_kind() -> None:
    # Before: a Spare Part asked "Onto which plane...?" or "Where does that part go?", a normal part was built at
    # once; taking the card back then told the table what it was.
    for cards in ([NORMAL], [SPARE], [NORMAL, SPARE]):
        s = flyer(cards)
        decision = GAME.pending(s)[0]
        for i in chooser_only(GAME, s, decision):
            after, events = apply(GAME, s, 0, decision.options[i].id)
            # Back at the Flyer step, or (the hand now empty, nothing to sell) the turn cleaned up by itself.
            assert isinstance(after, PCState) and (after.step == "flyer" or after.turn == 1)
            assert any(e.private_to is None and "built" in e.text for e in events)
        assert secrecy_problems(GAME, s, Rng.seeded(1)) == []


def test_a_factory_managers_build_step_looks_the_same_whatever_the_hand() -> None:
    panels = []
    for cards in ([NORMAL], [SPARE]):
        s, _ = apply(GAME, flyer(cards, manager=True), 0, "build:0")
        assert secrecy_problems(GAME, s, Rng.seeded(2)) == []
        panels.append(public_panel(GAME, s))
    assert panels[0] == panels[1]
    assert [o.label for o in panels[0][0].options] == ["Choose another plane"] and panels[0][0].private


def test_show_my_choices_is_there_whether_or_not_the_hand_holds_a_spare_part() -> None:
    # Before: with the plays used up, only a Spare Part could be played, so the button showed exactly when the hand
    # held one (and the public buttons' indices counted them).
    with_spare, without = public_panel(GAME, flyer([SPARE], 0)), public_panel(GAME, flyer([NORMAL], 0))
    assert with_spare == without
    assert with_spare[0].private and [o.index for o in with_spare[0].options] == [0]
    assert secrecy_problems(GAME, flyer([NORMAL], 0), Rng.seeded(3)) == []


def test_an_empty_hand_has_no_show_my_choices() -> None:
    assert not public_panel(GAME, flyer([], 0))[0].private


def test_redeal_keeps_what_the_seat_sees_and_changes_the_rest() -> None:
    s = start(3)
    rng = Rng.seeded(4)
    for seat in (None, 0, 1, 2):
        other = GAME.redeal_hidden(s, seat, rng)
        assert isinstance(other, PCState)
        assert GAME.view(other, seat) == GAME.view(s, seat)
        assert [len(h) for h in other.hands] == [len(h) for h in s.hands] and len(other.stack) == len(s.stack)
        assert other.stack != s.stack, "the stack's order is hidden from everyone"
        if seat is not None:
            assert other.hands[seat] == s.hands[seat]
        else:
            assert other.hands != s.hands
    assert s == start(3), "the state handed in is unchanged"
