"""The arena lets a seat answer the player whose turn it is before that turn goes on, as an AI seat does on
Discord: played strictly in listing order, an offer would lapse unanswered at the end of every turn."""

from __future__ import annotations

from engine.core.ai.arena import answer_first
from engine.core.play import new_game
from engine.flight_plan.game import GAME
from engine.flight_plan.state import Offer
from engine.now_boarding.game import GAME as NOW_BOARDING
from tests.flight_plan.helpers import give, play_state


def test_an_offer_is_answered_before_the_turn_goes_on() -> None:
    st = play_state(players=3)
    give(st, 1, routes=(11,))
    st.offer = Offer(seller=1, buyer=0, assets=["route:11"], price=45, to=1)
    decisions = GAME.pending(st)
    assert [d.seat for d in decisions] == [0, 1], "the turn's player first, then the answer"
    assert answer_first(GAME, decisions).kind == "offer"
    st.offer = None
    assert answer_first(GAME, GAME.pending(st)).seat == 0, "no answer waiting: the turn goes on"


def test_a_game_where_everyone_chooses_at_once_keeps_its_order() -> None:
    st = new_game(NOW_BOARDING, 3, 1, {})
    decisions = NOW_BOARDING.pending(st)
    assert len(decisions) == 3, "every pilot chooses a plane at once"
    assert answer_first(NOW_BOARDING, decisions) is decisions[0]
