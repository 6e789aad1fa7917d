"""Hand-built Flight Plan positions: a game already in regular play, with airlines set up field by field."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.play import apply, new_game
from engine.flight_plan.game import GAME
from engine.flight_plan.state import FPState

QUIET = "b49"
"""A briefing that only pays its drawer $10M: for tests about something else."""


def play_state(players: int = 3, cash: int = 500, seed: int = 1) -> FPState:
    """Regular play, seat 0 to act at step 'action', every airline with `cash` and nothing else, planes in London."""
    st = new_game(GAME, players, seed, {})
    assert isinstance(st, FPState)
    st.phase, st.step, st.turn, st.round = "play", "action", 0, 1
    st.dealt = [[] for _ in range(players)]
    for a in st.airlines:
        a.cash, a.city, a.turns_played = cash, "LON", 1
    return st


def give(st: FPState, seat: int, routes: tuple[int, ...] = (), fleets: tuple[str, ...] = (),
         hubs: tuple[str, ...] = ()) -> None:
    a = st.airlines[seat]
    a.routes += list(routes)
    a.fleets += list(fleets)
    a.hubs += list(hubs)


def stack(st: FPState, *designs: str) -> None:
    """Put briefing cards (by design id, e.g. 'b01') on top of the deck, first one drawn first."""
    ids = []
    for d in designs:
        card = next(c for c in st.deck + st.discard if c.startswith(f"brief:{d}-") and c not in ids)
        ids.append(card)
        if card in st.deck:
            st.deck.remove(card)
        else:
            st.discard.remove(card)
    st.deck = ids + st.deck


def play(st: FPState, seat: int, *choices: str) -> tuple[FPState, list[Event]]:
    events: list[Event] = []
    for choice in choices:
        st, new = apply(GAME, st, seat, choice)  # type: ignore[assignment]
        events += new
    assert isinstance(st, FPState)
    return st, events


def ids(st: FPState, seat: int | None = None) -> set[str]:
    return {o.id for d in GAME.pending(st) if seat is None or d.seat == seat for o in d.options}


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
