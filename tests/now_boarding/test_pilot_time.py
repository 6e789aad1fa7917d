"""A Now Boarding AI pilot keeps its time limit (engine/core/watch.py), read on a clock that jumps."""

from __future__ import annotations

from engine.core import levels
from engine.core.contract import GameState
from engine.core.rng import Rng
from engine.core.watch import Watch
from engine.now_boarding.game import GAME, NowBoarding
from engine.now_boarding.pilot import LOOKAHEAD, pilot_plan
from engine.now_boarding.state import NBState
from engine.now_boarding.team import team_plan
from tests.now_boarding.helpers import bare, pax


class Counted(NowBoarding):
    """Now Boarding that counts its re-deals: one for the pilot's own sample, then one per re-deal of the look."""

    def __init__(self) -> None:
        self.redeals = 0

    def redeal_hidden(self, state: GameState, seat: int, rng: Rng) -> GameState:
        self.redeals += 1
        return super().redeal_hidden(state, seat, rng)


class Ticking:
    """A clock that moves on by `step` seconds every time it is read."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.readings.append(len(self.readings) * self.step)
        return self.readings[-1]


def busy() -> NBState:
    st = bare()
    st.airports["MIA"] = [pax("MIA", "DEN", anger=2), pax("MIA", "SFO")]
    st.airports["SFO"] = [pax("SFO", "DEN", anger=1), pax("SFO", "ATL")]
    st.airports["ATL"] = [pax("ATL", "LAX", anger=1)]
    return st


def plan(game: NowBoarding, level: str, watch: Watch | None = None) -> list[str]:
    st = busy()
    decision = game.pending(st)[0]
    return pilot_plan(game, st, decision, level, Rng.seeded(3), *([watch] if watch else []))


def test_without_a_limit_the_clock_is_never_read_and_the_look_plays_every_redeal() -> None:
    def broken() -> float:
        raise AssertionError("a plan without a time limit read the clock")

    game = Counted()
    assert plan(game, levels.HARD, Watch(None, broken)) == plan(Counted(), levels.HARD)
    tours, samples = LOOKAHEAD[2]
    assert game.redeals == 1 + tours * samples, "the pilot's sample, then every tour on every re-deal"


def test_a_plan_past_its_time_flies_its_own_planes_tour_and_skips_the_look() -> None:
    game = Counted()
    hard = plan(game, levels.HARD, Watch(1.0, Ticking(10.0)))  # every step takes ten seconds
    assert game.redeals == 1, "no re-deal of the look two rounds ahead once the time is up"
    assert hard == plan(GAME, levels.NORMAL, Watch(1.0, Ticking(10.0))), "what Normal flies out of time"
    assert hard[0] != "done" and hard[-1] == "done", "its own plane still flies a tour"


def test_out_of_time_the_descent_plans_the_pilots_own_plane_and_counts_on_nothing_from_the_others() -> None:
    st = busy()
    _value, late = team_plan(st, 3, Watch(1.0, Ticking(10.0)), seat=1)
    assert late[0].steps == [] and late[1].steps != [], "seat 1's plane has its tour; seat 0's was skipped"
    _value, full = team_plan(st, 3, Watch(1.0, Ticking(0.001)), seat=1)
    assert full == team_plan(st, 3)[1] and full[0].steps != [], "with time to spare, the whole descent"


def test_a_plan_stops_before_the_step_that_would_overrun() -> None:
    game = Counted()
    clock = Ticking(0.1)  # every step takes a tenth of a second: the limit of a second fits a few of them
    hard = plan(game, levels.HARD, Watch(1.0, clock))
    tours, samples = LOOKAHEAD[2]
    assert 1 < game.redeals < 1 + tours * samples, "some of the look's re-deals, not all"
    assert clock.readings[-1] < 1.0, "it stopped while the next step still ended within the limit"
    assert hard[-1] == "done" and hard[0] in {o.id for o in GAME.pending(busy())[0].options}


def test_the_game_hands_the_pilot_what_is_left_of_the_levels_time() -> None:
    game = Counted()
    st = busy()
    levels.plan(game, st, 0, levels.HARD, Rng.seeded(3), clock=lambda: 10.0, asked=9.0)
    assert game.redeals == 1, "Hard's second all spent before the planner began: the one-round plan only"
