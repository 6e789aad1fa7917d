"""End-of-game scoring: goal VP + 5 VP per own cube boarded; ties by cubes boarded, then goals scored."""

from __future__ import annotations

from engine.core.contract import Result, SeatResult
from engine.planes.cards import card
from engine.planes.state import PlanesState


def goal_points(state: PlanesState, seat: int) -> int:
    return sum(card(c).vp for c in state.goals[seat])


def boarded_own(state: PlanesState, seat: int) -> int:
    colour = state.colour_of(seat)
    return sum(p.slots.count(colour) for p in state.planes if p.owner == seat)


def score(state: PlanesState, seat: int) -> int:
    return goal_points(state, seat) + 5 * boarded_own(state, seat)


def result(state: PlanesState) -> Result:
    keys = {s: (score(state, s), boarded_own(state, s), len(state.goals[s])) for s in range(state.players)}
    best = max(keys.values())
    winners = [s for s, k in keys.items() if k == best]
    standings = [
        SeatResult(seat=s, score=keys[s][0],
                   detail=f"{goal_points(state, s)} VP from {keys[s][2]} goals + {keys[s][1]} cubes boarded")
        for s in sorted(keys, key=lambda s: keys[s], reverse=True)
    ]
    names = " and ".join(f"Seat {w + 1}" for w in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    return Result(standings=standings, winners=winners, summary=f"{names} {verb} with {best[0]} VP.")
