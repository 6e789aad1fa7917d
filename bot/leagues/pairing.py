"""Who sits with whom in a league round. Pure and deterministic: the same members, order and history give the same
tables.

- Table sizes: with AI fill-ins, as many tables as it takes to seat everyone (ceil(n / size)), the members spread as
  evenly as possible and each short table filled with AI seats; with byes, as many full tables as there are, and the
  members left over sit the round out (those with the fewest byes so far, from the bottom of the order).
- Round robin (`swiss=False`): tables where nobody meets anyone again, when the search finds some; otherwise each
  seat goes to the member who has met those already at that table least often (the order breaks ties), so everyone
  meets everyone as evenly as the table size allows.
- Swiss (`swiss=True`, `order` by standing): tables are filled from the top of the standings down, each with the
  highest-standing members who have met none of those at it; when no grouping avoids every rematch, the one with the
  fewest meetings, best standing first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

Met = Counter[frozenset[int]]
SEARCH_LIMIT = 20_000
"""Steps the search for a rematch-free Swiss round may take before the greedy grouping is used (large leagues)."""


@dataclass(frozen=True)
class RoundPlan:
    tables: tuple[tuple[int, ...], ...]
    """The members of each table, in seat order."""
    ai_seats: tuple[int, ...]
    """AI seats added to each table."""
    byes: tuple[int, ...] = ()


@dataclass
class _Search:
    met: Met
    steps: int = 0
    found: list[tuple[int, ...]] = field(default_factory=list)


def met_from(tables: Sequence[Sequence[int]]) -> Met:
    """How often each pair of members has shared a table."""
    met: Met = Counter()
    for table in tables:
        for a, b in combinations(sorted(set(table)), 2):
            met[frozenset((a, b))] += 1
    return met


def sizes(count: int, table: int, *, ai_fill: bool) -> list[int]:
    """Members per table, largest first."""
    if count <= 0:
        return []
    tables = -(-count // table) if ai_fill else count // table
    if tables == 0:
        return []
    if not ai_fill:
        return [table] * tables
    low, extra = divmod(count, tables)
    return [low + 1] * extra + [low] * (tables - extra)


def pair_round(order: Sequence[int], table: int, met: Met, *, swiss: bool, ai_fill: bool,
               byes_had: Counter[int] | None = None) -> RoundPlan:
    """One round's tables for the members in `order` (by standing for Swiss, a fixed order for round robin)."""
    byes_had = byes_had or Counter()
    members = list(order)
    byes: list[int] = []
    if not ai_fill:
        left = len(members) % table if len(members) >= table else len(members)
        # The bottom of the order with the fewest byes so far sits out: a stable sort keeps the order among equals.
        for m in sorted(reversed(members), key=lambda m: byes_had[m])[:left]:
            byes.append(m)
        members = [m for m in members if m not in byes]
    wanted = sizes(len(members), table, ai_fill=ai_fill)
    groups = _swiss(members, wanted, met) if swiss else _round_robin(members, wanted, met)
    return RoundPlan(tuple(groups), tuple(table - len(g) for g in groups), tuple(sorted(byes, key=order.index)))


def _cost(member: int, seated: Sequence[int], met: Met) -> int:
    return sum(met[frozenset((member, other))] for other in seated)


def _round_robin(members: list[int], wanted: list[int], met: Met) -> list[tuple[int, ...]]:
    search = _Search(met)
    if _fill(search, members, wanted, []):
        return search.found
    free = list(members)
    groups: list[tuple[int, ...]] = []
    for size in wanted:
        # The first seat: whoever has met the other free members most, so the hardest to place is placed first.
        first = max(free, key=lambda m: (_cost(m, free, met), -free.index(m)))
        group = [first]
        free.remove(first)
        while len(group) < size:
            pick = min(free, key=lambda m: (_cost(m, group, met), free.index(m)))
            group.append(pick)
            free.remove(pick)
        groups.append(tuple(group))
    return groups


def _swiss(members: list[int], wanted: list[int], met: Met) -> list[tuple[int, ...]]:
    search = _Search(met)
    if _fill(search, members, wanted, []):
        return search.found
    return _greedy_swiss(members, wanted, met)


def _fill(search: _Search, free: list[int], wanted: list[int], done: list[tuple[int, ...]]) -> bool:
    """Depth first, best standing first: tables with no rematch at all."""
    if not wanted:
        search.found = list(done)
        return True
    head, rest = free[0], free[1:]
    for mates in combinations(rest, wanted[0] - 1):
        search.steps += 1
        if search.steps > SEARCH_LIMIT:
            return False
        group = (head, *mates)
        if any(search.met[frozenset(pair)] for pair in combinations(group, 2)):
            continue
        left = [m for m in rest if m not in mates]
        if _fill(search, left, wanted[1:], [*done, group]):
            return True
        if search.steps > SEARCH_LIMIT:
            return False
    return False


def _greedy_swiss(members: list[int], wanted: list[int], met: Met) -> list[tuple[int, ...]]:
    free = list(members)
    groups: list[tuple[int, ...]] = []
    for size in wanted:
        group = [free.pop(0)]
        while len(group) < size:
            pick = min(free, key=lambda m: (_cost(m, group, met), free.index(m)))
            group.append(pick)
            free.remove(pick)
        groups.append(tuple(group))
    return groups
