"""The AI pilots of the Normal and Hard levels: the team planner (engine/now_boarding/team.py) flies the plane (at
Hard looking two rounds ahead, lookahead.py), the planes of three pilots or more and the route colours of two are
chosen together (fleet.py), and the greedy team's choices (engine/now_boarding/greedy.py) do the rest (the plane at two
pilots, the starting upgrade, weather, upgrades).

A pilot plans on a re-deal of what it cannot see (`Game.redeal_hidden`), like the search, so nothing hidden can
change its answer (the planner reads only what is face up anyway). A plan is cut where the game would refuse a
step, and one whose first step would be refused gives way to the greedy pilot's pick.

A plan keeps its level's time limit, counted from the moment the pilot is asked (`Watch`, engine/core/ai/watch.py): the
pilot's own plane's tour comes first, and the descent (down to one tour listed or scored) and Hard's look two rounds
ahead stop when the next step might end past the limit, so on a busy machine a pilot plays weaker, never slower; a
pilot out of time before its plane found a tour flies the greedy pilot's step.

Measured and left out (docs/notes/ai.md): an upgrade plan that saves for speed first, temporary tokens bought with the
fares left, and choosing between the planner's best tours by playing the rest of the day with the greedy team; none
won more days, and the last took ten times as long.
"""

from __future__ import annotations

from engine.core.ai.watch import UNLIMITED, Watch
from engine.core.contract import Decision, Game, IllegalAction
from engine.core.rng import Rng
from engine.now_boarding.fleet import plane_choice, route_choice
from engine.now_boarding.greedy import greedy_plan
from engine.now_boarding.lookahead import two_rounds
from engine.now_boarding.state import NBState
from engine.now_boarding.team import plan_round

LOOKAHEAD = {2: (5, 2), 3: (5, 2), 4: (3, 1), 5: (3, 1)}
"""Pilots -> (tours, re-deals) a Hard pilot looks two rounds ahead with: a plan costs about the same at every table
size (well under a second on a busy machine), inside the book's 15 s (2-3 pilots) and 30 s (4-5) a round."""
PASSES = {"normal": 1, "hard": 3}
"""Rounds of coordinate descent over the team's tours at each level."""


def pilot_plan(game: Game, st: NBState, decision: Decision, level: str, rng: Rng,
               watch: Watch = UNLIMITED) -> list[str]:
    """The plan of a `level` pilot for `decision` (`game` is Now Boarding, handed in by its own module), within
    `watch`'s time limit."""
    if decision.kind == "plane":
        plane = plane_choice(st, decision.seat)
        if plane is not None and decision.option(plane) is not None:
            return [plane]
    if decision.kind == "setup" and decision.options[0].id.startswith("route:"):
        route = route_choice(st, decision.seat)
        if route is not None and decision.option(route) is not None:
            return [route]
    if decision.kind != "flight":
        return greedy_plan(st, decision, rng)
    sample = game.redeal_hidden(st, decision.seat, rng)
    assert isinstance(sample, NBState)
    if level == "hard":
        tours, samples = LOOKAHEAD[st.players]
        steps = [*two_rounds(game, sample, decision.seat, tours, samples, PASSES[level], rng, watch), "done"]
    else:
        steps = [*plan_round(sample, decision.seat, PASSES.get(level, 1), watch), "done"]
    if steps == ["done"] and watch.late():
        # Time ran out before any tour of its own plane beat staying put: the greedy pilot's step costs nothing.
        return greedy_plan(sample, decision, rng)
    return legal_steps(game, sample, decision.seat, steps) or greedy_plan(sample, decision, rng)


def legal_steps(game: Game, st: NBState, seat: int, steps: list[str]) -> list[str]:
    """`steps` up to the first one the game would refuse (played on a copy)."""
    trial = st.model_copy(deep=True)
    legal: list[str] = []
    for step in steps:
        try:
            game.apply(trial, seat, step)
        except IllegalAction:
            break
        legal.append(step)
    return legal
