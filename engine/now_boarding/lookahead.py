"""Two rounds instead of one: the Hard pilot's few best tours, each followed through the maintenance after it and
the team's best plan for the round after that.

The team planner (team.py) scores a round by what it leaves behind; that misses what only shows a round later (a
queue that two planes can no longer both reach, passengers that check in where a plane just left). So for its few
best tours, a Hard pilot plays the round out on re-deals of what nobody can see: its own tour, the others' tours of
the team's plan, the maintenance (anger, complaints, new passengers, the greedy team's purchases), then plans the
next round for the whole team and scores it. The tour whose two rounds add up best wins.

The few best tours come from one team plan, so they are mostly one plan's variations. One more comes from a team plan
whose descent lets the planes that gain most choose first (`other_start`): the descent by seat stops where no single
plane's change helps, and two planes that should trade queues never get there one at a time.
"""

from __future__ import annotations

from engine.core.ai.watch import UNLIMITED, Watch
from engine.core.contract import Game, IllegalAction
from engine.core.rng import Rng
from engine.now_boarding.greedy import greedy_plan
from engine.now_boarding.state import NBState
from engine.now_boarding.team import COMPLAINT, DELIVERY, FARE, candidates, gain_order, steps, team_plan
from engine.now_boarding.tours import Tour

LOST = 10 * COMPLAINT
WON = 10 * COMPLAINT


def _fly(game: Game, st: NBState, seat: int, plan: list[str]) -> None:
    for step in [*plan, "done"]:
        if st.phase != "flight" or st.planes[seat].done:
            return
        try:
            game.apply(st, seat, step)
        except IllegalAction:
            game.apply(st, seat, "done")
            return


def _maintain(game: Game, st: NBState, rng: Rng) -> None:
    """The greedy team's purchases (and any weather token) until the next flight phase or the end of the day."""
    for _ in range(200):
        if st.over or st.phase == "flight":
            return
        decision = game.pending(st)[0]
        game.apply(st, decision.seat, greedy_plan(st, decision, rng)[0])


def other_start(st: NBState, seat: int, passes: int, watch: Watch,
                known: list[list[str]]) -> list[tuple[float, list[str], list[Tour]]]:
    """The seat's tour in the team plan found by a descent in another order (`gain_order`), when it is not among
    `known`: coordinate descent stops at a plan no single plane's change improves, and another order may stop at
    a different one, which the two rounds judge better than the worth of one round can."""
    order = gain_order(st, watch)
    if order is None or order == sorted(order, key=lambda i: (i != seat, i)) or watch.late():
        return []
    value, plan = team_plan(st, passes, watch, seat, order)
    mine = steps(st, seat, plan[seat])
    return [] if mine in known or watch.late() else [(value, mine, plan)]


def two_rounds(game: Game, st: NBState, seat: int, tours: int, samples: int, passes: int, rng: Rng,
               watch: Watch = UNLIMITED) -> list[str]:
    """The steps (Done not included) of the seat's tour whose two rounds score best over `samples` re-deals (`game`
    is Now Boarding, handed in by its own module), within `watch`'s time limit. The second plan's tour
    (`other_start`) is looked at last, so on a busy machine it is the first thing left out."""
    options = candidates(st, seat, tours, passes, watch)
    if len(options) == 1 or st.final_round:
        return options[0][1]
    seeds = [rng.next64() for _ in range(samples)]
    best, best_score = options[0][1], float("-inf")
    for _value, mine, plan in options:
        score = _two_rounds_score(game, st, seat, mine, plan, seeds, watch)
        if score is None:
            return best
        if score > best_score:
            best, best_score = mine, score
    for _value, mine, plan in other_start(st, seat, passes, watch, [mine for _v, mine, _p in options]):
        score = _two_rounds_score(game, st, seat, mine, plan, seeds, watch)
        if score is not None and score > best_score:
            best = mine
    return best


def _two_rounds_score(game: Game, st: NBState, seat: int, mine: list[str], plan: list[Tour], seeds: list[int],
                      watch: Watch) -> float | None:
    """What the seat's tour `mine`, the others flying `plan`'s tours, scores over two rounds on the re-deals of
    `seeds`; None once `watch` says time is short before the last re-deal is whole."""
    score = 0.0
    for seed in seeds:
        if watch.late():
            return None
        trial = game.redeal_hidden(st, seat, Rng.seeded(seed))
        assert isinstance(trial, NBState)
        before = (sum(p.delivered for p in trial.planes), sum(p.earned for p in trial.planes),
                  len(trial.complaints))
        _fly(game, trial, seat, mine)
        for other, tour in enumerate(plan):
            if other != seat:
                _fly(game, trial, other, steps(trial, other, tour))
        _maintain(game, trial, Rng.seeded(seed))
        delivered = sum(p.delivered for p in trial.planes) - before[0]
        earned = sum(p.earned for p in trial.planes) - before[1]
        score += DELIVERY * delivered + FARE * earned - COMPLAINT * (len(trial.complaints) - before[2])
        if trial.over:
            score += LOST if trial.lost else WON
        else:
            score += team_plan(trial, 1, watch)[0]
            if watch.late():  # the next round's plan was cut short: this tour's score is not whole
                return None
    return score
