"""The board as a graph of spaces, and the cheapest flights across it.

A node is an airport code or a route space 'ATL-DEN.k' (k = 1..spaces, counted from the route's first airport).
Entering a space costs one move, a storm space two, a tailwind space none (the plane skips over it). Coloured route
spaces are open only to planes with that colour; a Nervous VIP aboard keeps the plane out of any weather space.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache, lru_cache

from engine.now_boarding.data import Route, catalog


@dataclass(frozen=True)
class Graph:
    neighbours: dict[str, tuple[str, ...]]
    colour: dict[str, str]
    """Route colour of each route space ('' for plain spaces and airports)."""
    routes: dict[str, Route]


def space(route: Route, k: int) -> str:
    return f"{route.key}.{k}"


def is_airport(node: str) -> bool:
    return "." not in node


@cache
def graph(side: str) -> Graph:
    links: dict[str, list[str]] = {code: [] for code in catalog().side_airports(side)}
    colour: dict[str, str] = {code: "" for code in links}
    routes: dict[str, Route] = {}
    for r in catalog().side_routes(side):
        routes[r.key] = r
        chain = [r.a, *(space(r, k) for k in range(1, r.spaces + 1)), r.b]
        for k in range(1, r.spaces + 1):
            links[space(r, k)] = []
            colour[space(r, k)] = r.colour
        for x, y in zip(chain, chain[1:], strict=False):
            links[x].append(y)
            links[y].append(x)
    return Graph({n: tuple(v) for n, v in links.items()}, colour, routes)


def route_of(node: str) -> tuple[str, int]:
    key, _, k = node.partition(".")
    return key, int(k)


def describe(node: str) -> str:
    """'DEN', or 'the ATL-DEN route, 2 spaces from ATL'."""
    if is_airport(node):
        return node
    key, k = route_of(node)
    a, b = key.split("-")
    return f"the {a}-{b} route, {k} space{'s' if k > 1 else ''} from {a}"


def reach(side: str, start: str, budget: int, colours: set[str], costs: dict[str, int],
          avoid_weather: bool = False) -> dict[str, int]:
    """Cheapest cost to every node reachable from `start` within `budget` moves. `costs` maps weather spaces to
    their entry cost (storm 2, tailwind 0). The answer is shared between callers asking the same (read it, never
    change it): the greedy pilots ask for the same few maps thousands of times a playout, and working them out
    again was most of a search rollout's time."""
    return _reach(side, start, budget, frozenset(colours), tuple(sorted(costs.items())), avoid_weather)


@lru_cache(maxsize=4096)
def _reach(side: str, start: str, budget: int, colours: frozenset[str], weather: tuple[tuple[str, int], ...],
           avoid_weather: bool) -> dict[str, int]:
    costs = dict(weather)
    g = graph(side)
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
            if avoid_weather and nxt in costs:
                continue
            total = cost + costs.get(nxt, 1)
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def distances(side: str, start: str, colours: set[str], costs: dict[str, int],
              avoid_weather: bool = False) -> dict[str, int]:
    """Cheapest cost from `start` to every node, with no budget (for AIs planning several rounds ahead)."""
    return reach(side, start, 10_000, colours, costs, avoid_weather)
