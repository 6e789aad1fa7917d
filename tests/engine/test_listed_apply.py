"""A game's fast path (`Game.apply_fast`, given the legal options its caller already listed: what
`engine.core.play.apply_in_place` calls) ends exactly where its plain `apply` ends: the same state and events for a
legal choice, the same sentence for an illegal one, and the caller's state untouched either way. And the options a
game hands back on the way (`after`) are those `legal` and `pending` list afterwards."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import registry
from engine.core import Game, GameState, IllegalAction, LoggedAction, apply, dump_state
from engine.core.ai.selfplay import playout
from engine.core.contract import Event, ListedGame, Offer
from engine.core.play import apply_in_place, legal
from tests.support.tables import players_near


def _outcome(name: str, state: GameState, seat: int, choice: str, listed: bool) -> str:
    game = registry.get(name)
    before = dump_state(state)
    try:
        after, events = apply(game, state, seat, choice, legal(game, state) if listed else None)
    except IllegalAction as exc:
        outcome = f"refused: {exc.sentence}"
    else:
        outcome = f"{dump_state(after)} {[e.model_dump() for e in events]}"
    assert dump_state(state) == before, "apply changed its caller's state"
    return outcome


def _applied(state: GameState, run: Callable[[GameState], list[Event]]) -> str:
    """What one of the game's own entry points makes of a copy of `state`: the state and events, or the refusal."""
    mine = state.model_copy(deep=True)
    try:
        events = run(mine)
    except IllegalAction as exc:
        return f"refused: {exc.sentence}"
    return f"{dump_state(mine)} {[e.model_dump() for e in events]}"


@pytest.mark.parametrize("name", registry.names())
def test_the_fast_path_ends_where_apply_ends(name: str) -> None:
    """Called directly, past `engine.core.play`: for every choice made in a policy game, a choice made a moment
    before, one that is nonsense and the right choice by the wrong seat."""
    game = registry.get(name)
    states: list[tuple[GameState, LoggedAction]] = []
    players = players_near(game)
    playout(game, players, 17, on_step=lambda before, action, _: states.append((before, action)))
    previous = "nonsense"
    for state, action in states[::3]:
        offers = legal(game, state)
        for who, choice in [(action.seat, action.choice), (action.seat, previous), (action.seat, "nonsense"),
                            ((action.seat + 1) % players, action.choice)]:
            if not any(o.seat == who for o in offers):
                continue  # play refuses a seat with nothing open before the game sees the choice
            plain = _applied(state, lambda s, w=who, c=choice: game.apply(s, w, c))
            fast = _applied(state, lambda s, w=who, c=choice: game.apply_fast(s, w, c, legal(game, s), []))
            assert fast == plain, (name, who, choice)
        previous = action.choice


@pytest.mark.parametrize("name", registry.names())
def test_listed_decisions_change_nothing_legal_or_not(name: str) -> None:
    game = registry.get(name)
    states: list[tuple[GameState, LoggedAction]] = []
    players = players_near(game)
    playout(game, players, 11, on_step=lambda before, action, _: states.append((before, action)))
    previous = "nonsense"
    for state, action in states[::3]:
        seat = action.seat
        tries = [(seat, action.choice), (seat, previous), (seat, "nonsense"), ((seat + 1) % players, action.choice)]
        for who, choice in tries:
            assert _outcome(name, state, who, choice, True) == _outcome(name, state, who, choice, False)
        previous = action.choice


def _every_other_step(game: Game, seed: int) -> list[tuple[GameState, LoggedAction]]:
    """Every other (state, choice made in it) of a policy game of 3 seats (or as near as the game takes)."""
    states: list[tuple[GameState, LoggedAction]] = []
    playout(game, players_near(game), seed, on_step=lambda before, action, _: states.append((before, action)))
    return states[::2]


@pytest.mark.parametrize("name", registry.names())
def test_applied_in_place_it_ends_where_apply_ends_and_hands_back_what_legal_lists(name: str) -> None:
    game = registry.get(name)
    handed_back = 0
    for state, action in _every_other_step(game, 13):
        mine = state.model_copy(deep=True)
        after: list[Offer] = []
        apply_in_place(game, mine, action.seat, action.choice, legal(game, state), after)
        expected, _ = apply(game, state, action.seat, action.choice)
        assert dump_state(mine) == dump_state(expected)
        listed = [(d.seat, d.kind, [o.id for o in d.options]) for d in game.pending(expected)]
        assert [(o.seat, o.kind, o.ids) for o in legal(game, expected)] == listed
        if after:
            handed_back += 1
            assert [(o.seat, o.kind, o.ids) for o in after] == listed
    # A game that lists ids apart from labels (a ListedGame) lists the next options on the way, and hands them back.
    assert handed_back or not isinstance(game, ListedGame), "the game hands back the options it listed on the way"
