"""Ratings and leaderboards, with no discord import and no markup: bot/discord words what this gives.

- `keys.py`    who a rating belongs to (a member of a server, an AI level, a co-operative game itself), seasons.
- `outcome.py` a finished game as its result record: places, scores, who sat where, resigned seats.
- `rated.py`   whether a game counts: the lobby option Rated and what turns it off (a chosen seed, a typed board).
- `rate.py`    openskill's Plackett-Luce model over results, one at a time and in order (the rebuild).
- `reference.py` the fixed ratings of the AI levels and of a co-operative game itself, fitted by `calibrate.py`
               (`python -m bot.ratings.calibrate`).
- `scale.py`   the one figure players read: 1500 + 20 × (μ − 3σ), provisional before 5 games.
- `ratings.py` the part the session side holds: a result written when a game ends, the catch-up at start,
               a member's stats and a server's boards.

Ratings are derived: results are the truth (store.results), and `rate.recompute` rebuilds every rating from them.
"""

from bot.ratings.ratings import MIN_GAMES, Board, BoardLine, MemberStats, Ratings
from bot.store import RatingRow
from bot.store.results import conservative

__all__ = ["MIN_GAMES", "Board", "BoardLine", "MemberStats", "RatingRow", "Ratings", "conservative"]
