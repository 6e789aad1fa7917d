"""Rule helpers shared by the steps: employee counts with the Jack, plane values, sales and awards."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from engine.core.contract import Event
from engine.core.contract import event as new_event
from engine.planecrafters.data import SLOTS, TIER1, VALUE_BY_COUNT, catalog, employee_kind, part, part_label
from engine.planecrafters.state import PCState, Plane

COMPLETE = ("nose", "lwing", "rwing", "tail")
HAND_LIMIT = 5


@cache
def who(seat: int) -> str:
    return f"Player {seat + 1}"


_EVENTS: dict[tuple[str, int | None], Event] = {}
_EVENTS_KEPT = 100_000
"""The most events kept (a few thousand texts in practice), so that no run of games can grow the store without end."""


def event(text: str, private_to: int | None = None) -> Event:
    """`engine.core.contract.event`, sharing equal events: a playout reports the same few thousand texts again and
    again, and events are never changed once made."""
    key = (text, private_to)
    found = _EVENTS.get(key)
    if found is None:
        if len(_EVENTS) >= _EVENTS_KEPT:
            _EVENTS.clear()
        found = _EVENTS[key] = new_event(text, private_to)
    return found


def owned(state: PCState, seat: int, kind: str) -> int:
    return _kinds(tuple(state.staff[seat])).get(kind, 0)


def staff_kinds(state: PCState, seat: int) -> dict[str, int]:
    """Seat's employees by kind (only kinds it owns), for a caller asking several `owned` at once. Read only."""
    return _kinds(tuple(state.staff[seat]))


@lru_cache(maxsize=4096)
def _kinds(staff: tuple[str, ...]) -> dict[str, int]:
    """Employees by kind for one seat's staff: owned() is asked for the same few staffs thousands of times a game.
    Callers only read the dict."""
    return dict(Counter(employee_kind(e) for e in staff))


_TIER1 = frozenset(TIER1)


def count(state: PCState, seat: int, kind: str) -> int:
    """How many times an ability works for seat: Tier 1 doubles with two copies or the Jack, never triples."""
    kinds = _kinds(tuple(state.staff[seat]))
    n = kinds.get(kind, 0)
    if kind not in _TIER1:
        return n
    if seat == state.turn and state.jack == kind and "jack" in kinds:
        n += 1
    return n if n < 2 else 2


def hire_cost(state: PCState, seat: int, kind: str, recruiters: int | None = None) -> int:
    """What `kind` costs `seat`; `recruiters` is count(state, seat, "recruiter") when the caller already has it."""
    emp = catalog().employees[kind]
    if recruiters is None:
        recruiters = count(state, seat, "recruiter")
    return max(0, emp.cost - emp.tier * recruiters)


def hand_limit(state: PCState, seat: int) -> int | None:
    if owned(state, seat, "factorymanager"):
        return None
    return HAND_LIMIT + count(state, seat, "logistician")


def plane_value(cards: list[str]) -> int:
    """Printed value: per model 1/3/6/10/15 for 1-5 parts, a Spare Part 1 crown."""
    return _plane_value(tuple(cards))


@lru_cache(maxsize=65536)
def _plane_value(cards: tuple[str, ...]) -> int:
    """plane_value, worked out once per set of parts: every Buyer step prices each sellable plane."""
    by_model: dict[str, int] = {}
    spares = 0
    for c in cards:  # a plain count: a Counter costs more than the rest of a Buyer step's listing
        p = part(c)
        if p.spare:
            spares += 1
        else:
            by_model[p.model] = by_model.get(p.model, 0) + 1
    return sum(VALUE_BY_COUNT[n] for n in by_model.values()) + spares


_COMPLETE = frozenset(COMPLETE)


def complete(plane: Plane) -> bool:
    return plane.parts.keys() >= _COMPLETE


def sellable(state: PCState, seat: int, plane: Plane) -> bool:
    return complete(plane) or (count(state, seat, "contractor") >= 1 and bool(plane.parts))


