"""The team planner: one flight phase planned for every plane at once, each plane's round a tour (tours.py).

Every pilot that is still flying gets a tour; the team's tours are scored together by what the round leaves behind
(`worth`), and improved one plane at a time with the others' tours held fixed (coordinate descent) until no plane's
change helps. A pilot then flies its own tour. Every AI pilot works this out alike from what the whole table sees,
so their tours fit together; a plane whose pilot pressed Done stays put, and a member's plane is planned as a
teammate would fly it: the passengers it carries are its own to deliver, and what it still needs is left to it.

What a round leaves behind is worth, in points:
- each delivery (`DELIVERY`, plus its fare: fares buy the upgrades the day needs);
- for each passenger aboard, the rounds its plane still needs to reach its destination (`ROUND`);
- for each passenger waiting, the anger the coming maintenance gives it (`ANGER`; the fourth is a complaint), and
  the rounds the nearest plane needs to fetch it and its trip after that; one that would complain next round with no
  plane able to reach it in time counts most of a complaint;
- in the final round, half a complaint for everyone not delivered (the exit count), and a whole one for a passenger
  left waiting at their third anger: the last maintenance's anger comes before the count and makes them complain.
"""

from __future__ import annotations

from engine.core.watch import UNLIMITED, Watch
from engine.now_boarding.board import is_airport
from engine.now_boarding.flight import nervous_aboard, weather_key
from engine.now_boarding.maintenance import ANGER_TO_COMPLAIN, COMPLAINTS_TO_LOSE
from engine.now_boarding.state import NBState
from engine.now_boarding.tours import Flyer, Rider, Table, Tour, relay_worth, table_for, tours, without

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
    """What the team's tours leave behind (see the module note); minus infinity for a plan whose tours do not fit (a
    plane boards a passenger nobody left there, or two planes board the same one), or that leaves a passenger for a
    hand-over no plane takes on where they are no relay for a later round either (`relay_worth`)."""
    value, loose = judged(st, table, team, plan, waiting)
    return float("-inf") if loose else value


