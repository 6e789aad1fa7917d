"""Who a result rates and how: places (resigned members last), whether a game counts, and every rating equal to
openskill's Plackett-Luce called directly on the same teams and ranks, in order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from bot.ratings import rate
from bot.ratings.keys import parse_season, season_of
from bot.ratings.outcome import places, result_record
from bot.ratings.rated import counts
from bot.ratings.reference import REFERENCES, reference
from bot.store import ResultRow, ResultSeat, Seat, SessionRow
from engine import registry
from engine.core import Result, SeatResult
from engine.core.contract import default_options
from tests.support.toy_game import ToyGame

T0 = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
PL = PlackettLuce()


def row(places_by_seat: list[int], users: list[int | None], *, sid: int = 1, team: bool = False, guild: int = 5,
        at: datetime = T0, rated: bool = True, resigned: tuple[int, ...] = (), levels: list[str] | None = None,
        ) -> ResultRow:
    return ResultRow(session_id=sid, guild_id=guild, channel_id=10, game="toy", finished_at=at, rated=rated,
                     team=team, seats=[ResultSeat(seat=i, user_id=u, ai_level="" if u else (levels or [""] * 9)[i]
                                                  or "easy", name=f"s{i}", place=p, score=0, resigned=i in resigned)
                                       for i, (p, u) in enumerate(zip(places_by_seat, users, strict=True))])


def test_places_winners_first_then_scores_with_ties_then_resigned_last() -> None:
    assert places({0: 10, 1: 30, 2: 30, 3: 5}, [1, 2], set()) == {1: 1, 2: 1, 0: 3, 3: 4}
    assert places({0: 10, 1: 30, 2: 10, 3: 5}, [1], set()) == {1: 1, 0: 2, 2: 2, 3: 4}
    assert places({0: 50, 1: 30, 2: 10}, [0], {0}) == {1: 1, 2: 2, 0: 3}, "a resigned winner on points is last"


def test_the_result_record_names_members_ai_levels_and_resigned_seats() -> None:
    session = SessionRow(
        id=3, guild_id=5, channel_id=10, game="toy", host_id=1, status="finished", options={}, seed=1, version=9,
        seats=[Seat(seat=0, user_id=1, name="ana"), Seat(seat=1, user_id=None, name="bo (resigned)", is_ai=True,
                                                           level="easy", resigned_by=2),
               Seat(seat=2, user_id=3, name="cy (AI while away)", is_ai=True, level="easy"),
               Seat(seat=3, user_id=None, name="AI 1", is_ai=True, level="hard")],
        created_at=T0, updated_at=T0)

    class Done(ToyGame):
        def result(self, state):  # type: ignore[no-untyped-def]
            return Result(standings=[SeatResult(seat=s, score=v) for s, v in enumerate((5, 9, 7, 1))], winners=[1],
                          summary="")

    record = result_record(session, Done(), None, rated=True, finished_at=T0)  # type: ignore[arg-type]
    assert [(s.user_id, s.ai_level, s.place, s.resigned) for s in record.seats] == [
        (1, "", 2, False), (2, "", 4, True), (3, "", 1, False), (None, "hard", 3, False)], \
        "the resigned winner on points is last; the seat the AI kept for cy is still cy's"


@pytest.mark.parametrize(("option", "members", "extra", "expected"), [
    ("auto", 2, {}, True), ("auto", 1, {}, False), ("on", 1, {}, True), ("off", 3, {}, False),
    ("auto", 3, {"seed_chosen": True}, False), ("on", 2, {"guild_id": None}, False),
])
def test_which_games_count(option: str, members: int, extra: dict[str, object], expected: bool) -> None:
    settings: dict[str, object] = {"guild_id": 5, "seed_chosen": False, **extra}
    assert counts(ToyGame(), option=option, members=members, options={"hand": "2"}, **settings) is expected  # type: ignore[arg-type]


def test_a_board_the_host_typed_keeps_a_planes_game_off_the_boards() -> None:
    planes = registry.get("planes")
    options = default_options(planes)
    assert counts(planes, option="auto", members=2, guild_id=5, options=options, seed_chosen=False)
    options["pois"] = "custom:a2=blank"
    assert not counts(planes, option="auto", members=2, guild_id=5, options=options, seed_chosen=False)


def test_seasons_are_calendar_quarters() -> None:
    assert [season_of(datetime(2026, m, 1, tzinfo=UTC)) for m in (1, 3, 4, 9, 10, 12)] == \
        ["2026-Q1", "2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4", "2026-Q4"]
    assert [parse_season(t, T0) for t in ("", "all", "now", "2026-Q3", "q1 2025", "2026", "Q5 2026")] == \
        ["", "", "2026-Q4", "2026-Q3", "2025-Q1", None, None]


def test_ratings_equal_openskill_called_directly_in_order() -> None:
    first = row([2, 1, 3], [1, 2, None])
    second = row([1, 2, 3], [1, 2, 3], sid=2)
    ratings, steps = rate.recompute([first, second])
    easy = PL.rating(*reference("toy", "ai:easy"))
    a, b = PL.rating(), PL.rating()
    [[a], [b], _easy] = PL.rate([[a], [b], [easy]], ranks=[2, 1, 3])
    [[a], [b], [c]] = PL.rate([[a], [b], [PL.rating()]], ranks=[1, 2, 3])
    got = {(r.guild_id, r.season, r.player): (r.mu, r.sigma, r.games) for r in ratings}
    for season in ("", "2026-Q4"):
        assert got[(5, season, "member:1")] == (a.mu, a.sigma, 2)
        assert got[(5, season, "member:2")] == (b.mu, b.sigma, 2)
        assert got[(5, season, "member:3")] == (c.mu, c.sigma, 1)
    assert all(r.player.startswith("member:") for r in ratings), "an AI level is a constant, never stored"
    assert sorted((t.session_id, t.player) for t in steps) == sorted([(1, "member:1"), (1, "member:2"),
                                                                 (2, "member:1"), (2, "member:2"), (2, "member:3")])


def test_a_cooperative_game_rates_the_team_against_the_games_fixed_rating_per_seat_count() -> None:
    won = row([1, 1, 1], [1, 2, None], team=True)
    lost = row([2, 2, 3], [1, 2, 3], sid=2, team=True, resigned=(2,))
    ratings, _steps = rate.recompute([won, lost])
    got = {(r.season, r.player): (r.mu, r.sigma) for r in ratings if r.season == ""}
    day3, easy = PL.rating(*reference("toy", "game:3")), PL.rating(*reference("toy", "ai:easy"))
    one, two = PL.rating(), PL.rating()
    [_day, [one, two, _easy]] = PL.rate([[day3], [one, two, easy]], ranks=[2, 1])
    [[one, two], _day, [three]] = PL.rate([[one, two], [day3], [PL.rating()]], ranks=[2, 1, 3])
    assert got[("", "member:1")] == (one.mu, one.sigma) and got[("", "member:3")] == (three.mu, three.sigma)
    assert set(got) == {("", "member:1"), ("", "member:2"), ("", "member:3")}, "the game itself is not stored"


def test_ai_levels_rate_members_at_their_calibrated_constants() -> None:
    """Planes' Easy and Hard come from the table, not from the games they played: two wins over Hard here move
    the member as openskill moves a player beating that fixed rating twice."""
    hard = REFERENCES["planes"]["ai:hard"]
    results = [row([1, 2], [1, None], sid=i, levels=["", "hard"]).model_copy(update={"game": "planes"})
               for i in (1, 2)]
    ratings, steps = rate.recompute(results)
    me = PL.rating()
    for _ in results:
        [[me], _hard] = PL.rate([[me], [PL.rating(*hard)]], ranks=[1, 2])
    mine = next(r for r in ratings if r.season == "" and r.player == "member:1")
    assert (mine.mu, mine.sigma, mine.games) == (me.mu, me.sigma, 2)
    assert reference("planes", "ai:hard") == hard and {t.player for t in steps} == {"member:1"}


def test_an_unrated_result_moves_nothing_and_seasons_keep_their_own_ratings() -> None:
    assert rate.update(row([1, 2], [1, 2], rated=False), {}) == ([], [])
    autumn = row([1, 2], [1, 2], at=datetime(2026, 10, 1, tzinfo=UTC))
    winter = row([2, 1], [1, 2], sid=2, at=datetime(2027, 1, 2, tzinfo=UTC))
    ratings, _steps = rate.recompute([autumn, winter])
    got = {(r.season, r.player): r for r in ratings}
    fresh = PL.rate([[PL.rating()], [PL.rating()]], ranks=[2, 1])
    assert (got[("2027-Q1", "member:2")].mu, got[("2027-Q1", "member:2")].games) == (fresh[1][0].mu, 1), \
        "a season counts only its own games"
    assert got[("", "member:2")].games == 2 and got[("", "member:2")].mu != fresh[1][0].mu
