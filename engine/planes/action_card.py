"""What one kind of action card does, as data: each deck's module lists its kinds (actions.py the base game's,
actions_rt.py Round Trip's) and `actions.ACTIONS[kind]` finds any of them, as `goals.GOALS[kind]` does for goals. A new
card kind is one entry there, not a branch in every function that asks what a card does."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.contract import Event
from engine.planes.state import PlanesState

Drawer = Callable[[int, int], list[Event]]
"""`draw(seat, n)`: draws up to n cards into that seat's hand and returns the events."""


@dataclass(frozen=True, slots=True)
class ActionCard:
    play: Callable[[PlanesState, int, Drawer], list[Event]]
    """What the card does at once, once it is in play and the phase is already 'move': its events. A card that asks
    for more (a space, a card to throw away) opens that follow-up here."""
    why_not: Callable[[PlanesState, int], str | None] | None = None
    """Why the seat may not play it now, in a sentence, or None when it may; no function: it always may."""


def sets(field: str, value: object) -> ActionCard:
    """A card whose whole effect is one rule for this turn's move (a state field set until the turn ends)."""

    def play(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
        setattr(state, field, value)
        return []

    return ActionCard(play)


def ask(state: PlanesState, follow: str) -> None:
    """Open the follow-up choice `follow` (a space, a card, ...) that the card in play needs."""
    state.phase = "follow"
    state.follow = follow
    state.picks = []
