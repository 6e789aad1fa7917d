"""Every action card kind of both decks has its entry in `actions.ACTIONS`, as every goal kind has one in
`goals.GOALS`: a kind the card files name but no entry handles would fail only when that card is played."""

from __future__ import annotations

from engine.planes.actions import ACTIONS
from engine.planes.cards import ACTION_KINDS, GOAL_KINDS, RT_ACTION_KINDS, RT_GOAL_KINDS
from engine.planes.goals import GOALS


def test_every_card_kind_has_its_entry_and_no_entry_lacks_a_card() -> None:
    assert set(ACTIONS) == ACTION_KINDS | RT_ACTION_KINDS
    assert set(GOALS) == GOAL_KINDS | RT_GOAL_KINDS
