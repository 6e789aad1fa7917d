"""The AI hooks of Now Boarding (`AI`, named by the manifest): the greedy team (greedy.py) plays the playouts and
Easy, the team planner's pilot (pilot.py) plays Normal and Hard, and the search, when it runs, scores the team's
day with one figure (standing.py)."""

from __future__ import annotations

from typing import Any

from engine.core.ai.hooks import GameAI
from engine.core.ai.watch import Watch
from engine.core.contract import GameState, Offer
from engine.core.play import label
from engine.core.rng import Rng
from engine.now_boarding.greedy import greedy_plan
from engine.now_boarding.maintenance import COMPLAINTS_TO_LOSE
from engine.now_boarding.pilot import pilot_plan
from engine.now_boarding.standing import team_figure
from engine.now_boarding.state import NBState


def _nb(state: GameState) -> NBState:
    assert isinstance(state, NBState)
    return state


class NowBoardingAI(GameAI):
    search_beats_policy = True  # docs/notes/ai.md: the team planner's Normal wins more days than the greedy team
    race_label = "passengers delivered"
    race_unit = "{} delivered"
    summary_values = {"outcome": ["won", "lost"]}

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        return greedy_plan(_nb(state), label(self.game, state, offer), rng)

    def level_plan(self, state: GameState, seat: int, level: str, rng: Rng,
                   seconds: float | None = None) -> list[str] | None:
        """The team planner's pilot (engine/now_boarding/pilot.py) at Normal and Hard, answering within `seconds`
        from now (None: no limit, the plan then depends on the state and the seed alone)."""
        watch = Watch(seconds)
        decision = next((d for d in self.game.pending(state) if d.seat == seat), None)
        if decision is None:
            return None
        return pilot_plan(self.game, _nb(state), decision, level, rng, watch) or None

    def score_now(self, state: GameState) -> list[float] | None:
        st = _nb(state)
        return [team_figure(st)] * st.players

    def race(self, state: GameState) -> list[float] | None:
        """The passengers each pilot has delivered: a co-operative day's race is each pilot's share of the work."""
        return [float(p.delivered) for p in _nb(state).planes]

    def race_team(self, state: GameState) -> tuple[str, float, float] | None:
        st = _nb(state)
        return "complaints", float(len(st.complaints) + st.exit_complaints), float(COMPLAINTS_TO_LOSE)

    def summary(self, state: GameState) -> dict[str, Any]:
        st = _nb(state)
        return {"outcome": "lost" if st.lost else "won", "complaints": len(st.complaints) + st.exit_complaints,
                "rounds": st.round, "delivered": sum(p.delivered for p in st.planes)}


AI = NowBoardingAI
