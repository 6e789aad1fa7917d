"""The greedy team: the playout policy (selfplay, conformance playouts) and the AI seats' pilot.

Each pilot decides one step at a time from what the whole table sees, keeping no plan between steps:
- deliver whoever can get off here; board waiting passengers while seats are free, the angriest first (boarding
  takes their anger away, and the temporary seat is used as soon as it is bought), then those going where the plane
  goes anyway; trade a calm passenger aboard for one about to complain here;
- fly toward the best place on the map: every airport is worth the deliveries this plane can make there plus the
  waiting passengers it could take (angrier ones count far more), less a price per move to get there. Queues are
  shared out first, best plane-to-queue pair first and one queue per plane, so two planes do not chase the same
  passengers; every pilot works that out alike. A flight is taken only if it brings that worth closer; the
  temporary speed token is spent when the moves run out with somewhere still to go;
- press Done when no flight helps.
In maintenance it buys seats, then speed, pays with the fares that overspend least, and spends leftover change on a
temporary token. At setup it takes the
suggested plane; it puts each weather token on its route's middle space. Ties go to the seeded RNG. A uniformly
random team is `python -m engine selfplay now-boarding --uniform`; the figures of both are in
docs/now-boarding-rulings.md.
"""

from __future__ import annotations

from engine.core.contract import Decision
from engine.core.rng import Rng
from engine.now_boarding.board import distances, is_airport
from engine.now_boarding.flight import nervous_aboard, seats_used, weather_key
from engine.now_boarding.maintenance import ANGER_TO_COMPLAIN, budget
from engine.now_boarding.setup import route_middle, weather_card
from engine.now_boarding.state import NBState, Pax, Plane

BUY_ORDER = ("buy:seat", "buy:speed")
DELIVERY = 6.0
"""Worth of a delivery, against a waiting passenger's 3 + (1 + anger)²: a passenger about to complain comes first."""
MOVE_PRICE = 4.0
"""Worth lost per move between a plane and where it could do something."""
SHARED = 0.3
"""Share of a queue's worth left to a plane when the queue went to another plane."""
URGENT = ANGER_TO_COMPLAIN - 2
"""Anger from which a waiting passenger complains within two maintenance phases."""


def _waiting_worth(card: Pax) -> float:
    return 3.0 + (1 + card.anger) ** 2


def _from(st: NBState, plane: Plane, node: str) -> dict[str, int]:
    """Cost from `node` to every node for this plane."""
    return distances(st.side, node, plane.routes, weather_key(st), nervous_aboard(plane))


def _free(plane: Plane) -> int:
    return plane.seats - seats_used(plane)


def _room_at(plane: Plane, code: str) -> int:
    """Seats this plane would have at `code` after delivering there."""
    return _free(plane) + sum(1 for c in plane.cargo if c.dest == code)


def _queue(st: NBState, code: str) -> list[Pax]:
    return sorted((c for c in st.airports[code] if c.face_up), key=lambda c: -c.anger)


def claims(st: NBState) -> dict[str, int]:
    """Which plane goes for each airport's queue: the best pairs (worth less moves) first, one queue per plane."""
    dists = [_from(st, p, p.at) for p in st.planes]
    pairs = []
    for code in st.airports:
        queue = _queue(st, code)
        for seat, plane in enumerate(st.planes):
            room = _room_at(plane, code)
            if room <= 0 or not queue or code not in dists[seat]:
                continue
            value = sum(_waiting_worth(c) for c in queue[:room]) - MOVE_PRICE * dists[seat][code]
            pairs.append((value, -seat, code, seat))
    claimed: dict[str, int] = {}
    for _value, _order, code, seat in sorted(pairs, reverse=True):
        if code not in claimed and seat not in claimed.values():
            claimed[code] = seat
    return claimed


