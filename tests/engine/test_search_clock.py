"""A search's time limit: it counts from the moment the AI is asked, set-up included, and the search
looks at it inside an iteration, so a machine that stalls in the middle of one costs iterations, never time. The
clock here is the test's own: it moves only when the game does work, and jumps when the test says another process
took the core. Without a time limit, the clock changes nothing: the same seed gives the same plan."""

from __future__ import annotations

import gc

import pytest

from engine.core import GameState, Offer, Rng
from engine.core.ai import levels
from engine.core.ai.arena import arena, plan_times
from engine.core.ai.search import Budget, Search, Stats, plan
from engine.core.contract import Event
from engine.core.play import legal, new_game
from engine.planes.game import PlanesGame

LIMIT = 1.0
SLACK = 0.03
"""A plan may end past its limit by at most this share of it: the work of one choice, never of an iteration."""


class WorkClock:
    """Fake seconds that pass only as the game works: `tick` for every choice applied and every re-deal, plus the
    jumps the test sets (the n-th piece of work also costs `jumps[n]`: a stall on a busy machine)."""

    def __init__(self, tick: float, jumps: dict[int, float] | None = None) -> None:
        self.now = 100.0
        self.tick = tick
        self.jumps = dict(jumps or {})
        self.work = 0

    def __call__(self) -> float:
        return self.now

    def spend(self) -> None:
        self.work += 1
        self.now += self.tick + self.jumps.pop(self.work, 0.0)


class SlowPlanes(PlanesGame):
    """Planes whose every choice and re-deal spends time on a `WorkClock`."""

    def __init__(self, clock: WorkClock) -> None:
        self.clock = clock

    def apply_fast(self, state: GameState, seat: int, choice: str, legal: list[Offer] | None,
                   after: list[Offer] | None) -> list[Event]:
        self.clock.spend()
        return super().apply_fast(state, seat, choice, legal, after)

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> GameState:
        self.clock.spend()
        return super().redeal_hidden(state, seat, rng)


def _opening(game: PlanesGame) -> GameState:
    return new_game(game, 2, 5)


def test_a_stall_in_the_middle_of_a_rollout_costs_iterations_not_time() -> None:
    """Rollouts played to the end of the game take a few hundred choices; the core is taken away for most of the
    second early in one. Looked at only between iterations, the limit let that rollout run on to its end."""
    calm_clock = WorkClock(tick=0.0005)
    calm = Stats()
    plan(SlowPlanes(calm_clock), _opening(PlanesGame()), 0, Rng.seeded(3),
         Budget(iterations=10_000, seconds=LIMIT, horizon=None), calm, clock=calm_clock)
    assert calm_clock.now - 100.0 <= LIMIT * (1 + SLACK)

    clock = WorkClock(tick=0.0005, jumps={60: 0.9 * LIMIT})
    game = SlowPlanes(clock)
    state = _opening(game)
    stats = Stats()
    line = plan(game, state, 0, Rng.seeded(3), Budget(iterations=10_000, seconds=LIMIT, horizon=None), stats,
                clock=clock)
    assert clock.now - 100.0 <= LIMIT * (1 + SLACK), "the plan ran past its limit"
    assert line and any(line[0] in d.ids for d in legal(game, state) if d.seat == 0)
    assert stats.iterations < calm.iterations, "a stalled machine leaves time for fewer iterations"


def test_the_sights_of_the_turn_so_far_are_paid_from_the_limit() -> None:
    """A long turn's earlier states are re-dealt once each before the search starts; on a slow machine they alone
    take longer than the limit. The plan still answers on time, with the policy's pick if nothing else fits."""
    clock = WorkClock(tick=0.04)
    game = SlowPlanes(clock)
    state = _opening(game)
    history = [state] * 40
    stats = Stats()
    line = plan(game, state, 0, Rng.seeded(3), Budget(iterations=400, seconds=LIMIT), stats, history, clock)
    # Past the limit by two re-deals at most: the sight being taken when time ran out, and the sample the answer
    # is read from (the policy may not see the true state either).
    assert clock.now - 100.0 <= LIMIT + 2 * clock.tick + 1e-9
    assert stats.iterations == 0 and line


