"""The views the rating pictures are drawn from (renderers/rating, renderers/leaderboard): what bot/ratings
gathered, put on the scale players read (bot.ratings.scale), so the renderers draw and word them without knowing how
a rating is worked out. No discord import: the caller gives the names members wrote."""

from __future__ import annotations

from bot.ratings.keys import user_of
from bot.ratings.ratings import Board, BoardLine, MemberStats
from bot.ratings.scale import BASE, MIN_GAMES, PER_POINT, provisional, shown, shown_text
from engine.core.ai import levels
from renderers.leaderboard import LeaderboardView, LeaderLine
from renderers.rating.history import RatingHistory, RatingPoint

UNKNOWN = "(a member)"
"""A board line whose member has no finished seat of their own here to take a name from (every game resigned)."""


def rating_history(stats: MemberStats, name: str, title: str) -> RatingHistory:
    """The member's stored rating steps (the latest, up to CHART), each numbered among all their rated games of the
    game: the steps come last-first from a longer record when they have played more than a chart holds."""
    games = stats.rating.games if stats.rating is not None else len(stats.steps)
    first = games - len(stats.steps) + 1
    points = [RatingPoint(number=first + i, rating=shown(step.mu, step.sigma),
                          top=round(BASE + PER_POINT * step.mu), provisional=provisional(first + i))
              for i, step in enumerate(stats.steps)]
    return RatingHistory(name=name, game=title, points=points)


def _line(line: BoardLine, names: dict[int, str]) -> LeaderLine:
    user = user_of(line.rating.player)
    name = names.get(user, UNKNOWN) if user is not None else line.rating.player
    return LeaderLine(place=line.place, name=name, games=line.rating.games,
                      rating=shown_text(line.rating.mu, line.rating.sigma, line.rating.games))


def leaderboard_view(board: Board, title: str, season: str) -> LeaderboardView:
    """`season` as players read it ("all time", "2026 Q4")."""
    return LeaderboardView(
        game=title, season=season, min_games=MIN_GAMES, lines=[_line(line, board.names) for line in board.lines],
        own=_line(board.own, board.names) if board.own is not None else None,
        yardsticks=[(f"{levels.LABELS.get(level, level)} AI", shown_text(mu, sigma))
                    for level, mu, sigma in board.references])
