"""What both backends share about the derived ratings: the figure boards sort by, and their order."""

from __future__ import annotations

from bot.store.models import RatingRow

RATING_ORDER = "conservative DESC, games DESC, player"
"""Best first: the conservative figure, then more games, then the key, so that equal figures keep one order."""


def conservative(rating: RatingRow) -> float:
    """mu - 3 sigma: a rating the player is very likely above, so a newcomer's lucky game does not top the board."""
    return rating.mu - 3 * rating.sigma