def test_the_limit_counts_from_when_the_ai_was_asked() -> None:
    """A caller that spent time before asking the search (listing the options, waiting for a thread) passes when
    it was asked: the search has only the rest of the limit."""
    clock = WorkClock(tick=0.001)
    game = SlowPlanes(clock)
    state = _opening(game)
    asked = clock()
    clock.now += 0.8 * LIMIT  # the caller's own set-up
    stats = Stats()
    budget = Budget(iterations=10_000, seconds=LIMIT, horizon=16)
    levels.plan(game, state, 0, levels.HARD, Rng.seeded(3), budget, stats, clock=clock, asked=asked)
    assert clock.now - asked <= LIMIT * (1 + SLACK)
    assert stats.seconds <= LIMIT * (1 + SLACK)
    assert stats.iterations > 0


def test_a_limit_that_has_passed_before_the_search_answers_with_the_policy() -> None:
    clock = WorkClock(tick=0.001)
    game = SlowPlanes(clock)
    state = _opening(game)
    search = Search(game, 0, Rng.seeded(3), Budget(iterations=400, seconds=LIMIT), clock=clock,
                    asked=clock() - 2 * LIMIT)
    line = search.run(state)
    assert search.stats.iterations == 0 and len(line) == 1
    assert line[0] in next(d for d in legal(game, state) if d.seat == 0).ids


def test_without_a_time_limit_the_clock_changes_nothing() -> None:
    """Seeded games with an iteration cap replay exactly (the arena's `--seconds 0`, the tests): a clock that
    jumps about does not change the plan, and neither does a limit that never comes (reading the clock draws
    nothing from the search's random numbers)."""
    game = PlanesGame()
    state = _opening(game)
    capped = Budget(iterations=30, horizon=8)

    def searched(budget: Budget, clock: WorkClock | None = None) -> tuple[list[str], dict[str, int]]:
        search = (Search(game, 0, Rng.seeded(9), budget) if clock is None
                  else Search(game, 0, Rng.seeded(9), budget, clock=clock))
        return search.run(state), search.stats.root_visits

    alone = searched(capped)
    jumpy = WorkClock(tick=5.0)
    for _ in range(10):
        jumpy.spend()
    assert searched(capped, jumpy) == alone
    frozen = WorkClock(tick=0.0)
    assert searched(Budget(iterations=30, seconds=LIMIT, horizon=8), frozen) == alone


def test_the_arena_prints_each_plan_time_against_its_limit() -> None:
    """The arena shows whether a time limit held: the distribution of plan times, the longest, and the plans over."""
    times = [0.2] * 97 + [0.5, 0.99, 1.02]
    assert plan_times("hard", times, 1.0) == ("plan time hard: p50 0.200 s, p99 0.990 s, max 1.020 s against a "
                                              "limit of 1 s; 1 of 100 plans over it (the longest 2.0% over)")
    assert plan_times("hard", [0.3], 1.0).endswith("; 0 of 1 plans over it")
    from tests.support.toy_game import GAME as TOY

    timed: dict[str, Budget | None] = {"normal": Budget(iterations=3, seconds=60.0, horizon=4), "policy": None}
    lines = arena(TOY, "normal", "policy", 3, 2, 11, timed)
    assert sum(line.startswith("plan time normal: ") and "against a limit of 60 s" in line for line in lines) == 1
    capped: dict[str, Budget | None] = {"normal": Budget(iterations=3, horizon=4), "policy": None}
    assert not any(line.startswith("plan time") for line in arena(TOY, "normal", "policy", 3, 2, 11, capped))


def test_a_search_kept_waiting_once_stops_early_enough_to_be_kept_waiting_again() -> None:
    """Early in the plan the core is taken away for 0.3 s. A machine that does that may do it again just before
    the limit, so from then on the search stops while such a wait would still end within it."""
    clock = WorkClock(tick=0.0005, jumps={20: 0.3})
    game = SlowPlanes(clock)
    stats = Stats()
    plan(game, _opening(game), 0, Rng.seeded(3), Budget(iterations=10_000, seconds=LIMIT, horizon=16), stats,
         clock=clock)
    assert clock.now - 100.0 + 0.3 <= LIMIT + 2 * clock.tick
    assert stats.iterations > 0


