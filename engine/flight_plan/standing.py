"""What each airline holds now, as one figure in $M the search AI compares between seats (`GameAI.score_now`).

A rollout of the search stops after a few turns and is scored by these figures instead of playing to the end, so
they must rank the airlines the way the rest of the game would: net worth (cash plus what its assets cost), a few
turns of revenue, and a price on each step towards a winning condition that net worth does not see (a hub region,
a region reached, a short-haul route of the two regions closest to a sweep). A bankrupt airline gets less than any
airline still flying. The weights are measured, not guessed: `python -m bench flight-plan-standing` prints
how often each weighting ranks the eventual winner of a policy game above each loser, from states across the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.flight_plan.mechanics import net_worth, progress, revenue
from engine.flight_plan.state import Airline, FPState

BANKRUPT = -1000.0
"""Below any airline still flying: net worth never goes below zero (an airline that cannot pay goes out)."""


@dataclass(frozen=True)
class Weights:
    income: float
    """$M per $M of revenue a turn: how many turns of income the figure counts ahead."""
    hub_region: float
    """$M per region with a hub (three win), on top of the hub's price, which net worth already holds."""
    region: float
    """$M per region reached (six connected win)."""
    short: float
    """$M per short-haul route in the two regions where the airline owns the most (ten win)."""


WEIGHTS = Weights(income=4.0, hub_region=1000.0, region=50.0, short=0.0)


def figure(a: Airline, w: Weights = WEIGHTS) -> float:
    if a.out:
        return BANKRUPT
    p = progress(a)
    return (net_worth(a) + w.income * revenue(a) + w.hub_region * p["hub_regions"] + w.region * p["regions"]
            + w.short * p["shorts_best_two"])


def standings(st: FPState, w: Weights = WEIGHTS) -> list[float]:
    return [figure(a, w) for a in st.airlines]
