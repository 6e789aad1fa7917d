"""The AI pilots of the Normal and Hard levels: the team planner (engine/now_boarding/team.py) flies the plane, the
route colours of two pilots are chosen together (fleet.py), and the greedy team's choices (engine/now_boarding/ai.py)
do the rest (the plane, the starting upgrade, weather, upgrades).

A pilot plans on a re-deal of what it cannot see (`Game.redeal_hidden`), like the search, so nothing hidden can
change its answer (the planner reads only what is face up anyway). A plan is cut where the game would refuse a
step, and one whose first step would be refused gives way to the greedy pilot's pick.

Measured and left out (docs/ai.md): an upgrade plan that saves for speed first, and choosing between the planner's
best tours by playing the rest of the day with the greedy team; neither won more days, and the second took ten
times as long.
"""

from __future__ import annotations

from engine.core.contract import Decision, IllegalAction
from engine.core.rng import Rng
from engine.now_boarding.ai import greedy_plan
from engine.now_boarding.fleet import route_choice
from engine.now_boarding.lookahead import two_rounds
from engine.now_boarding.state import NBState
from engine.now_boarding.team import plan_round

LOOKAHEAD_TOURS = 3
LOOKAHEAD_SAMPLES = 1
PASSES = {"normal": 1, "hard": 3}
"""Rounds of coordinate descent over the team's tours at each level."""


def pilot_plan(st: NBState, decision: Decision, level: str, rng: Rng) -> list[str]:
    from engine.now_boarding.game import GAME  # the game module imports this one

    if decision.kind == "setup" and decision.options[0].id.startswith("route:"):
        route = route_choice(st, decision.seat)
        if route is not None and decision.option(route) is not None:
            return [route]
    if decision.kind != "flight":
        return greedy_plan(st, decision, rng)
    sample = GAME.redeal_hidden(st, decision.seat, rng)
    if level == "hard":
        steps = [*two_rounds(sample, decision.seat, LOOKAHEAD_TOURS, LOOKAHEAD_SAMPLES, PASSES[level], rng), "done"]
    else:
        steps = [*plan_round(sample, decision.seat, PASSES.get(level, 1)), "done"]
    return legal_steps(sample, decision.seat, steps) or greedy_plan(sample, decision, rng)


def legal_steps(st: NBState, seat: int, steps: list[str]) -> list[str]:
    """`steps` up to the first one the game would refuse (played on a copy)."""
    from engine.now_boarding.game import GAME

    trial = st.model_copy(deep=True)
    legal: list[str] = []
    for step in steps:
        try:
            GAME.apply(trial, seat, step)
        except IllegalAction:
            break
        legal.append(step)
    return legal
