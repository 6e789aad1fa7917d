"""The team planner: one flight phase planned for every plane at once, each plane's round a tour (tours.py).

Every pilot that is still flying gets a tour; the team's tours are scored together by what the round leaves behind
(`worth`), and improved one plane at a time with the others' tours held fixed (coordinate descent) until no plane's
change helps. A pilot then flies its own tour. Every AI pilot works this out alike from what the whole table sees,
so their tours fit together; a plane whose pilot pressed Done stays put, and a member's plane is planned as a
teammate would fly it: the passengers it carries are its own to deliver, and what it still needs is left to it.

What a round leaves behind is worth, in points:
- each delivery (`DELIVERY`, plus its fare: fares buy the upgrades the day needs);
- for each passenger aboard, the rounds until its plane drops it, the plane dropping everyone aboard in its best
  order (`ROUND`): passengers for opposite ends of the map on one plane cost the detour one of them waits for;
- for each passenger waiting, the anger the coming maintenance gives it (`ANGER`; the fourth is a complaint), and
  the rounds until a seat of the team fetches it and its trip after that: the seats are handed out the angriest
  passenger first, each to the seat that gets it home soonest (an empty seat from where its plane's tour ends, a
  taken one from where its passenger gets off, and a seat once given is free again only at that passenger's
  destination), so a full plane fetches nobody and one seat not everyone; one that would complain next round with
  no seat able to reach it in time counts most of a complaint;
- in the final round, half a complaint for everyone not delivered (the exit count), and a whole one for a passenger
  left waiting at their third anger: the last maintenance's anger comes before the count and makes them complain.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.ai.watch import UNLIMITED, Watch
from engine.now_boarding.board import is_airport
from engine.now_boarding.flight import nervous_aboard, weather_key
from engine.now_boarding.maintenance import ANGER_TO_COMPLAIN, COMPLAINTS_TO_LOSE
from engine.now_boarding.state import NBState
from engine.now_boarding.tours import Flyer, Rider, Table, Tour, cargo_moves, table_for, tours

COMPLAINT = 100.0
DELIVERY = 12.0
FARE = 4.0
ROUND = 4.0
"""Worth lost per round a passenger still needs before its delivery."""
ANGER = (0.0, 1.0, 3.0, 8.0)
"""Worth lost for a waiting passenger at each anger it will have after the coming maintenance."""
STRANDED = 0.7
"""Share of a complaint for a passenger at anger 3 that no plane can reach next round."""
PASSES = 3
"""Rounds of coordinate descent over the planes (each plane's tour re-chosen with the others fixed)."""


def riders(st: NBState) -> dict[str, list[Rider]]:
    """Who waits where, face-up passengers only (a face-down card's trip is hidden)."""
    return {code: [Rider(c.id, c.origin, c.dest, c.fare, c.anger) for c in cards if c.face_up]
            for code, cards in st.airports.items()}


def flyers(st: NBState) -> list[Flyer]:
    out = []
    for seat, p in enumerate(st.planes):
        boost = 1 if st.temp["speed"] == seat else 0
        out.append(Flyer(seat=seat, at=p.at, moves=p.moves_left + boost if not p.done else 0, seats=p.seats,
                         speed=p.speed, colours=frozenset(p.routes),
                         cargo=tuple(Rider(c.id, c.origin, c.dest, c.fare) for c in p.cargo),
                         avoid_weather=nervous_aboard(p), fixed=p.done))
    return out


def worth(st: NBState, table: Table, team: list[Flyer], plan: list[Tour], waiting: dict[str, list[Rider]]) -> float:
    """What the team's tours leave behind (see the module note)."""
    taken: set[str] = set()
    for tour in plan:
        taken |= tour.boarded
    left: dict[str, list[Rider]] = {code: [r for r in rs if r.id not in taken] for code, rs in waiting.items()}
    for tour in plan:
        for code, r in tour.left:
            # Left this round: waiting at the round's end, they get the coming maintenance's anger like anyone.
            left[code].append(Rider(r.id, r.origin, r.dest, r.fare, 0))
    delivered = [r for tour in plan for r in tour.delivered]
    aboard = sum(len(t.cargo) for t in plan)
    if st.final_round:
        # The last anger comes before the exit count: whoever it makes complain leaves, one complaint each.
        angry = sum(1 for rs in left.values() for r in rs if r.anger + 1 >= ANGER_TO_COMPLAIN)
        stranded = aboard + sum(len(rs) for rs in left.values()) - angry + sum(
            1 for cards in st.airports.values() for c in cards if not c.face_up)
        return -COMPLAINT * (angry + stranded // 2) + DELIVERY * len(delivered) - 0.1 * stranded
    value = sum(DELIVERY + FARE * r.fare for r in delivered)
    for f, t in zip(team, plan, strict=True):
        value -= ROUND * cargo_moves(table, f, t.at, t.cargo) / f.speed
    complaints = len(st.complaints)
    seats = seats_free(table, team, plan)
    queue = sorted(((r.anger + 1, code, r) for code, rs in left.items() for r in rs),
                   key=lambda x: (-x[0], x[1], x[2].id))
    for anger, code, r in queue:
        if anger >= ANGER_TO_COMPLAIN:
            complaints += 1
            continue
        fetch, trip = fetch_trip(table, team, seats, code, r.dest)
        value -= ANGER[anger] + ROUND * (fetch + trip)
        if anger == ANGER_TO_COMPLAIN - 1 and fetch > 1.0 + 1e-9:
            value -= STRANDED * COMPLAINT
    if complaints >= COMPLAINTS_TO_LOSE:
        value -= 10 * COMPLAINT
    return value - COMPLAINT * (complaints - len(st.complaints))


@dataclass(slots=True)
class Seat:
    """One seat of the team's planes, as the worth hands them out to the passengers left waiting."""

    ready: float
    """Rounds until the seat is free."""
    where: str


def seats_free(table: Table, team: list[Flyer], plan: list[Tour]) -> list[list[Seat]]:
    """Every seat of the team, by plane: an empty one is free where its plane's tour ends, a taken one where its
    passenger gets off (flown straight there)."""
    out: list[list[Seat]] = []
    for f, t in zip(team, plan, strict=True):
        here = table.dist(f, t.at)
        out.append([Seat(0.0, t.at) for _ in range(f.seats - len(t.cargo))]
                   + [Seat(here.get(r.dest, 99) / f.speed, r.dest) for r in t.cargo])
    return out


def fetch_trip(table: Table, team: list[Flyer], seats: list[list[Seat]], code: str,
               dest: str) -> tuple[float, float]:
    """The rounds until a seat picks up a passenger waiting at `code` and the rounds of its trip after that, by the
    seat that gets it home first; that seat is then taken until the passenger's drop (a seat cannot fetch two)."""
    best = (99.0, 99.0)
    pick: Seat | None = None
    for f, mine in zip(team, seats, strict=True):
        if not mine:
            continue
        trip = table.dist(f, code).get(dest, 99) / f.speed
        last: Seat | None = None
        for seat in mine:
            if last is not None and seat.where == last.where and seat.ready == last.ready:
                continue  # the same as the seat before it (a plane's empty seats): it cannot do better
            last = seat
            fetch = seat.ready + table.dist(f, seat.where).get(code, 99) / f.speed
            if pick is None or fetch + trip < best[0] + best[1]:
                best, pick = (fetch, trip), seat
    if pick is not None:
        pick.ready, pick.where = best[0] + best[1], dest
    return best


def plan_round(st: NBState, seat: int, passes: int = PASSES, watch: Watch = UNLIMITED) -> list[str]:
    """The steps of `seat`'s tour in the team's best plan for this flight phase (Done not included)."""
    return candidates(st, seat, 1, passes, watch)[0][1]


def team_plan(st: NBState, passes: int = PASSES, watch: Watch = UNLIMITED,
              seat: int | None = None, order: list[int] | None = None) -> tuple[float, list[Tour]]:
    """The team's best tours for this flight phase (one per plane, by seat) and what they are worth.

    `seat`'s own plane is planned first in each pass, then the others by seat (or the planes in `order`, when
    given). With a time limit (`watch`, read before each plane's turn, at each stop while its tours are listed and
    before each tour is scored), the plan stops where the next step might end past the limit and keeps the best
    found: `seat`'s plane its best tour of those scored (none if time ran out before one beat staying put), a plane
    not reached nothing."""
    table = table_for(st.side, weather_key(st))
    team = flyers(st)
    waiting = riders(st)
    codes = [c for c in st.airports if is_airport(c)]
    plan = [Tour(f.seat, [], f.at, f.cargo) for f in team]
    best = worth(st, table, team, plan, waiting)
    turns = sorted(range(len(team)), key=lambda i: (i != seat, i)) if order is None else order
    for _n in range(passes):
        changed = False
        for i in turns:
            f = team[i]
            if f.fixed:
                continue
            if i != seat and watch.late():
                return best, plan
            others: set[str] = set()
            for j, t in enumerate(plan):
                if j != i:
                    others |= t.boarded
            free = {code: [r for r in rs if r.id not in others] for code, rs in waiting.items()}
            for cand in tours(table, f, free, codes, team, watch):
                if watch.late():
                    return best, plan
                trial = plan[:i] + [cand] + plan[i + 1:]
                value = worth(st, table, team, trial, waiting)
                if value > best + 1e-9:
                    best, plan, changed = value, trial, True
        if not changed:
            break
    return best, plan


def gain_order(st: NBState, watch: Watch = UNLIMITED) -> list[int] | None:
    """The planes by what their best tour alone (every other plane staying put) adds, the most first: a descent in
    this order lets the plane that gains most take its queue before a plane that comes first by seat. None once
    `watch` says time is short."""
    table = table_for(st.side, weather_key(st))
    team = flyers(st)
    waiting = riders(st)
    codes = [c for c in st.airports if is_airport(c)]
    still = [Tour(f.seat, [], f.at, f.cargo) for f in team]
    base = worth(st, table, team, still, waiting)
    gains = []
    for i, f in enumerate(team):
        if watch.late():
            return None
        best = 0.0
        if not f.fixed:
            for cand in tours(table, f, waiting, codes, team, watch):
                if watch.late():
                    return None
                best = max(best, worth(st, table, team, still[:i] + [cand] + still[i + 1:], waiting) - base)
        gains.append((-best, i))
    return [i for _g, i in sorted(gains)]


def candidates(st: NBState, seat: int, k: int, passes: int = PASSES,
               watch: Watch = UNLIMITED) -> list[tuple[float, list[str], list[Tour]]]:
    """`seat`'s `k` best tours, the best first, each scored with the other planes flying their tours of the team's
    plan: (worth, the seat's steps without Done, the team's tours with this one in the seat's place). Once `watch`
    says time is short, only the seat's tour in the team's plan."""
    value, plan = team_plan(st, passes, watch, seat)
    if watch.late():
        return [(value, steps(st, seat, plan[seat]), plan)]
    table = table_for(st.side, weather_key(st))
    team = flyers(st)
    waiting = riders(st)
    codes = [c for c in st.airports if is_airport(c)]
    others = set().union(*(t.boarded for j, t in enumerate(plan) if j != seat))
    free = {code: [r for r in rs if r.id not in others] for code, rs in waiting.items()}
    scored = []
    for n, cand in enumerate(tours(table, team[seat], free, codes, team, watch)):
        if watch.late():
            return [(value, steps(st, seat, plan[seat]), plan)]
        trial = plan[:seat] + [cand] + plan[seat + 1:]
        scored.append((worth(st, table, team, trial, waiting), n, trial))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(v, steps(st, seat, trial[seat]), trial) for v, _n, trial in scored[:k]] or [(0.0, [], plan)]


def steps(st: NBState, seat: int, tour: Tour) -> list[str]:
    """A tour's steps, with the temporary speed token used first when the tour needs its move."""
    out = list(tour.steps)
    if tour.moves > st.planes[seat].moves_left:
        out.insert(0, "boost")
    return out
