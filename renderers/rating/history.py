"""The view a rating chart is drawn from: each rated game's rating already on the scale players read
(bot.ratings.scale), so the chart and its words know nothing of how ratings are worked out."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RatingPoint:
    number: int
    """Which of the member's rated games of this game this was, from 1."""
    rating: int
    """The rating as shown after it: μ − 3σ on the shown scale."""
    top: int
    """μ on the same scale: the band's top edge, what the rating would be once the doubt (3σ) is gone."""
    provisional: bool
    """Fewer games than a board needs: shown with "?"."""


@dataclass(frozen=True)
class RatingHistory:
    name: str
    """The member, as they wrote their name."""
    game: str
    """The game's title."""
    points: list[RatingPoint]
    """Oldest first, one a rated game: the last ones when the member has played more than a chart holds."""
