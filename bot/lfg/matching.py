"""The matching rule: which waiting members sit down together. Pure (no I/O, no clock of its own): the store calls it
inside the transaction that claims the entries, so each entry is seated once however many processes run it.

The rule, as docs/leagues.md tells players:
1. Only entries that are waiting and not expired count. Entries meet only entries of the same game, pace and
   rated-or-not; a table of n seats takes only members whose range holds n.
2. Members are considered oldest first (their place in the queue). For the oldest one not yet seated, the largest
   table size in their range that enough others can fill is tried first.
3. A table opens at once when nobody at it would take a larger one (its size is the smallest of its members'
   largest sizes); a smaller table opens only once its longest-waiting member has waited `rules.wait`.
4. Who fills the other seats: when there are at least `rules.similar_from` candidates per seat, the candidates who
   have waited `rules.rating_wait` come first (oldest first), then those closest in rating to the member the table
   is formed for; otherwise simply the oldest candidates.
5. When no table of members only can open and the member has waited `rules.ai_wait` and allows AI seats, the size
   that seats the most AI-allowing members (the smallest such size on a tie) is filled with AI seats, if at least
   `rules.min_humans` members sit at it.

Cost: one pass counts, per group and table size, who could sit at it; a member with no possible table is passed
over by those counts alone, so a long queue of members nobody matches costs one pass, not one pass per member.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from bot.lfg.entries import QueueEntry, QueueRules, TablePlan

Group = tuple[str, int, bool]


def _order(entry: QueueEntry) -> tuple[float, int]:
    return (entry.queued_at, entry.id)


def waiting(entries: Iterable[QueueEntry], now: float) -> list[QueueEntry]:
    """The entries that may be seated now, oldest first."""
    return sorted((e for e in entries if e.table_id is None and e.expires_at > now), key=_order)


def plan_tables(entries: Iterable[QueueEntry], now: float, rules: QueueRules) -> list[TablePlan]:
    """Every table the queue can open now (rule in the module's docstring), in the order they were formed."""
    groups: dict[Group, list[QueueEntry]] = defaultdict(list)
    for entry in waiting(entries, now):
        groups[(entry.game, entry.pace, entry.rated)].append(entry)
    plans: list[TablePlan] = []
    for members in groups.values():
        plans.extend(_plan_group(members, now, rules))
    return plans


def _plan_group(members: list[QueueEntry], now: float, rules: QueueRules) -> list[TablePlan]:
    """Tables of one group; `members` oldest first."""
    takers: dict[int, int] = defaultdict(int)  # table size -> members still free whose range holds it
    ai_takers: dict[int, int] = defaultdict(int)
    for e in members:
        for n in range(e.min_seats, e.max_seats + 1):
            takers[n] += 1
            if e.ai_allowed:
                ai_takers[n] += 1
    free = list(members)
    plans: list[TablePlan] = []
    i = 0
    while i < len(free):
        anchor = free[i]
        others = _Others(free, i)
        plan = _human_table(anchor, others, takers, now, rules) or _ai_table(anchor, others, ai_takers, now, rules)
        if plan is None:
            i += 1
            continue
        plans.append(plan)
        seated = set(plan.entry_ids)
        for e in free:
            if e.id in seated:
                for n in range(e.min_seats, e.max_seats + 1):
                    takers[n] -= 1
                    if e.ai_allowed:
                        ai_takers[n] -= 1
        free = [e for e in free if e.id not in seated]
        # Seating removes candidates only, so the members passed over before `i` stay unseatable: go on from `i`.
    return plans


class _Others:
    """The free members but one, listed only when the counts say a table may form (keeps a pass over a queue
    nobody matches linear)."""

    def __init__(self, free: list[QueueEntry], index: int) -> None:
        self.free, self.index = free, index

    def taking(self, seats: int, *, ai: bool = False) -> list[QueueEntry]:
        return [e for j, e in enumerate(self.free)
                if j != self.index and e.takes(seats) and (e.ai_allowed or not ai)]


def _human_table(anchor: QueueEntry, others: _Others, takers: dict[int, int], now: float,
                 rules: QueueRules) -> TablePlan | None:
    for n in range(anchor.max_seats, anchor.min_seats - 1, -1):
        if takers[n] < n:
            continue
        chosen = _choose(anchor, others.taking(n), n - 1, now, rules)
        table = [anchor, *chosen]
        full = n == min(e.max_seats for e in table)
        if full or now - min(e.queued_at for e in table) >= rules.wait:
            return TablePlan(tuple(e.id for e in sorted(table, key=_order)), n)
    return None


def _ai_table(anchor: QueueEntry, others: _Others, ai_takers: dict[int, int], now: float,
              rules: QueueRules) -> TablePlan | None:
    if not anchor.ai_allowed or now - anchor.queued_at < rules.ai_wait:
        return None
    best: tuple[int, int] | None = None  # (members seated, size)
    for n in range(anchor.min_seats, anchor.max_seats + 1):
        humans = min(ai_takers[n], n)
        if best is None or humans > best[0]:
            best = (humans, n)
    if best is None or best[0] < max(rules.min_humans, 1):
        return None
    humans, n = best
    chosen = _choose(anchor, others.taking(n, ai=True), humans - 1, now, rules)
    table = [anchor, *chosen]
    return TablePlan(tuple(e.id for e in sorted(table, key=_order)), n, n - len(table))


def _choose(anchor: QueueEntry, candidates: list[QueueEntry], count: int, now: float,
            rules: QueueRules) -> list[QueueEntry]:
    """`count` of the candidates (oldest first in `candidates`) to sit with `anchor` (rule 4)."""
    if count <= 0:
        return []
    if len(candidates) < rules.similar_from * count:
        return candidates[:count]
    overdue = [e for e in candidates if now - e.queued_at >= rules.rating_wait][:count]
    taken = {e.id for e in overdue}
    rest = sorted((e for e in candidates if e.id not in taken),
                  key=lambda e: (abs(e.rating - anchor.rating), *_order(e)))
    return overdue + rest[:count - len(overdue)]
