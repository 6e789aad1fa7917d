"""The matching rule (bot/lfg/matching.py), one test per clause of the rule docs/leagues.md states."""

from __future__ import annotations

from bot.lfg.entries import LIVE, QueueEntry, QueueRules, TablePlan
from bot.lfg.matching import plan_tables

RULES = QueueRules(wait=600, ai_wait=1800, rating_wait=600, similar_from=2)
NOW = 100_000.0


def entry(n: int, *, seats: tuple[int, int] = (3, 4), waited: float = 0.0, game: str = "planes", pace: int = LIVE,
          rated: bool = True, ai: bool = False, rating: float = 0.0, expires_in: float = 3600.0) -> QueueEntry:
    # Entry n joined n seconds before the others that follow it: ids and queue order agree unless a test says so.
    queued = NOW - waited - (1000 - n) * 0.001
    return QueueEntry(id=n, guild_id=1, channel_id=2, user_id=100 + n, name=f"m{n}", game=game,
                      min_seats=seats[0], max_seats=seats[1], pace=pace, rated=rated, ai_allowed=ai, rating=rating,
                      joined_at=queued, queued_at=queued, expires_at=NOW + expires_in)


def test_eight_members_for_three_to_four_make_two_full_tables_at_once() -> None:
    plans = plan_tables([entry(i) for i in range(1, 9)], NOW, RULES)
    assert plans == [TablePlan((1, 2, 3, 4), 4), TablePlan((5, 6, 7, 8), 4)]


def test_a_table_below_the_largest_size_waits_for_the_servers_wait() -> None:
    three = [entry(i) for i in range(1, 4)]
    assert plan_tables(three, NOW, RULES) == []
    three[0] = entry(1, waited=600)
    assert plan_tables(three, NOW, RULES) == [TablePlan((1, 2, 3), 3)]


def test_a_table_nobody_would_make_larger_opens_at_once() -> None:
    members = [entry(1, seats=(3, 4)), entry(2, seats=(3, 3)), entry(3, seats=(2, 3))]
    assert plan_tables(members, NOW, RULES) == [TablePlan((1, 2, 3), 3)]


def test_entries_meet_only_the_same_game_pace_and_rated() -> None:
    members = [entry(1), entry(2), entry(3, game="flight_plan"), entry(4, pace=24), entry(5, rated=False),
               entry(6)]
    assert plan_tables(members, NOW, RULES) == []
    assert plan_tables([*members, entry(8)], NOW, RULES) == [TablePlan((1, 2, 6, 8), 4)]


def test_a_size_outside_a_members_range_never_seats_them() -> None:
    members = [entry(1, seats=(2, 2), waited=5000), entry(2, seats=(4, 5)), entry(3, seats=(4, 5)),
               entry(4, seats=(4, 5))]
    assert plan_tables(members, NOW, RULES) == []


def test_expired_and_seated_entries_are_left_out() -> None:
    seated = entry(3).model_copy(update={"table_id": 9})
    members = [entry(1), entry(2), seated, entry(4, expires_in=-1), entry(5)]
    assert plan_tables(members, NOW, RULES) == []
    assert plan_tables([*members, entry(6)], NOW, RULES) == [TablePlan((1, 2, 5, 6), 4)]


def test_oldest_member_is_seated_first() -> None:
    # Five wait for four seats: the one who came last waits on.
    plans = plan_tables([entry(i) for i in (5, 1, 3, 2, 4)], NOW, RULES)
    assert plans == [TablePlan((1, 2, 3, 4), 4)]


def test_similar_ratings_are_preferred_when_the_queue_is_large() -> None:
    ratings = {1: 20.0, 2: 1.0, 3: 2.0, 4: 19.0, 5: 3.0, 6: 21.0, 7: 18.5, 8: 0.5}
    members = [entry(i, seats=(4, 4), rating=r) for i, r in ratings.items()]
    plans = plan_tables(members, NOW, RULES)
    assert plans[0] == TablePlan((1, 4, 6, 7), 4)
    assert plans[1] == TablePlan((2, 3, 5, 8), 4)


def test_a_small_queue_takes_the_oldest_whatever_their_rating() -> None:
    members = [entry(1, seats=(3, 3), rating=20), entry(2, seats=(3, 3), rating=0), entry(3, seats=(3, 3)),
               entry(4, seats=(3, 3), rating=20)]
    assert plan_tables(members, NOW, RULES) == [TablePlan((1, 2, 3), 3)]


def test_nobody_is_passed_over_for_rating_longer_than_the_limit() -> None:
    ratings = {1: 20.0, 2: 1.0, 3: 2.0, 4: 19.0, 5: 3.0, 6: 21.0, 7: 18.5, 8: 0.5}
    waited = {1: 800.0, 2: 700.0}
    members = [entry(i, seats=(4, 4), rating=r, waited=waited.get(i, 0)) for i, r in ratings.items()]
    # Member 2 has waited past rating_wait: they sit at the first table, with member 1, despite their rating.
    assert plan_tables(members, NOW, RULES)[0] == TablePlan((1, 2, 4, 6), 4)


def test_ai_seats_fill_a_short_table_after_the_longer_wait() -> None:
    two = [entry(1, ai=True, waited=1000), entry(2, ai=True)]
    assert plan_tables(two, NOW, RULES) == []
    two[0] = entry(1, ai=True, waited=1800)
    assert plan_tables(two, NOW, RULES) == [TablePlan((1, 2), 3, 1)]


def test_ai_seats_need_every_member_at_the_table_to_allow_them() -> None:
    two = [entry(1, ai=True, waited=1800), entry(2, ai=False)]
    assert plan_tables(two, NOW, RULES) == [TablePlan((1,), 3, 2)]
    assert plan_tables(two, NOW, QueueRules(min_humans=2)) == []


def test_the_ai_table_seats_as_many_members_as_it_can() -> None:
    members = [entry(1, seats=(2, 4), ai=True, waited=1800), entry(2, seats=(3, 4), ai=True),
               entry(3, seats=(3, 4), ai=True, pace=24)]
    assert plan_tables(members, NOW, RULES) == [TablePlan((1, 2), 3, 1)]


def test_a_queue_nobody_matches_opens_nothing() -> None:
    members = [entry(i, seats=(4, 4), game=f"g{i % 500}") for i in range(1, 1501)]
    assert plan_tables(members, NOW, RULES) == []
