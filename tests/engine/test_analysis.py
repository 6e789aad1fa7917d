"""After the game (engine/analysis): the race, the chances after each turn and their turning points, and the hint,
on seeded finished games of every game."""

from __future__ import annotations

import pytest

from engine.analysis import NotOver, chances, hint, race, turning_points
from engine.analysis.chances import Budget, swing
from engine.core import Rng, apply
from engine.core.ai.hooks import ai_for
from tests.support.finished import every_game, finished

QUICK = Budget(rollouts=3, choices=6_000, minimum=2)
"""A few rollouts a turn: the tests check what is computed from the chances, not how good they are."""


@pytest.mark.parametrize(("name", "players"), every_game())
def test_race_has_a_line_per_seat_and_the_final_order(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = race(done.game, done.start, done.turns)
    if ai_for(done.game).race(done.start) is None:  # a game that keeps no running score (the default: score_now)
        assert found is None
        return
    assert found is not None
    assert found.seats == players
    assert found.turns == [0, *(t.number for t in done.turns)]
    assert len(found.points) == len(done.turns) + 1
    placed = [s for place in found.final_order for s in place]
    assert sorted(placed) == list(range(players))
    result = done.game.result(done.turns[-1].after)
    assert result is not None
    if not done.game.info.cooperative:
        assert set(found.final_order[0]) == set(result.winners)


@pytest.mark.parametrize(("name", "players"), every_game())
def test_turning_points_are_the_three_largest_swings(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = chances(done.game, done.start, done.turns, seed=5, budget=QUICK)
    assert len(found.points) == len(done.turns) + 1
    assert all(len(p) == players and all(0.0 <= c <= 1.0 for c in p) for p in found.points)
    swings = sorted(((swing(found.points[i - 1], found.points[i]), -i) for i in range(1, len(found.points))
                     if swing(found.points[i - 1], found.points[i]) > 0), reverse=True)
    expected = sorted(-i for _s, i in swings[:3])
    points = turning_points(found)
    assert [p.index for p in points] == expected
    assert [p.turn for p in points] == [found.turns[i] for i in expected]
    # None of the turns left out swung the chances more than the smallest turning point.
    assert len(points) == min(3, len(swings))
    smallest = min((p.swing for p in points), default=0.0)
    left = set(range(1, len(found.points))) - set(expected)
    assert all(swing(found.points[i - 1], found.points[i]) <= smallest for i in left)


@pytest.mark.parametrize(("name", "players"), every_game())
def test_the_last_point_is_the_result(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = chances(done.game, done.start, done.turns, seed=5, budget=QUICK)
    result = done.game.result(done.turns[-1].after)
    assert result is not None
    if not done.game.info.cooperative:
        assert [s for s, c in enumerate(found.points[-1]) if c > 0] == sorted(result.winners)


def test_chances_depend_on_the_seed_alone() -> None:
    done = finished("planes", 2, 5)
    a = chances(done.game, done.start, done.turns, seed=9, budget=QUICK)
    b = chances(done.game, done.start, done.turns, seed=9, budget=QUICK)
    assert a.points == b.points


@pytest.mark.parametrize(("name", "players"), every_game())
def test_no_analysis_of_a_game_in_progress(name: str, players: int) -> None:
    done = finished(name, players, 5)
    with pytest.raises(NotOver):
        chances(done.game, done.start, done.turns[: len(done.turns) // 2], seed=5, budget=QUICK)
    with pytest.raises(NotOver):
        chances(done.game, done.start, [], seed=5, budget=QUICK)


@pytest.mark.parametrize(("name", "players"), every_game())
def test_hint_is_the_same_after_a_redeal_of_what_the_seat_cannot_see(name: str, players: int) -> None:
    done = finished(name, players, 5)
    game = done.game
    steps = [s for t in done.turns for s in t.steps]
    checked = 0
    for index in (len(steps) // 5, len(steps) // 2, 3 * len(steps) // 4):
        state = steps[index].before
        seat = game.pending(state)[0].seat
        told = hint(game, state, seat, seed=11)
        assert told.choice in {o.id for d in game.pending(state) if d.seat == seat for o in d.options}
        for redeal in (1, 2):
            other = game.redeal_hidden(state, seat, Rng.seeded(redeal))
            assert game.view(other, seat) == game.view(state, seat)
            assert hint(game, other, seat, seed=11) == told, f"{name}: hint changed with a re-deal at {index}"
        checked += 1
    assert checked == 3


def test_a_hint_follows_the_seat_it_is_asked_for() -> None:
    done = finished("planes", 2, 5)
    state = done.turns[3].steps[0].before
    seat = done.game.pending(state)[0].seat
    told = hint(done.game, state, seat, seed=11)
    assert told.seat == seat
    with pytest.raises(ValueError):
        hint(done.game, state, 1 - seat, seed=11)
    after, _events = apply(done.game, state, seat, told.choice)  # the hint is a legal choice
    assert after.version == state.version + 1