class WatchedPlanes(PlanesGame):
    """Planes that notes, each time a plan asks it for its options, whether Python's cycle collector is on."""

    def __init__(self) -> None:
        super().__init__()
        self.collector_on: list[bool] = []

    def legal(self, state: GameState) -> list[Offer]:
        self.collector_on.append(gc.isenabled())
        return super().legal(state)


def test_no_cycle_collection_falls_inside_a_plan() -> None:
    """A full collection may take a large share of a plan's time on a busy host, and no clock reading sees it coming:
    the collector is off while a plan thinks and back on after it, also when the plan fails."""
    game = WatchedPlanes()
    state = new_game(game, 2, seed=1)
    seat = game.pending(state)[0].seat
    assert gc.isenabled()
    game.collector_on.clear()  # what setting up the game asked
    levels.plan(game, state, seat, levels.NORMAL, Rng.seeded(1), budget=Budget(iterations=5, seconds=None))
    assert game.collector_on and not any(game.collector_on), "the collector ran during the plan"
    assert gc.isenabled(), "the collector is back on after the plan"

    class Broken(WatchedPlanes):
        def legal(self, state: GameState) -> list[Offer]:
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        levels.plan(Broken(), state, seat, levels.NORMAL, Rng.seeded(1), budget=Budget(iterations=5, seconds=None))
    assert gc.isenabled(), "the collector is back on after a plan that failed"
    gc.disable()
    try:  # turned off by someone else: a plan leaves it off
        levels.plan(game, state, seat, levels.NORMAL, Rng.seeded(1), budget=Budget(iterations=5, seconds=None))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_watch_read_often_still_keeps_a_share_of_its_limit_in_hand() -> None:
    """Readings a millisecond apart make twice the longest stretch tiny; the plan's last steps (a wait for a core,
    what the plan leaves to free) can take tens of milliseconds, so a twentieth of the limit stays in hand."""
    from engine.core.ai.watch import RESERVE, Watch

    now = [0.0]
    watch = Watch(1.0, lambda: now[0])
    while not watch.late():
        now[0] += 0.001
    assert 1.0 - RESERVE - 0.002 <= now[0] <= 1.0 - RESERVE + 0.002, f"stopped at {now[0]:.3f} s of 1 s"
    assert RESERVE >= 0.05


def test_a_plan_frees_its_own_cycles_and_leaves_no_collection_due() -> None:
    """Turned back on alone, the collector ran the collection a plan's allocations had made due at the plan's first
    allocation after it, still inside the plan's time, and an older generation's walks the whole heap. The heap is
    frozen while the plan thinks and the plan ends by collecting what it made: its cycles are gone, the heap is
    thawed and no collection is due."""
    import weakref

    class Cyclic:
        def __init__(self) -> None:
            self.me = self

    made: list[weakref.ref[Cyclic]] = []
    frozen: list[int] = []

    class Littering(WatchedPlanes):
        def legal(self, state: GameState) -> list[Offer]:
            if len(frozen) < 3:  # counting the frozen heap walks all of it: a few looks, not one a listing
                frozen.append(gc.get_freeze_count())
            made.append(weakref.ref(Cyclic()))
            return super().legal(state)

    game = Littering()
    state = new_game(game, 2, seed=1)
    seat = game.pending(state)[0].seat
    gc.collect()
    made.clear()
    frozen.clear()  # what setting up the game asked
    levels.plan(game, state, seat, levels.NORMAL, Rng.seeded(1), budget=Budget(iterations=5, seconds=None))
    assert frozen and all(frozen), "the heap the plan found is frozen while it thinks"
    assert made and all(ref() is None for ref in made), "the plan's own cycles were freed as it ended"
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    assert gc.get_count()[0] < gc.get_threshold()[0] // 2, "no collection is due as the plan returns"
    gc.freeze()
    try:  # frozen by someone else: a plan leaves it frozen
        levels.plan(game, state, seat, levels.NORMAL, Rng.seeded(1), budget=Budget(iterations=5, seconds=None))
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
