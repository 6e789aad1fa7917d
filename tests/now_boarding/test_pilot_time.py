"""A Now Boarding AI pilot keeps its time limit (engine/core/ai/watch.py), read on a clock that jumps."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from engine.core.ai import levels
from engine.core.ai.watch import Watch
from engine.core.contract import GameState
from engine.core.rng import Rng
from engine.now_boarding import team
from engine.now_boarding.board import is_airport
from engine.now_boarding.flight import weather_key
from engine.now_boarding.game import GAME, NowBoarding
from engine.now_boarding.greedy import greedy_plan
from engine.now_boarding.pilot import LOOKAHEAD, pilot_plan
from engine.now_boarding.state import NBState
from engine.now_boarding.team import team_plan
from engine.now_boarding.tours import Tour, table_for, tours
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


def test_a_pilot_out_of_time_before_its_plane_found_a_tour_flies_the_greedy_pilots_step() -> None:
    game = Counted()
    hard = plan(game, levels.HARD, Watch(1.0, Ticking(10.0)))  # every step takes ten seconds
    assert game.redeals == 1, "no re-deal of the look two rounds ahead once the time is up"
    st = busy()
    assert hard == greedy_plan(st, GAME.pending(st)[0], Rng.seeded(3)) == ["board:pax:ATL>LAX"]
    assert hard == plan(GAME, levels.NORMAL, Watch(1.0, Ticking(10.0))), "what Normal flies out of time"


def test_out_of_time_the_descent_counts_on_nothing() -> None:
    st = busy()
    _value, late = team_plan(st, 3, Watch(1.0, Ticking(10.0)), seat=1)
    assert late[0].steps == late[1].steps == [], "no plane's tour was scored"
    _value, full = team_plan(st, 3, Watch(1.0, Ticking(0.001)), seat=1)
    assert full == team_plan(st, 3)[1] and full[0].steps != [], "with time to spare, the whole descent"


class Working:
    """A clock that moves only with the planner's work: `cost` seconds for every tour it scores."""

    def __init__(self, cost: float) -> None:
        self.cost = cost
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def slow_scoring(monkeypatch: pytest.MonkeyPatch, clock: Working) -> None:
    real = team.worth

    def worth(*args: Any) -> float:
        clock.now += clock.cost
        return real(*args)

    monkeypatch.setattr(team, "worth", worth)


def test_one_planes_tour_search_is_cut_when_time_runs_short(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Working(0.002)
    slow_scoring(monkeypatch, clock)
    st = busy()
    mine = team.flyers(st)[1]
    listed = tours(table_for(st.side, weather_key(st)), mine, team.riders(st), [c for c in st.airports
                                                                                if is_airport(c)])
    assert len(listed) * clock.cost > 0.01, "scoring all of the plane's tours would take longer than the limit"
    _value, cut = team_plan(st, 3, Watch(0.01, clock), seat=1)
    assert clock.now <= 0.01, "stopped within the limit, in the middle of its own plane's tours"
    assert cut[1].steps != [] and cut[0].steps == [], "its own plane has the best tour scored; seat 0 none"


def test_a_hard_plan_keeps_its_limit_when_every_tour_scored_takes_time(monkeypatch: pytest.MonkeyPatch) -> None:
    tours, samples = LOOKAHEAD[2]
    clock = Working(0.002)
    slow_scoring(monkeypatch, clock)
    whole = plan(Counted(), levels.HARD)
    assert clock.now > 0.4, "without a limit the plan scores more tours than 0.4 s has time for"
    for limit in (0.02, 0.2, 0.4, 1.0):
        clock.now = 0.0
        game = Counted()
        hard = plan(game, levels.HARD, Watch(limit, clock))
        assert clock.now <= limit, f"a plan of {limit} s ended at {clock.now:.3f} s"
        assert hard[-1] == "done" and hard[0] in {o.id for o in GAME.pending(busy())[0].options}
        if limit == 0.2:
            assert 1 < game.redeals < 1 + tours * samples, "some of the look's re-deals, not all"
    assert hard == whole, "with time for the whole look (twice its work), the plan without a limit"


def test_listing_a_planes_tours_stops_when_time_runs_short() -> None:
    st = busy()
    mine = team.flyers(st)[1]
    mine.moves, mine.seats = 9, 3  # a late-day plane: many stops in reach
    table = table_for(st.side, weather_key(st))
    codes = [c for c in st.airports if is_airport(c)]
    every = tours(table, mine, team.riders(st), codes)
    clock = Ticking(0.1)
    some = tours(table, mine, team.riders(st), codes, (), Watch(1.0, clock))
    assert 0 < len(some) < len(every) and clock.readings[-1] < 1.0
    def outcomes(found: list[Tour]) -> set[tuple[object, ...]]:
        return {(t.at, t.boarded, frozenset(r.id for r in t.delivered)) for t in found}

    assert outcomes(some) <= outcomes(every), "tours of the whole listing, found before time ran short"


def test_the_game_hands_the_pilot_what_is_left_of_the_levels_time() -> None:
    game = Counted()
    st = busy()
    levels.plan(game, st, 0, levels.HARD, Rng.seeded(3), clock=lambda: 10.0, asked=9.0)
    assert game.redeals == 1, "Hard's second all spent before the planner began: the one-round plan only"


def test_a_listing_of_tours_is_freed_without_the_cycle_collector() -> None:
    """The collector is held off while a plan thinks and runs when it ends, inside the plan's time: a listing that
    only the collector could free made that run cost up to a fifth of a second on a busy host."""
    st = busy()
    mine = team.flyers(st)[1]
    table = table_for(st.side, weather_key(st))
    codes = [c for c in st.airports if is_airport(c)]
    gc.collect()
    gc.disable()
    try:
        listed = len(tours(table, mine, team.riders(st), codes))
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert listed > 1 and unreachable == 0
