"""The calibration of the reference ratings: openskill over the arena's tables in order, shifted so that Easy sits at
25 (a co-operative game's own rating by N times the shift), and tables that depend on their seed only."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.ratings.calibrate import ORDERS, Outcome, Table, fit, play, seat_orders, tables
from engine import registry

PL = PlackettLuce()


def test_the_fit_is_openskill_in_order_with_easy_moved_to_25() -> None:
    first = Outcome(Table("planes", 1, ("easy", "normal", "hard")), (3, 2, 1))
    second = Outcome(Table("planes", 2, ("hard", "easy", "normal")), (1, 2, 3))
    easy, normal, hard = PL.rating(), PL.rating(), PL.rating()
    [[easy], [normal], [hard]] = PL.rate([[easy], [normal], [hard]], ranks=[3, 2, 1])
    [[hard], [easy], [normal]] = PL.rate([[hard], [easy], [normal]], ranks=[1, 2, 3])
    shift = 25 - easy.mu
    found = fit([first, second], cooperative=False)
    assert found == {"ai:easy": (25.0, easy.sigma), "ai:hard": (hard.mu + shift, hard.sigma),
                     "ai:normal": (normal.mu + shift, normal.sigma)}


def test_a_team_day_moves_the_game_by_its_pilots_times_the_shift() -> None:
    lost = Outcome(Table("now-boarding", 1, ("easy",) * 3), (2, 2, 2))
    won = Outcome(Table("now-boarding", 2, ("hard",) * 3), (1, 1, 1))
    found = fit([lost, won], cooperative=True)
    day, easy = PL.rating(), PL.rating()
    team, [day] = PL.rate([[easy] * 3, [day]], ranks=[2, 1])
    easy = team[0]
    hard = PL.rating()
    team, [day] = PL.rate([[hard] * 3, [day]], ranks=[1, 2])
    shift = 25 - easy.mu
    assert found["ai:easy"] == (25.0, easy.sigma)
    assert found["ai:hard"] == (team[0].mu + shift, team[0].sigma)
    assert found["game:3"] == (day.mu + 3 * shift, day.sigma), "a team's μ is the sum of its three pilots'"


def test_tables_turn_the_seat_order_and_play_the_same_on_the_same_seed() -> None:
    planned = tables("flight-plan", 7, seed=1)
    assert [t.seats for t in planned] == [*ORDERS, ORDERS[0]] and [t.seed for t in planned] == list(range(1, 8))
    team = tables("now-boarding", 1, seed=1)
    assert sorted({len(t.seats) for t in team}) == [2, 3, 4, 5] and len(team) == 12
    table = Table("flight-plan", 3, ("easy", "easy", "normal"))
    assert play(table) == play(table), "iteration caps alone: the seed decides the game"


def test_a_game_that_cannot_seat_three_plays_every_order_it_can_seat() -> None:
    # A game of two (the example's) once got three-seat tables it refuses to set up.
    pairs = seat_orders(2)
    assert len(pairs) == 6 and all(len(set(p)) == 2 for p in pairs)
    assert all(sum(level in p for p in pairs) == 4 for level in ("easy", "normal", "hard")), "each level as often"
    assert seat_orders(4) == [(*order, "easy") for order in ORDERS]
    for name in registry.names():
        info = registry.get(name).info
        if not info.cooperative:
            assert all(info.min_players <= len(t.seats) <= info.max_players for t in tables(name, 6, seed=1)), name
