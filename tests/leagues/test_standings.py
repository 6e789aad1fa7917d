"""League points and standings (bot/leagues/standings.py): placings, split ties, leavers last, tie-breaks."""

from __future__ import annotations

from fractions import Fraction

from bot.leagues.standings import Entrant, PlayedGame, SeatResult, placings, points, shown, standings


def seat(member: int | None, place: int, score: int = 0, left: bool = False) -> SeatResult:
    return SeatResult(member, place, score, left)


def test_first_three_second_one_others_nothing() -> None:
    assert points([seat(1, 1), seat(2, 2), seat(3, 3)]) == [3, 1, 0]


def test_ties_share_the_points_of_the_places_they_cover() -> None:
    assert points([seat(1, 1), seat(2, 1), seat(3, 3)]) == [2, 2, 0]
    assert points([seat(1, 1), seat(2, 2), seat(3, 2)]) == [3, Fraction(1, 2), Fraction(1, 2)]
    assert points([seat(1, 1), seat(2, 1), seat(3, 1)]) == [Fraction(4, 3)] * 3


def test_a_member_who_left_is_last_whatever_they_scored() -> None:
    seats = [seat(1, 1, 90, left=True), seat(2, 2, 50), seat(None, 3, 10)]
    assert placings(seats) == [3, 1, 2]
    assert points(seats) == [0, 3, 1]


def test_standings_order_by_points_then_score() -> None:
    people = [Entrant(1, "a"), Entrant(2, "b"), Entrant(3, "c")]
    games = [PlayedGame(1, (seat(1, 1, 10), seat(2, 2, 8), seat(3, 3, 1))),
             PlayedGame(2, (seat(2, 1, 12), seat(3, 2, 9), seat(1, 3, 2)))]
    lines = standings(people, games)
    assert [(ln.member, ln.points) for ln in lines] == [(2, 4), (1, 3), (3, 1)]
    assert [ln.place for ln in lines] == [1, 2, 3]


def test_level_points_are_broken_by_score_then_head_to_head_then_rating() -> None:
    people = [Entrant(1, "a", rating=5), Entrant(2, "b", rating=9), Entrant(3, "c"), Entrant(4, "d")]
    # 1 and 2 are level on points and score; 1 finished ahead of 2 in the game they shared.
    games = [PlayedGame(1, (seat(1, 1, 10), seat(2, 2, 10))), PlayedGame(2, (seat(2, 1, 10), seat(3, 2, 5))),
             PlayedGame(3, (seat(4, 1, 10), seat(1, 2, 10)))]
    lines = standings(people, games)
    assert [ln.member for ln in lines[:2]] == [1, 2] and lines[1].tie_break == "head to head"
    people = [Entrant(1, "a", rating=5), Entrant(2, "b", rating=9)]
    lines = standings(people, [PlayedGame(1, (seat(1, 1, 7), seat(2, 1, 7)))])
    assert [ln.member for ln in lines] == [2, 1] and lines[1].tie_break == "rating"


def test_byes_count_one_point_and_no_game() -> None:
    lines = standings([Entrant(1, "a"), Entrant(2, "b")], [], byes=[2])
    assert (lines[0].member, lines[0].points, lines[0].byes, lines[0].played) == (2, 1, 1, 0)


def test_points_are_shown_as_players_read_them() -> None:
    assert [shown(Fraction(3)), shown(Fraction(1, 2)), shown(Fraction(4, 3))] == ["3", "0.5", "1.33"]
