"""The one figure players read for a rating: a linear map of the conservative figure μ − 3σ onto the scale chess
sites use, so that a new member (μ 25, σ 25/3: μ − 3σ = 0) shows 1500 and one point of μ − 3σ is 20 of ours.

Boards, /game stats, trends and charts all call `shown`, so every place a rating appears agrees. A rating counts as
provisional until it has the games a board needs (MIN_GAMES): it is shown with a question mark, as chess sites do.
"""

from __future__ import annotations

BASE = 1500
"""What μ − 3σ = 0 shows: a new member's rating."""
PER_POINT = 20
"""Shown points per point of μ − 3σ: a newcomer's first few games move it by about a hundred, a settled player's
by a few tens, and the spread of a server's members comes out a few hundred points wide, as players expect."""
MIN_GAMES = 5
"""Games a rating needs before a board lists it; fewer, and it is provisional."""


def shown(mu: float, sigma: float) -> int:
    """The rating as players read it: BASE + PER_POINT × (μ − 3σ), rounded to a whole point."""
    return round(BASE + PER_POINT * (mu - 3 * sigma))


def provisional(games: int) -> bool:
    return games < MIN_GAMES


def shown_text(mu: float, sigma: float, games: int | None = None) -> str:
    """"1,512", or "1,512?" while provisional (fewer than MIN_GAMES games); `games` None: a reference player, never
    provisional."""
    mark = "?" if games is not None and provisional(games) else ""
    return f"{shown(mu, sigma):,}{mark}"