def plane_cards(plane: Plane) -> list[str]:
    return [plane.parts[s] for s in SLOTS if s in plane.parts]


def parts_sold(state: PCState, seat: int) -> int:
    shown = len(state.distinction_plane) if state.distinction == seat else 0
    return len(state.sold[seat]) + shown


def staff_cost(state: PCState, seat: int) -> int:
    return sum(catalog().employees[employee_kind(e)].cost for e in state.staff[seat])


def payout(state: PCState, seat: int, cards: list[str]) -> int:
    """What a sale of these parts pays before anyone's cut: the printed value, +2 per Ace Pilot, +1 with two
    Contractor abilities."""
    return plane_value(cards) + 2 * owned(state, seat, "acepilot") + (1 if count(state, seat, "contractor") >= 2 else 0)


def earnings(state: PCState, seat: int, cards: list[str]) -> int:
    """What the seller keeps of that payout once every other player's Boss's Boss has taken its first 2 crowns
    (none with an Investigator)."""
    left = payout(state, seat, cards)
    if owned(state, seat, "investigator"):
        return left
    for boss in range(state.players):
        if boss != seat and owned(state, boss, "bossesboss"):
            left -= min(2, left)
    return left


def sell(state: PCState, seat: int, index: int) -> tuple[list[Event], list[str], int]:
    """Sell plane `index` of seat. Returns events, the sold cards and the printed value."""
    plane = state.planes[seat].pop(index)
    if not state.planes[seat]:
        state.planes[seat].append(Plane())
    cards = plane_cards(plane)
    value = plane_value(cards)
    paid = payout(state, seat, cards)
    events = [event(text=f"{who(seat)} sold a plane ({', '.join(part_label(c) for c in cards)}) worth {value}"
                    f" crowns and received {paid}.")]
    for boss in range(state.players):
        if boss != seat and owned(state, boss, "bossesboss") and paid:
            if owned(state, seat, "investigator"):
                events.append(event(text=f"{who(seat)}'s Investigator kept the Boss's Boss away from the sale."))
                continue
            cut = min(2, paid)
            paid -= cut
            state.crowns[boss] += cut
            events.append(event(text=f"{who(boss)}'s Boss's Boss took the first {cut} crowns of that sale."))
    state.crowns[seat] += paid
    state.planes_sold[seat] += 1
    if state.distinction is None or value > state.distinction_value:
        if state.distinction is not None:
            state.sold[state.distinction].extend(state.distinction_plane)
        state.distinction, state.distinction_value, state.distinction_plane = seat, value, cards
        events.append(event(text=f"{who(seat)} now holds the Distinction Award with a {value}-crown plane."))
    else:
        state.sold[seat].extend(cards)
    return events, cards, value


def award_shares(state: PCState) -> dict[str, dict[int, int]]:
    """Crowns each award gives to each seat. A tie splits the award's crowns (rounded down) and gives no card."""
    figures = {
        "industry": [parts_sold(state, s) for s in range(state.players)],
        "enterprise": [staff_cost(state, s) for s in range(state.players)],
    }
    out: dict[str, dict[int, int]] = {}
    for award in catalog().awards:
        if award.kind == "distinction":
            out[award.kind] = {} if state.distinction is None else {state.distinction: award.crowns}
            continue
        values = figures[award.kind]
        best = max(values)
        leaders = [s for s, v in enumerate(values) if v == best] if best > 0 else []
        out[award.kind] = {s: award.crowns // len(leaders) for s in leaders}
    return out


def final_scores(state: PCState) -> list[int]:
    scores = list(state.crowns)
    for shares in award_shares(state).values():
        for seat, crowns in shares.items():
            scores[seat] += crowns
    return scores


def winner(scores: list[int]) -> int:
    """Most crowns; a tie goes to the tied player latest in turn order (seat 0 plays first)."""
    best = max(scores)
    return max(s for s, v in enumerate(scores) if v == best)
