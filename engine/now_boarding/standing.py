"""How well the team stands, as one figure in [0, 1] for the search AI (`GameAI.score_now` of a co-operative game).

The team loses at three complaints, so most of the figure is the share of that margin still unspent: complaints
filed (the exit count's too, once made) and, for each waiting passenger, the share of a complaint their anger has
already built up, squared so that one about to complain weighs far more than several calm ones. The rest is the
share of the day's passengers delivered: it tells apart two lost games, or two tables equally safe, by how far
they got. Every seat gets the same figure: pilots are rewarded for the team, never for out-earning each other.
"""

from __future__ import annotations

from engine.now_boarding.maintenance import ANGER_TO_COMPLAIN, COMPLAINTS_TO_LOSE
from engine.now_boarding.state import NBState

SAFETY = 0.8
"""Share of the figure for the margin before the third complaint; the rest is for passengers delivered."""


def danger(st: NBState) -> float:
    """Complaints filed plus the complaints waiting passengers' anger is worth (anger 3 of 4: 0.56 of one)."""
    filed = len(st.complaints) + st.exit_complaints
    waiting = sum((c.anger / ANGER_TO_COMPLAIN) ** 2 for cards in st.airports.values() for c in cards)
    return filed + waiting


def delivered_share(st: NBState) -> float:
    delivered = sum(p.delivered for p in st.planes)
    left = (sum(len(pile) for pile in st.piles) + sum(len(cards) for cards in st.airports.values())
            + sum(len(p.cargo) for p in st.planes))
    return delivered / (delivered + left) if delivered + left else 1.0


def team_figure(st: NBState) -> float:
    margin = max(0.0, 1.0 - danger(st) / COMPLAINTS_TO_LOSE)
    return SAFETY * margin + (1 - SAFETY) * delivered_share(st)
