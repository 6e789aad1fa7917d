"""The board as a graph of spaces, and the cheapest flights across it.

A node is an airport code or a route space 'ATL-DEN.k' (k = 1..spaces, counted from the route's first airport). A
storm token turns its space into two: 'ATL-DEN.k' is the half nearer the route's first airport and 'ATL-DEN.ks' the
half nearer its second one, each entered for one move, and a plane may stop on either. A tailwind token covers its
space: entering it costs nothing and no plane ends a flight there. Coloured route spaces are open only to planes with
that colour; a Nervous VIP aboard keeps the plane out of every storm half and tailwind space.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache, lru_cache

from engine.now_boarding.data import Route, catalog

Weather = tuple[tuple[str, str], ...]
"""The weather tokens on the board as (space node, kind) pairs, sorted: a hashable key for the cached maps."""
SECOND_HALF = "s"
"""The suffix of a storm's second half: 'ATL-DEN.2s'."""
DASH = "\u2013"
"""Route names in players' text: 'LAX–DFW'."""


@dataclass(frozen=True)
class Graph:
    neighbours: dict[str, tuple[str, ...]]
    colour: dict[str, str]
    """Route colour of each route space ('' for plain spaces and airports)."""
    routes: dict[str, Route]
    chains: dict[str, tuple[str, ...]]
    """Each route's nodes from its first airport to its second, airports included, storm halves as two."""


def space(route: Route, k: int) -> str:
    return f"{route.key}.{k}"


def is_airport(node: str) -> bool:
    return "." not in node


def route_of(node: str) -> tuple[str, int]:
    """The route key and the printed space number of a route node (both halves of a storm share the number)."""
    key, _, k = node.partition(".")
    return key, int(k.removesuffix(SECOND_HALF))


def printed(node: str) -> str:
    """The printed space a node lies on: a storm's second half is on the same space as its first."""
    return node.removesuffix(SECOND_HALF)


def second_half(node: str) -> str:
    return f"{node}{SECOND_HALF}"


@cache
def graph(side: str, storms: frozenset[str] = frozenset()) -> Graph:
    """The spaces of `side` joined along their routes, each space in `storms` split in two halves."""
    links: dict[str, list[str]] = {code: [] for code in catalog().side_airports(side)}
    colour: dict[str, str] = {code: "" for code in links}
    routes: dict[str, Route] = {}
    chains: dict[str, tuple[str, ...]] = {}
    for r in catalog().side_routes(side):
        routes[r.key] = r
        inner: list[str] = []
        for k in range(1, r.spaces + 1):
            node = space(r, k)
            inner += [node, second_half(node)] if node in storms else [node]
        chain = (r.a, *inner, r.b)
        chains[r.key] = chain
        for node in inner:
            links[node] = []
            colour[node] = r.colour
        for x, y in zip(chain, chain[1:], strict=False):
            links[x].append(y)
            links[y].append(x)
    return Graph({n: tuple(v) for n, v in links.items()}, colour, routes, chains)


def weather_graph(side: str, weather: Weather) -> Graph:
    return graph(side, frozenset(node for node, kind in weather if kind == "storm"))


def weather_nodes(weather: Weather) -> frozenset[str]:
    """Every node a token lies on: both halves of a storm and each tailwind space."""
    out: set[str] = set()
    for node, kind in weather:
        out.add(node)
        if kind == "storm":
            out.add(second_half(node))
    return frozenset(out)


def tailwinds(weather: Weather) -> frozenset[str]:
    return frozenset(node for node, kind in weather if kind == "tailwind")


def reach(side: str, start: str, budget: int, colours: Collection[str], weather: Weather,
          avoid_weather: bool = False) -> dict[str, int]:
    """Cheapest cost to every node reachable from `start` within `budget` moves (a tailwind space costs nothing to
    enter; it is in the answer, though no flight may end there). The answer is shared between callers asking the
    same (read it, never change it): the greedy pilots ask for the same few maps thousands of times a playout, so
    each is worked out once (docs/notes/engine-speed.md)."""
    return _reach(side, start, budget, frozenset(colours), weather, avoid_weather)


@lru_cache(maxsize=8192)
def _reach(side: str, start: str, budget: int, colours: frozenset[str], weather: Weather,
           avoid_weather: bool) -> dict[str, int]:
    g = weather_graph(side, weather)
    free = tailwinds(weather)
    shunned = weather_nodes(weather) if avoid_weather else frozenset()
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best.get(node, budget + 1):
            continue
        for nxt in g.neighbours[node]:
            col = g.colour[nxt]
            if col and col not in colours:
                continue
            if nxt in shunned:
                continue
            total = cost + (0 if nxt in free else 1)
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def distances(side: str, start: str, colours: Collection[str], weather: Weather,
              avoid_weather: bool = False) -> dict[str, int]:
    """Cheapest cost from `start` to every node, with no budget (for AIs planning several rounds ahead)."""
    return reach(side, start, 10_000, colours, weather, avoid_weather)


def route_name(key: str, first: str) -> str:
    """'LAX–DFW': the route named from the airport `first` (one of its two ends)."""
    a, b = key.split("-")
    return f"{a}{DASH}{b}" if first == a else f"{b}{DASH}{a}"


def spaces_out(chain: tuple[str, ...], node: str, end: str) -> int:
    """How many spaces `node` lies out of the airport `end` along its route (a storm's halves count as two)."""
    i = chain.index(node)
    return i if end == chain[0] else len(chain) - 1 - i


def _spaces(n: int) -> str:
    return f"{n} space{'s' if n != 1 else ''}"


def storm_words(node: str, weather: Weather) -> str:
    return " in the storm" if printed(node) in {n for n, kind in weather if kind == "storm"} else ""


def out_of(side: str, weather: Weather, node: str, end: str) -> str:
    """'3 spaces out of LAX on LAX–DFW', counted from the airport `end` of the node's route."""
    key, _ = route_of(node)
    chain = weather_graph(side, weather).chains[key]
    return f"{_spaces(spaces_out(chain, node, end))} out of {end} on {route_name(key, end)}{storm_words(node, weather)}"


def position(side: str, weather: Weather, node: str) -> str:
    """Where a plane is: 'DEN', or 'LAX–DFW (1 space from LAX, 3 from DFW)'."""
    if is_airport(node):
        return node
    key, _ = route_of(node)
    chain = weather_graph(side, weather).chains[key]
    a, b = chain[0], chain[-1]
    storm = "in the storm, " if storm_words(node, weather) else ""
    return (f"{route_name(key, a)} ({storm}{_spaces(spaces_out(chain, node, a))} from {a}, "
            f"{spaces_out(chain, node, b)} from {b})")


def entry_end(side: str, weather: Weather, start: str, node: str, costs: dict[str, int]) -> str:
    """The end of `node`'s route a plane at `start` comes in by on its cheapest way there: the end behind it when it
    is on that route already, else the end whose cost (in `costs`, the plane's reach) plus the way along the route
    gives the node's cost. A label counts the node's spaces from that end: the distance as the pilot flies it."""
    key, _ = route_of(node)
    chain = weather_graph(side, weather).chains[key]
    a, b = chain[0], chain[-1]
    if start in chain:
        return a if chain.index(start) < chain.index(node) else b
    free = tailwinds(weather)
    target = chain.index(node)

    def along(end: str) -> int:
        steps = chain[1:target + 1] if end == a else chain[target:-1]
        return sum(0 if n in free else 1 for n in steps)

    ends = [e for e in (a, b) if e in costs and costs[e] + along(e) == costs[node]]
    return ends[0] if ends else a
