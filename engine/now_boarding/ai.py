"""The greedy team: the playout policy (selfplay, conformance playouts) and the AI seats' pilot.

Each pilot on their own, no planning together: deliver whoever can get off here, board the angriest passengers
while seats are free, fly toward the nearest destination aboard (or, with an empty plane, toward the angriest
waiting passengers that no other plane is sitting with), and press Done when no move brings the plane closer. In
maintenance it buys seats, then speed, and spends leftover change on a temporary token. Ties go to the seeded RNG.
A uniformly random team is `python -m engine selfplay now-boarding --uniform`.
"""

from __future__ import annotations

from engine.core.contract import Decision
from engine.core.rng import Rng
from engine.now_boarding.board import distances, is_airport
from engine.now_boarding.flight import nervous_aboard, weather_costs
from engine.now_boarding.maintenance import budget
from engine.now_boarding.state import NBState, Plane

BUY_ORDER = ("buy:seat", "buy:speed")


def _distances_to(st: NBState, plane: Plane, target: str) -> dict[str, int]:
    """Cost from every node to `target` for this plane (taken from the target outwards: close enough for a greedy
    pilot, the only difference being which end's storm is counted)."""
    return distances(st.side, target, set(plane.routes), weather_costs(st), nervous_aboard(plane))


def _target(st: NBState, seat: int) -> str | None:
    plane = st.planes[seat]
    here = distances(st.side, plane.at, set(plane.routes), weather_costs(st), nervous_aboard(plane))
    if plane.cargo:
        dests = [c.dest for c in plane.cargo if c.dest in here]
        return min(dests, key=lambda d: (here[d], d)) if dests else None
    covered = {p.at for s, p in enumerate(st.planes) if s != seat and is_airport(p.at) and len(p.cargo) < p.seats}
    best: tuple[int, str] | None = None
    for code, cards in st.airports.items():
        if not cards or code in covered or code not in here:
            continue
        score = (max(c.anger for c in cards) + len(cards)) * plane.speed - here[code] * 2
        if best is None or score > best[0] or (score == best[0] and code < best[1]):
            best = (score, code)
    return best[1] if best else None


def _worth_a_stop(st: NBState, plane: Plane, node: str, target: str) -> bool:
    """An airport on the way with someone to board or to deliver: stopping there costs nothing extra."""
    if not is_airport(node) or node == target:
        return False
    if any(c.dest == node for c in plane.cargo):
        return True
    free = sum(2 if c.vip == "fugitive" else 1 for c in plane.cargo) < plane.seats
    return free and any(c.face_up for c in st.airports[node])


def _flight(st: NBState, decision: Decision, rng: Rng) -> str:
    plane = st.planes[decision.seat]
    ids = [o.id for o in decision.options]
    delivers = [i for i in ids if i.startswith("drop:") and is_airport(plane.at)
                and next(c for c in plane.cargo if c.id == i[5:]).dest == plane.at]
    if delivers:
        return delivers[0]
    boards = [i for i in ids if i.startswith("board:") and "(temporary seat)" not in (decision.option(i) or
                                                                                      decision.options[0]).label]
    if boards and is_airport(plane.at):
        waiting = {c.id: c for c in st.airports[plane.at]}
        return max(boards, key=lambda i: (waiting[i[6:]].anger, waiting[i[6:]].fare, rng.below(1000)))
    target = _target(st, decision.seat)
    if target is not None and target != plane.at:
        to_target = _distances_to(st, plane, target)
        now = to_target.get(plane.at, 10_000)
        flights = [(to_target.get(i[4:], 10_000), i) for i in ids if i.startswith("fly:")]
        closer = [f for f in flights if f[0] < now]
        stops = [f for f in closer if _worth_a_stop(st, plane, f[1][4:], target)]
        if stops:
            return max(stops)[1]
        if closer:
            return min(closer)[1]
    return "done"


def _upgrade(st: NBState, decision: Decision) -> str:
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
    if decision.kind == "setup":
        return ["start:seat" if decision.option("start:seat") else decision.options[0].id]
    if decision.kind == "flight":
        return [_flight(st, decision, rng)]
    return [_upgrade(st, decision)]
