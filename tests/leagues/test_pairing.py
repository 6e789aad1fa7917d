"""League pairings (bot/leagues/pairing.py): table sizes, AI fill-ins and byes, round robin evenness, Swiss."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from bot.leagues.pairing import Met, met_from, pair_round, sizes


def play(order: list[int], table: int, rounds: int, *, swiss: bool, ai_fill: bool = True) -> list[tuple[int, ...]]:
    met: Met = Counter()
    played: list[tuple[int, ...]] = []
    for _ in range(rounds):
        plan = pair_round(order, table, met, swiss=swiss, ai_fill=ai_fill)
        played.extend(plan.tables)
        met = met_from(played)
    return played


def test_sizes_spread_members_and_leave_the_rest_to_ai_or_byes() -> None:
    assert sizes(7, 3, ai_fill=True) == [3, 2, 2]
    assert sizes(8, 4, ai_fill=True) == [4, 4]
    assert sizes(9, 4, ai_fill=True) == [3, 3, 3]
    assert sizes(7, 3, ai_fill=False) == [3, 3]


def test_ai_fills_the_short_tables() -> None:
    plan = pair_round(list(range(1, 8)), 3, Counter(), swiss=True, ai_fill=True)
    assert [len(t) for t in plan.tables] == [3, 2, 2] and plan.ai_seats == (0, 1, 1) and plan.byes == ()
    assert sorted(m for t in plan.tables for m in t) == list(range(1, 8))


def test_byes_go_to_the_bottom_and_then_to_those_who_had_fewest() -> None:
    order = list(range(1, 8))
    plan = pair_round(order, 3, Counter(), swiss=True, ai_fill=False)
    assert plan.byes == (7,) and plan.ai_seats == (0, 0)
    again = pair_round(order, 3, Counter(), swiss=True, ai_fill=False, byes_had=Counter({7: 1}))
    assert again.byes == (6,)


def test_swiss_seats_the_top_of_the_standings_together_when_they_have_not_met() -> None:
    plan = pair_round([5, 3, 1, 2, 4, 6], 3, Counter(), swiss=True, ai_fill=True)
    assert plan.tables == ((5, 3, 1), (2, 4, 6))


def test_swiss_avoids_a_rematch_while_it_can() -> None:
    met = met_from([(5, 3, 1), (2, 4, 6), (7, 8, 9)])
    plan = pair_round([5, 3, 1, 2, 4, 6, 7, 8, 9], 3, met, swiss=True, ai_fill=True)
    assert all(met[frozenset(p)] == 0 for t in plan.tables for p in combinations(t, 2))
    assert plan.tables[0] == (5, 2, 7), "the leader heads the top table, with the best placed they have not met"


def test_swiss_rematches_only_when_it_cannot_be_avoided() -> None:
    # Six in tables of three after one round: two of each old table must meet again, and only that many do.
    met = met_from([(5, 3, 1), (2, 4, 6)])
    plan = pair_round([5, 3, 1, 2, 4, 6], 3, met, swiss=True, ai_fill=True)
    again = sum(met[frozenset(p)] for t in plan.tables for p in combinations(t, 2))
    assert again == 2


def test_swiss_of_seven_in_tables_of_three_has_no_rematch_over_three_rounds() -> None:
    played = play(list(range(1, 8)), 3, 3, swiss=True)
    assert max(met_from(played).values()) == 1


def test_round_robin_of_four_in_pairs_meets_everyone_once_in_three_rounds() -> None:
    played = play([1, 2, 3, 4], 2, 3, swiss=False)
    met = met_from(played)
    assert sorted(met.values()) == [1] * 6


def test_round_robin_spreads_meetings_as_evenly_as_tables_of_three_allow() -> None:
    # Nine members, tables of three, four rounds: 36 pairs, 4 * 3 * 3 = 36 pairings, each pair meets once.
    played = play(list(range(1, 10)), 3, 4, swiss=False)
    met = met_from(played)
    assert max(met.values()) - min(met.get(frozenset(p), 0) for p in combinations(range(1, 10), 2)) <= 1


def test_a_member_sits_at_one_table_per_round() -> None:
    plan = pair_round(list(range(1, 12)), 4, Counter(), swiss=False, ai_fill=True)
    seated = [m for t in plan.tables for m in t]
    assert sorted(seated) == list(range(1, 12)) and len(set(seated)) == 11
