"""The rating chart in words: its alt text, and what `/game stats text:True` gives alone. Fixed order, whole
sentences: what the chart is and how many games, where the rating started and where it is now, its high and low,
the provisional games, and what the band shows."""

from __future__ import annotations

from renderers.rating.history import RatingHistory, RatingPoint


def _shown(point: RatingPoint) -> str:
    return f"{point.rating:,}" + ("?" if point.provisional else "")


def _games(count: int) -> str:
    return f"{count} rated game" + ("" if count == 1 else "s")


def rating_words(history: RatingHistory) -> str:
    """What the chart shows, in words; for fewer than two rated games (no chart), why there is none."""
    points = history.points
    head = f"{history.name}'s {history.game} rating"
    if len(points) < 2:
        return f"{head}: no chart before 2 rated games ({_games(len(points))} so far)."
    first, now = points[0], points[-1]
    span = (f"over their {_games(len(points))}" if first.number == 1 else
            f"over their last {len(points)} rated games (games {first.number} to {now.number})")
    change = now.rating - first.rating
    way = f"up {change:,}" if change > 0 else f"down {-change:,}" if change < 0 else "level"
    high = max(points, key=lambda p: (p.rating, -p.number))
    low = min(points, key=lambda p: (p.rating, p.number))
    lines = [f"Chart of {head} {span}, a point a game.",
             f"Start: {_shown(first)} after game {first.number}. Now: {_shown(now)} after game {now.number} "
             f"({way}).",
             f"High: {_shown(high)} after game {high.number}. Low: {_shown(low)} after game {low.number}."]
    early = [p for p in points if p.provisional]
    if early:
        which = f"game {early[0].number}" if len(early) == 1 else f"games {early[0].number} to {early[-1].number}"
        lines.append(f"Provisional (hollow points, \"?\"): {which}.")
    lines.append(f"The band above the line reaches up to μ, the rating with no doubt left: {first.top:,} at the "
                 f"start, {now.top:,} now; it narrows as the rating grows sure.")
    return "\n".join(lines)