def worth(st: NBState, seat: int) -> dict[str, float]:
    """What each airport is worth to this plane: its deliveries there and the passengers it could board there."""
    plane = st.planes[seat]
    claimed = claims(st)
    out: dict[str, float] = {}
    for code in st.airports:
        value = DELIVERY * sum(1 for c in plane.cargo if c.dest == code and c.boarded_at != code)
        waiting = _queue(st, code)[:max(_room_at(plane, code), 0)]
        if waiting and code != plane.at:
            share = 1.0 if claimed.get(code, seat) == seat else SHARED
            value += sum(_waiting_worth(c) for c in waiting) * share
        if value:
            out[code] = value
    return out


def _pull(st: NBState, plane: Plane, worths: dict[str, float], node: str) -> float:
    """How much the best airport is worth seen from `node`, less the moves to get there."""
    dist = _from(st, plane, node)
    return max((v - MOVE_PRICE * dist[code] for code, v in worths.items() if code in dist), default=0.0)


def _board(st: NBState, decision: Decision, rng: Rng) -> str | None:
    plane = st.planes[decision.seat]
    waiting = {c.id: c for c in st.airports[plane.at]}
    # A passenger may take the temporary seat like any other: keeping it for one about to complain made the greedy
    # team deliver fewer (docs/notes/ai.md, 100 deals at 2 and 4 pilots).
    boards = [o.id for o in decision.options if o.id.startswith("board:")]
    if not boards:
        return None
    ways = [_from(st, plane, c.dest) for c in plane.cargo]

    def order(option: str) -> tuple[int, int, int]:
        card = waiting[option[6:]]
        if card.anger >= URGENT or not ways:
            return (card.anger, 0, rng.below(1000))
        return (card.anger, -min(way.get(card.dest, 99) for way in ways), rng.below(1000))

    return max(boards, key=order)


def _swap(st: NBState, plane: Plane, ids: list[str]) -> str | None:
    """A full plane at an airport where someone is about to complain: leave a calm passenger here to make room."""
    if _free(plane) > 0:
        return None
    urgent = [c for c in st.airports[plane.at] if c.face_up and c.anger >= URGENT and not c.vip]
    calm = [c for c in plane.cargo if not c.anger and not c.vip and f"drop:{c.id}" in ids]
    return f"drop:{calm[0].id}" if urgent and calm else None


def _flight(st: NBState, decision: Decision, rng: Rng) -> str:
    plane = st.planes[decision.seat]
    ids = [o.id for o in decision.options]
    if is_airport(plane.at):
        delivers = [i for i in ids if i.startswith("drop:")
                    and next(c for c in plane.cargo if c.id == i[5:]).dest == plane.at]
        if delivers:
            return delivers[0]
        step = _board(st, decision, rng) or _swap(st, plane, ids)
        if step is not None:
            return step
    worths = worth(st, decision.seat)
    if not worths:
        return "done"
    if plane.moves_left == 0:
        return "boost" if "boost" in ids else "done"
    best = _pull(st, plane, worths, plane.at)
    flights = [(_pull(st, plane, worths, i[4:]), rng.below(1000), i) for i in ids if i.startswith("fly:")]
    better = [f for f in flights if f[0] > best]
    return max(better)[2] if better else "done"


def _upgrade(st: NBState, decision: Decision) -> str:
    if decision.options[0].id.startswith("pay:"):
        return decision.options[0].id  # the least overspent way to pay
    ids = {o.id for o in decision.options}
    for choice in BUY_ORDER:
        if choice in ids:
            return choice
    plane = st.planes[decision.seat]
    if plane.credit and budget(plane) == plane.credit:
        for choice in ("buy:tempseat", "buy:tempspeed"):
            if choice in ids:
                return choice
    return "done"


def greedy_plan(st: NBState, decision: Decision, rng: Rng) -> list[str]:
    if decision.kind == "plane":
        return [decision.options[0].id]  # the suggested plane: the chart's order covers both coasts first
    if decision.kind == "weather":
        return [f"weather:{route_middle(weather_card(st))}"]
    if decision.kind == "setup":
        return ["start:seat" if decision.option("start:seat") else decision.options[0].id]
    if decision.kind == "flight":
        return [_flight(st, decision, rng)]
    return [_upgrade(st, decision)]
