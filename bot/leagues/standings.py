"""Points, tie-breaks and standings of a league. Pure: the results in, the table out.

- Placings: a game's seats in the order of their result; a member who dropped out of the league or resigned the
  game is last in it whatever the seat scored (several such share the last place). AI seats take their places like
  anyone, and their points go to nobody.
- Points per placing: 1st 3, 2nd 1, the others 0 (`POINTS`). Members tied for places share the points of those
  places equally (two tied for 1st get (3 + 1) / 2 = 2 each). A bye is worth `BYE_POINTS` (1, a second place).
- Standings: points, then total score over all games, then head to head (among the members still level, the
  one who finished ahead of the others in more of the games they shared), then rating (conservative, at sign-up),
  then the member who signed up first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby

POINTS: tuple[int, ...] = (3, 1)
BYE_POINTS = Fraction(1)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished league game: `member` None for an AI seat."""

    member: int | None
    place: int
    score: int
    left: bool = False
    """Resigned the game, or dropped out of the league: last in it."""


@dataclass(frozen=True)
class PlayedGame:
    round: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class Entrant:
    member: int
    name: str
    rating: float = 0.0
    dropped: bool = False


@dataclass
class Line:
    place: int
    member: int
    name: str
    points: Fraction = Fraction(0)
    score: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0
    dropped: bool = False
    tie_break: str = ""
    """Which tie-break put this member below the line above it ("score", "head to head", "rating", "sign-up"),
    empty when points alone did."""
    beat: dict[int, int] = field(default_factory=dict, repr=False)


def placings(seats: Sequence[SeatResult]) -> list[int]:
    """Each seat's placing for the league (1 best, ties sharing the best place of the group): by the result's place,
    those who left last."""
    keys = [(1, 0) if s.left else (0, s.place) for s in seats]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def points(seats: Sequence[SeatResult]) -> list[Fraction]:
    """Each seat's points: the points of the places a tied group covers, shared equally."""
    places = placings(seats)
    out: list[Fraction] = []
    for place in places:
        tied = places.count(place)
        covered = sum(POINTS[p - 1] for p in range(place, place + tied) if p - 1 < len(POINTS))
        out.append(Fraction(covered, tied))
    return out


def standings(entrants: Sequence[Entrant], games: Sequence[PlayedGame], byes: Sequence[int] = ()) -> list[Line]:
    """The league table, best first; `byes` lists a member once per bye they had."""
    order = {e.member: i for i, e in enumerate(entrants)}
    lines = {e.member: Line(0, e.member, e.name, dropped=e.dropped) for e in entrants}
    ratings = {e.member: e.rating for e in entrants}
    for game in games:
        places = placings(game.seats)
        for seat, place, got in zip(game.seats, places, points(game.seats), strict=True):
            if seat.member is None or seat.member not in lines:
                continue
            line = lines[seat.member]
            line.points += got
            line.score += seat.score
            line.played += 1
            line.wins += place == 1
            for other, other_place in zip(game.seats, places, strict=True):
                if other.member is not None and other.member != seat.member and place < other_place:
                    line.beat[other.member] = line.beat.get(other.member, 0) + 1
    for member in byes:
        if member in lines:
            lines[member].points += BYE_POINTS
            lines[member].byes += 1
    ranked: list[Line] = []
    by_points = sorted(lines.values(), key=lambda ln: (-ln.points, -ln.score, order[ln.member]))
    for _points, level in groupby(by_points, key=lambda ln: ln.points):
        ranked.extend(_break_ties(list(level), ratings, order))
    for i, line in enumerate(ranked):
        line.place = i + 1
    return ranked


def _head_to_head(line: Line, level: Sequence[Line]) -> int:
    """Games in which this member finished ahead of another of `level`, less those in which they finished behind."""
    return sum(line.beat.get(o.member, 0) - o.beat.get(line.member, 0) for o in level if o is not line)


def _break_ties(level: list[Line], ratings: dict[int, float], order: dict[int, int]) -> list[Line]:
    if len(level) == 1:
        return level
    keys = {ln.member: (-ln.score, -_head_to_head(ln, level), -ratings[ln.member], order[ln.member]) for ln in level}
    ranked = sorted(level, key=lambda ln: keys[ln.member])
    names = ("score", "head to head", "rating", "sign-up")
    for above, below in zip(ranked, ranked[1:], strict=False):
        a, b = keys[above.member], keys[below.member]
        below.tie_break = next(n for n, x, y in zip(names, a, b, strict=True) if x != y)
    return ranked


def shown(value: Fraction) -> str:
    """Points as players read them: 3, 2, 1⅓ → "3", "2", "1.33"."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")