def judged(st: NBState, table: Table, team: list[Flyer], plan: list[Tour],
           waiting: dict[str, list[Rider]]) -> tuple[float, bool]:
    """`worth`, and whether the plan leaves a passenger for a hand-over nobody takes on (then the worth is as if
    they were a relay for a later round: what the plan would be worth if a later plane took them on)."""
    taken: set[str] = set()
    boardings = 0
    for tour in plan:
        taken |= tour.boarded
        boardings += len(tour.boarded)
    handed = {(code, r.id) for tour in plan for code, r in tour.left}
    took = [pair for tour in plan for pair in tour.took]
    if len(taken) < boardings - len(took) or len(set(took)) < len(took) or not handed.issuperset(took):
        return float("-inf"), False
    loose = False
    taken_over = set(took)
    left: dict[str, list[Rider]] = {code: [r for r in rs if r.id not in taken] for code, rs in waiting.items()}
    for tour in plan:
        for code, r in tour.left:
            if (code, r.id) in taken_over:
                continue
            loose = loose or not relay_worth(table, team[tour.seat], team, code, r)
            left[code].append(Rider(r.id, r.origin, r.dest, r.fare, -1))  # anger 0 after the maintenance
    delivered = [r for tour in plan for r in tour.delivered]
    aboard = sum(len(t.cargo) for t in plan)
    if st.final_round:
        # The last anger comes before the exit count: whoever it makes complain leaves, one complaint each.
        angry = sum(1 for rs in left.values() for r in rs if r.anger + 1 >= ANGER_TO_COMPLAIN)
        stranded = aboard + sum(len(rs) for rs in left.values()) - angry + sum(
            1 for cards in st.airports.values() for c in cards if not c.face_up)
        return -COMPLAINT * (angry + stranded // 2) + DELIVERY * len(delivered) - 0.1 * stranded, loose
    value = sum(DELIVERY + FARE * r.fare for r in delivered)
    dists = [table.dist(f, t.at) for f, t in zip(team, plan, strict=True)]
    for f, t, dist in zip(team, plan, dists, strict=True):
        for r in t.cargo:
            value -= ROUND * dist.get(r.dest, 99) / f.speed
    complaints = len(st.complaints)
    for code, rs in left.items():
        if not rs:
            continue
        fetch = min((d.get(code, 99) / f.speed for f, d in zip(team, dists, strict=True)), default=99.0)
        reached = any(d.get(code, 99) <= f.speed for f, d in zip(team, dists, strict=True))
        from_here = [(f.speed, table.dist(f, code)) for f in team]
        for r in rs:
            anger = r.anger + 1
            if anger >= ANGER_TO_COMPLAIN:
                complaints += 1
                continue
            trip = min((d.get(r.dest, 99) / speed for speed, d in from_here), default=99.0)
            value -= ANGER[anger] + ROUND * (fetch + trip)
            if anger == ANGER_TO_COMPLAIN - 1 and not reached:
                value -= STRANDED * COMPLAINT
    if complaints >= COMPLAINTS_TO_LOSE:
        value -= 10 * COMPLAINT
    return value - COMPLAINT * (complaints - len(st.complaints)), loose


def plan_round(st: NBState, seat: int, passes: int = PASSES, watch: Watch = UNLIMITED) -> list[str]:
    """The steps of `seat`'s tour in the team's best plan for this flight phase (Done not included)."""
    return candidates(st, seat, 1, passes, watch)[0][1]


def flying_order(team: list[Flyer], seat: int | None = None) -> list[int]:
    """The seats in the order the team's planes are planned: `seat`'s (else the first still flying) first, the rest
    by seat. The first plane flies its whole tour before any other pilot plans again (an AI pilot plays its round
    through, then the next one plans on the table it left), so it alone may leave passengers for the others to
    board later in the same round; no other plane is counted on to fly before another."""
    flying = [f.seat for f in team if not f.fixed]
    first = seat if seat in flying else (flying[0] if flying else None)
    return ([] if first is None else [first]) + [f.seat for f in team if f.seat != first]


def _stay(flyer: Flyer) -> Tour:
    return Tour(flyer.seat, [], flyer.at, flyer.cargo)


def _own(tour: Tour) -> frozenset[str]:
    """The passengers a tour boards where they checked in or wait already (not those handed over to it)."""
    return tour.boarded - {rid for _code, rid in tour.took} if tour.took else tour.boarded


class _Descent:
    """The team's tours, improved one plane (or the first plane and one later plane) at a time."""

    def __init__(self, st: NBState, seat: int | None) -> None:
        self.st = st
        self.table = table_for(st.side, weather_key(st))
        self.team = flyers(st)
        self.waiting = riders(st)
        self.codes = [c for c in st.airports if is_airport(c)]
        self.turn = flying_order(self.team, seat)
        self.first = self.turn[0] if self.turn else -1
        self.plan = [_stay(f) for f in self.team]
        self.best = self.worth(self.plan)

    def worth(self, plan: list[Tour]) -> float:
        return worth(self.st, self.table, self.team, plan, self.waiting)

    def choices(self, i: int) -> list[Tour]:
        """Plane i's tours with the others' held fixed: the passengers they board are not free for it (a hand-over
        they board is: it boards where it was left), and what the first plane leaves this round and nobody else
        takes on is there for it to board."""
        others: set[str] = set()
        claimed: set[str] = set()
        for j, t in enumerate(self.plan):
            if j != i:
                others |= _own(t)
                claimed |= {rid for _code, rid in t.took}
        free = {code: [r for r in rs if r.id not in others] for code, rs in self.waiting.items()}
        if i != self.first:
            handed: dict[str, list[Rider]] = {}
            for code, r in self.plan[self.first].left:
                if r.id not in claimed:
                    handed.setdefault(code, []).append(r)
            return tours(self.table, self.team[i], free, self.codes, self.team, handed)
        later = [f for f in self.team if f.seat != i and not f.fixed]
        meet = frozenset(code for code in self.codes
                         if any(self.table.dist(f, f.at).get(code, 99) <= f.moves for f in later))
        return tours(self.table, self.team[i], free, self.codes, self.team, meet=meet)

    def fitted(self, i: int, tour: Tour, plan: list[Tour] | None = None) -> list[Tour]:
        """The plan with plane i flying `tour`; a later plane counting on a hand-over the first plane no longer
        leaves flies the same flights without boarding them."""
        trial = list(self.plan if plan is None else plan)
        trial[i] = tour
        if i != self.first:
            return trial
        handed = {(code, r.id) for code, r in tour.left}
        for j, t in enumerate(trial):
            if j != i and t.took:
                gone = {rid for code, rid in t.took if (code, rid) not in handed}
                if gone:
                    trial[j] = without(t, gone)
        return trial

    def step(self, i: int) -> tuple[bool, dict[frozenset[tuple[str, str]], tuple[float, Tour]]]:
        """Plane i's best tour with the others' fixed: whether the plan changed, and (the first plane) its best
        tour for each set of passengers it may leave, ranked as if they were taken on."""
        leaving: dict[frozenset[tuple[str, str]], tuple[float, Tour]] = {}
        changed = False
        for cand in self.choices(i):
            trial = self.fitted(i, cand)
            rank, loose = judged(self.st, self.table, self.team, trial, self.waiting)
            value = float("-inf") if loose else rank
            if i == self.first and cand.left:
                key = frozenset((code, r.id) for code, r in cand.left)
                if key not in leaving or rank > leaving[key][0]:
                    leaving[key] = (rank, cand)
            if value > self.best + 1e-9:
                self.best, self.plan, changed = value, trial, True
        return changed, leaving

    def hand_over(self, j: int, leaving: dict[frozenset[tuple[str, str]], tuple[float, Tour]]) -> bool:
        """The best change of two tours at once: the first plane's to one that leaves passengers somewhere
        (`leaving`) and plane j's to one that boards some of them there. One plane's change alone misses it:
        leaving a passenger is worth little while nobody takes them on, and nobody can take on a passenger not
        left. Whether the plan changed."""
        offered: dict[str, dict[str, Rider]] = {}
        for _rank, tour in leaving.values():
            for code, r in tour.left:
                offered.setdefault(code, {})[r.id] = r
        others = set().union(*(_own(t) for k, t in enumerate(self.plan) if k not in (j, self.first)))
        free = {code: [r for r in rs if r.id not in others] for code, rs in self.waiting.items()}
        handed = {code: list(rs.values()) for code, rs in offered.items()}
        changed = False
        for cand in tours(self.table, self.team[j], free, self.codes, self.team, handed):
            if not cand.took:
                continue
            needed = set(cand.took)
            own = _own(cand)
            fits = [(rank, tour) for key, (rank, tour) in leaving.items()
                    if needed <= key and not own & tour.boarded]
            if not fits:
                continue
            _rank, tour = max(fits, key=lambda rt: rt[0])
            trial = self.fitted(j, cand, self.fitted(self.first, tour))
            value = self.worth(trial)
            if value > self.best + 1e-9:
                self.best, self.plan, changed = value, trial, True
        return changed

    def run(self, passes: int, watch: Watch, seat: int | None) -> None:
        for n in range(passes):
            changed = False
            for i in self.turn:
                if self.team[i].fixed:
                    continue
                if (n or i != seat) and watch.late():
                    if n:
                        return
                    continue
                moved, leaving = self.step(i)
                changed |= moved
                if not leaving:
                    continue
                for j in self.turn[1:]:
                    if self.team[j].fixed:
                        continue
                    if watch.late():
                        return
                    changed |= self.hand_over(j, leaving)
            if not changed:
                return


def team_plan(st: NBState, passes: int = PASSES, watch: Watch = UNLIMITED,
              seat: int | None = None) -> tuple[float, list[Tour]]:
    """The team's best tours for this flight phase (one per plane, by seat) and what they are worth.

    The planes are planned in their flying order (`flying_order`): the first one's tours may leave passengers for
    the later ones to board. With a time limit (`watch`, read before each plane's turn in the descent), `seat`'s
    own plane always gets its tour in the first pass; another plane whose turn comes once time is short keeps no
    tour in the first pass (it is counted on for nothing), and a later pass stops there."""
    descent = _Descent(st, seat)
    descent.run(passes, watch, seat)
    return descent.best, descent.plan


def candidates(st: NBState, seat: int, k: int, passes: int = PASSES,
               watch: Watch = UNLIMITED) -> list[tuple[float, list[str], list[Tour]]]:
    """`seat`'s `k` best tours, the best first, each scored with the other planes flying their tours of the team's
    plan: (worth, the seat's steps without Done, the team's tours with this one in the seat's place). Once `watch`
    says time is short, only the seat's tour in the team's plan."""
    descent = _Descent(st, seat)
    descent.run(passes, watch, seat)
    plan = descent.plan
    if watch.late():
        return [(descent.best, steps(st, seat, plan[seat]), plan)]
    scored = []
    for n, cand in enumerate(descent.choices(seat)):
        trial = descent.fitted(seat, cand)
        scored.append((descent.worth(trial), n, trial))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(v, steps(st, seat, trial[seat]), trial) for v, _n, trial in scored[:k] if v > float("-inf")] \
        or [(0.0, [], plan)]


def steps(st: NBState, seat: int, tour: Tour) -> list[str]:
    """A tour's steps, with the temporary speed token used first when the tour needs its move."""
    out = list(tour.steps)
    if tour.moves > st.planes[seat].moves_left:
        out.insert(0, "boost")
    return out
