"""The AI pilots' planes and, at two pilots, their extra route colour: the colours that together cover the map best.

Two planes fly a map of seven passenger airports, and a route colour opens shortcuts only to the plane holding it.
The team wants every trip a passenger can ask for to be short for at least one plane: the pilots' colours are
chosen together to make the sum, over every ordered pair of passenger airports, of the shortest flight any plane
can make between them as small as possible (ties: the smaller sum of each plane's own flights, then the colours'
names). Every pilot still choosing works out the same answer and takes its own part. Measured (docs/notes/ai.md): taking
the first colour on offer gave both planes the same routes, and the Hard team won fewer days.

From three pilots on, the planes themselves are chosen the same way (a plane brings its own route colour and its
home): at four pilots the chart's first four planes (green, orange, red, blue) tie the team's shortest flights with
green, red, blue and purple, whose own flights are shorter (purple's Dallas sits in the middle of the map, orange's
Los Angeles in a corner that Denver's and San Francisco's planes reach anyway); measured, the Hard team delivered
more and won more days. At two pilots the extra route colours decide the map and are chosen after the planes, so
the pilots keep the suggested planes there.
"""

from __future__ import annotations

from itertools import combinations, product

from engine.now_boarding.board import distances
from engine.now_boarding.setup import free_planes, passenger_airports, side_colours, suggested_plane
from engine.now_boarding.state import NBState


def coverage(side: str, airports: list[str], fleets: list[frozenset[str]]) -> tuple[int, int]:
    """(The team's shortest flights summed over every pair of airports, each plane's own flights summed)."""
    team = own = 0
    for a in airports:
        maps = [distances(side, a, colours, ()) for colours in fleets]
        for b in airports:
            if a != b:
                flights = [m.get(b, 99) for m in maps]
                team += min(flights)
                own += sum(flights)
    return team, own


def route_choice(st: NBState, seat: int) -> str | None:
    """The option id of the route colour this seat should add (None: it has no route to choose)."""
    choosing = [s for s, p in enumerate(st.planes) if p.setup_step != "ready"]
    if seat not in choosing:
        return None
    # A pilot still taking a plane is counted with the plane suggested to it.
    routes = [p.routes or [suggested_plane(st, s)] for s, p in enumerate(st.planes)]
    tiles = {k.split(":")[1]: n for k, n in st.supply.items() if k.startswith("route:")}
    offers = {s: sorted(c for c, n in tiles.items() if n > 0 and c not in routes[s]) for s in choosing}
    airports = passenger_airports(st.players)
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for combo in product(*(offers[s] for s in choosing)):
        if any(combo.count(c) > tiles[c] for c in combo):
            continue
        fleets = [frozenset(r) | ({combo[choosing.index(s)]} if s in choosing else set())
                  for s, r in enumerate(routes)]
        key = (coverage(st.side, airports, fleets), combo)
        if best is None or key < best:
            best = key
    return None if best is None else f"route:{best[1][choosing.index(seat)]}"


def plane_choice(st: NBState, seat: int) -> str | None:
    """The option id of the plane this seat should take (None: keep the suggested plane, at two pilots or when this
    seat has no plane to take). The pilots still taking a plane share out the free planes that, with the planes
    already taken, give the team the shortest flights (then each plane's own, then the chart's order), in the
    chart's order by seat."""
    choosing = [s for s, p in enumerate(st.planes) if p.setup_step == "plane"]
    if st.players < 3 or seat not in choosing:
        return None
    taken = [frozenset([p.colour]) for p in st.planes if p.colour]
    order = side_colours(st.side)
    airports = passenger_airports(st.players)
    best: tuple[tuple[int, int], list[int], tuple[str, ...]] | None = None
    for combo in combinations(free_planes(st), len(choosing)):
        fleets = taken + [frozenset([c]) for c in combo]
        key = (coverage(st.side, airports, fleets), [order.index(c) for c in combo], combo)
        if best is None or key < best:
            best = key
    if best is None:
        return None
    return f"plane:{best[2][choosing.index(seat)]}"
