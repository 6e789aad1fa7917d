"""Small hand-built Now Boarding positions for the rule tests."""

from __future__ import annotations

from engine.core.contract import TIMEOUT, Event
from engine.core.play import apply
from engine.now_boarding.data import catalog
from engine.now_boarding.game import GAME
from engine.now_boarding.setup import deal, plane_colours, take_plane
from engine.now_boarding.state import NBState, Pax, Token


def pax(origin: str, dest: str, anger: int = 0, vip: str = "", stage: int = -1) -> Pax:
    card_id = f"vip:{vip}" if vip else f"pax:{origin}>{dest}"
    return Pax(id=card_id, origin=origin, dest=dest, fare=catalog().fares[origin][dest], anger=anger, vip=vip,
               stage=stage)


def bare(players: int = 2, options: dict[str, str] | None = None) -> NBState:
    """A flight phase with empty airports, no weather, every plane ready at its home airport with speed 3 and one
    seat (the suggested planes: green, orange, red, then blue on the large map, purple last), and plenty left in the
    piles (so a maintenance draws rather than ending the game)."""
    st = GAME.new_game(players, 1, options or {"vips": "off"})
    assert isinstance(st, NBState)
    for seat, colour in enumerate(plane_colours(st.side, players)):
        take_plane(st, seat, colour)
    deal(st)
    for cards in st.airports.values():
        cards.clear()
    st.weather = []
    st.weather_left = []
    st.phase = "flight"
    for plane in st.planes:
        plane.setup_step = "ready"
        plane.moves_left = plane.speed
    return st


def storm(route: str, space: int) -> Token:
    return Token(route=route, space=space, kind="storm")


def tailwind(route: str, space: int) -> Token:
    return Token(route=route, space=space, kind="tailwind")


def act(st: NBState, seat: int, *choices: str) -> tuple[NBState, list[Event]]:
    events: list[Event] = []
    for choice in choices:
        new, more = apply(GAME, st, seat, choice)
        assert isinstance(new, NBState)
        st = new
        events += more
    return st, events


def end_flight(st: NBState) -> tuple[NBState, list[Event]]:
    """Every pilot still flying presses Done."""
    events: list[Event] = []
    for seat in [d.seat for d in GAME.pending(st)]:
        st, more = act(st, seat, "done")
        events += more
    return st, events


def timeout(st: NBState) -> tuple[NBState, list[Event]]:
    return act(st, GAME.pending(st)[0].seat, TIMEOUT)


def ids(st: NBState, seat: int) -> list[str]:
    return [o.id for d in GAME.pending(st) if d.seat == seat for o in d.options]
