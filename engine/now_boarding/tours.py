"""One plane's possible rounds ('tours'), worked out on a light copy of the table for the team planner.

A tour is what one pilot does in one flight phase: at each airport it stops at, it delivers everyone going there,
may leave a passenger for another plane (a relay), boards a set of waiting passengers, then flies on to another
airport in reach; it ends at an airport or, with moves to spare, as far as it gets toward an airport out of reach
(the next round then starts closer). The planner (engine/now_boarding/team.py) scores whole teams of tours; this
module only lists them. Everything read here is on the table for all to see: planes, face-up passengers, weather.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations

from engine.core.ai.watch import UNLIMITED, Watch
from engine.now_boarding.board import Weather, distances, is_airport, tailwinds

MAX_STOPS = 3
"""Airports a tour flies to in one round: a plane at speed 9 on the shortest hops makes three."""
MAX_BOARDINGS = 8
"""Sets of passengers tried at one stop: the angriest first, then those sharing a destination."""


@dataclass(frozen=True)
class Rider:
    """A passenger as the planner sees it: where it goes, what it pays, how angry it is while waiting."""

    id: str
    origin: str
    dest: str
    fare: int
    anger: int = 0


@dataclass
class Flyer:
    """A plane as the planner sees it at the start of its tour."""

    seat: int
    at: str
    moves: int
    seats: int
    speed: int
    colours: frozenset[str]
    cargo: tuple[Rider, ...]
    avoid_weather: bool = False
    fixed: bool = False
    """Done for this round already: it stays where it is."""


@dataclass
class Tour:
    """One plane's round: the engine's option ids in order, and what the round leaves behind."""

    seat: int
    steps: list[str]
    at: str
    cargo: tuple[Rider, ...]
    delivered: tuple[Rider, ...] = ()
    boarded: frozenset[str] = frozenset()
    left: tuple[tuple[str, Rider], ...] = ()
    """Relays: (airport, passenger) left at an airport for another plane."""
    stops: tuple[str, ...] = field(default=())
    moves: int = 0
    """Moves flown."""


@dataclass(frozen=True)
class Table:
    """The board the tours are flown on."""

    side: str
    weather: Weather
    known: dict[tuple[frozenset[str], bool, str], dict[str, int]] = field(default_factory=dict, compare=False)
    """The maps asked for so far: a plan asks for the same few tens of thousands of times."""
    orders: dict[tuple[object, ...], int] = field(default_factory=dict, compare=False)
    """The best drop orders worked out so far (`cargo_moves`): a plan scores the same cargoes many times."""

    def dist(self, flyer: Flyer, node: str) -> dict[str, int]:
        key = (flyer.colours, flyer.avoid_weather, node)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = distances(self.side, node, flyer.colours, self.weather, flyer.avoid_weather)
        return found


def cargo_moves(table: Table, flyer: Flyer, at: str, cargo: Sequence[Rider]) -> int:
    """The moves the passengers aboard still spend in the air, added up, when the plane flies from `at` and drops
    them in its best order: a plane carrying passengers for opposite ends of the map cannot fly straight to both."""
    counts: dict[str, int] = {}
    for r in cargo:
        counts[r.dest] = counts.get(r.dest, 0) + 1
    if not counts:
        return 0
    key = (flyer.colours, flyer.avoid_weather, at, tuple(sorted(counts.items())))
    found = table.orders.get(key)
    if found is not None:
        return found
    best = 99 * len(cargo) * len(counts)
    for order in permutations(sorted(counts)):
        here, clock, total = at, 0, 0
        for dest in order:
            clock += table.dist(flyer, here).get(dest, 99)
            total += clock * counts[dest]
            here = dest
            if total >= best:
                break
        best = min(best, total)
    table.orders[key] = best
    return best


@lru_cache(maxsize=64)
def table_for(side: str, weather: Weather) -> Table:
    """The table of this board and weather, with the maps worked out for earlier plans on it."""
    return Table(side, weather)


def boardings(waiting: list[Rider], room: int) -> list[tuple[Rider, ...]]:
    """The sets of passengers worth trying to board at one stop. When they all fit: all of them, and for each
    destination, those going there alone and everyone but them (a plane with room may pass passengers going
    away from the rest). Otherwise sets of as many as fit, those with the most anger and the most shared
    destinations first, and one seat fewer."""
    if room <= 0 or not waiting:
        return [()]
    if len(waiting) <= room:
        split: dict[tuple[str, ...], tuple[Rider, ...]] = {tuple(r.id for r in waiting): tuple(waiting)}
        for dest in sorted({r.dest for r in waiting}):
            for group in ([r for r in waiting if r.dest == dest], [r for r in waiting if r.dest != dest]):
                if group and len(split) < MAX_BOARDINGS:
                    split.setdefault(tuple(r.id for r in group), tuple(group))
        return list(split.values())
    dests: dict[str, int] = {}
    for r in waiting:
        dests[r.dest] = dests.get(r.dest, 0) + 1
    ranked = sorted(waiting, key=lambda r: (-r.anger, -dests[r.dest], r.id))
    sets = []
    for size in (room, room - 1):
        for combo in combinations(ranked, size):
            sets.append(combo)
            if len(sets) >= MAX_BOARDINGS:
                return sets
    return sets or [()]


def toward(table: Table, flyer: Flyer, start: str, moves: int, goal: str) -> tuple[str, int] | None:
    """The farthest place on a cheapest way from `start` to `goal` that `moves` reach (not a tailwind space, where
    no flight ends), or None when that is `start` itself."""
    here = table.dist(flyer, start)
    there = table.dist(flyer, goal)
    if goal not in here:
        return None
    free = tailwinds(table.weather)
    best, best_cost = None, 0
    for node, cost in here.items():
        on_way = 0 < cost <= moves and node not in free and node in there and cost + there[node] == here[goal]
        if on_way and (cost > best_cost or (cost == best_cost and best is not None and node < best)):
            best, best_cost = node, cost
    return None if best is None else (best, best_cost)


def relay_worth(table: Table, flyer: Flyer, team: Sequence[Flyer], here: str, rider: Rider) -> bool:
    """Whether leaving `rider` at the airport `here` could be a relay: not where it checked in, and another plane
    of the team gets it home from here in fewer rounds than this one."""
    if here == rider.origin or here == rider.dest:
        return False
    mine = table.dist(flyer, here).get(rider.dest, 99) / flyer.speed
    return any(table.dist(f, here).get(rider.dest, 99) / f.speed < mine for f in team if f.seat != flyer.seat)


def tours(table: Table, flyer: Flyer, waiting: dict[str, list[Rider]], airports: list[str],
          team: Sequence[Flyer] = (), watch: Watch = UNLIMITED) -> list[Tour]:
    """Every tour worth scoring for this plane, given who waits where (face-up passengers only) and the team it may
    leave passengers for (no relays without one). With a time limit (`watch`, read before each flight of the
    listing), the tours listed before time ran short."""
    if flyer.fixed:
        return [Tour(flyer.seat, [], flyer.at, flyer.cargo)]
    out: list[Tour] = []
    cut = False  # time ran short: the listing unwinds without another reading of the watch

    def walk(at: str, moves: int, cargo: tuple[Rider, ...], taken: frozenset[str], steps: list[str],
             delivered: tuple[Rider, ...], left: tuple[tuple[str, Rider], ...], stops: tuple[str, ...]) -> None:
        nonlocal cut
        lands = [(at, cargo, taken, steps, delivered, left)]
        if is_airport(at):
            lands = []
            drops = [r for r in cargo if r.dest == at]
            cargo = tuple(r for r in cargo if r.dest != at)
            steps = steps + [f"drop:{r.id}" for r in drops]
            delivered = delivered + tuple(drops)
            here = [r for r in waiting.get(at, []) if r.id not in taken]
            relay_opts: list[Rider | None] = [None]
            if cargo and stops:
                relay_opts += [r for r in cargo if relay_worth(table, flyer, team, at, r)]
            for relay in relay_opts:
                kept = cargo if relay is None else tuple(r for r in cargo if r is not relay)
                extra = [] if relay is None else [f"drop:{relay.id}"]
                room = flyer.seats - len(kept)
                for group in boardings(here, room):
                    lands.append((at, kept + group, taken | {r.id for r in group},
                                  steps + extra + [f"board:{r.id}" for r in group], delivered,
                                  left if relay is None else left + ((at, relay),)))
        for at_, cargo_, taken_, steps_, delivered_, left_ in lands:
            boarded = frozenset(taken_)
            out.append(Tour(flyer.seat, steps_, at_, cargo_, delivered_, boarded, left_, stops, flyer.moves - moves))
            if moves <= 0 or len(stops) >= MAX_STOPS:
                continue
            dist = table.dist(flyer, at_)
            for code in airports:
                cost = dist.get(code)
                if code == at_ or cost is None:
                    continue
                if cost <= moves:
                    if cut or watch.late():
                        cut = True
                        return
                    # `walk` stays bound until the listing ends: it is deleted below, after the walk.
                    walk(code, moves - cost, cargo_, taken_, steps_ + [f"fly:{code}"], delivered_, left_,  # noqa: F821
                         stops + (code,))
                elif cargo_ or waiting.get(code):
                    part = toward(table, flyer, at_, moves, code)
                    if part is not None:
                        node, spent = part
                        out.append(Tour(flyer.seat, steps_ + [f"fly:{node}"], node, cargo_, delivered_, boarded,
                                        left_, stops, flyer.moves - moves + spent))

    walk(flyer.at, flyer.moves, flyer.cargo, frozenset(), [], (), (), ())
    # `walk` calls itself through its own closure cell, a reference cycle that would keep every tour listed alive
    # until the cycle collector ran (held off while a plan thinks, then run inside the plan's time: up to 0.2 s on
    # a busy host). Emptying the cell breaks the cycle, so the listing is freed as soon as it is dropped.
    del walk
    return _distinct(out)


def _distinct(found: list[Tour]) -> list[Tour]:
    """One tour per outcome (place, cargo, deliveries, boardings, relays): the shortest list of steps wins."""
    best: dict[tuple[object, ...], Tour] = {}
    for t in found:
        key = (t.at, tuple(sorted(r.id for r in t.cargo)), tuple(sorted(r.id for r in t.delivered)), t.boarded,
               tuple(sorted((a, r.id) for a, r in t.left)))
        if key not in best or len(t.steps) < len(best[key].steps):
            best[key] = t
    return list(best.values())
