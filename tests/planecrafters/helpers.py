"""Hand-built Planecrafters positions for rule tests."""

from __future__ import annotations

from engine.core.play import apply, new_game
from engine.planecrafters.data import catalog, employee_kind
from engine.planecrafters.game import GAME
from engine.planecrafters.state import PCState, Plane


def start(players: int = 2, seed: int = 1, **options: str) -> PCState:
    state = new_game(GAME, players, seed, options)
    assert isinstance(state, PCState)
    return state


def give(state: PCState, seat: int, kind: str) -> None:
    """Hand seat an employee from the pool without paying (a test-only shortcut)."""
    emp = next(e for e in state.pool if employee_kind(e) == kind)
    state.pool.remove(emp)
    state.staff[seat].append(emp)


def find(model: str = "", slot: str = "", skip: int = 0) -> str:
    """A card id by model and slot (slot 'spare' for a Spare Part)."""
    hits = [p.id for p in catalog().parts.values() if p.slot == slot and (slot == "spare" or p.model == model)]
    return hits[skip]


def pull(state: PCState, card: str) -> str:
    """Take a card out of wherever it is (stack, depot, hands, planes) so a test can put it where it likes."""
    if card in state.stack:
        state.stack.remove(card)
    for i, c in enumerate(state.depot):
        if c == card:
            state.depot[i] = state.stack.pop()
    for hand in state.hands:
        if card in hand:
            hand.remove(card)
    return card


def hand(state: PCState, seat: int, cards: list[str]) -> None:
    for c in state.hands[seat]:
        state.stack.append(c)
    state.hands[seat] = [pull(state, c) for c in cards]


def build(state: PCState, seat: int, parts: dict[str, str], index: int = 0) -> None:
    while len(state.planes[seat]) <= index:
        state.planes[seat].append(Plane())
    state.planes[seat][index] = Plane(parts={s: pull(state, c) for s, c in parts.items()})


def do(state: PCState, seat: int, *choices: str) -> tuple[PCState, list[str]]:
    texts: list[str] = []
    for choice in choices:
        new, events = apply(GAME, state, seat, choice)
        assert isinstance(new, PCState)
        state = new
        texts += [e.text for e in events]
    return state, texts


def ids(state: PCState) -> list[str]:
    return [o.id for o in GAME.pending(state)[0].options]


def at(state: PCState, step: str) -> PCState:
    """Jump the active seat to a step with fresh per-turn counters."""
    state.step = step
    if step == "flyer":
        state.plays_left = 2
    return state


def plane_of(model: str, star: bool = False) -> dict[str, str]:
    slots = ["nose", "lwing", "rwing", "tail"] + (["fuselage"] if star else [])
    return {s: find(model, s) for s in slots}


def finish_turn(state: PCState) -> PCState:
    """From the Flyer step on: play nothing, sell nothing, discard the first cards, end the turn."""
    seat = state.turn
    while state.turn == seat and not state.over:
        options = ids(state)
        choice = "cleanup" if "cleanup" in options else "buyer" if "buyer" in options else options[0]
        state, _ = do(state, seat, choice)
    return state
