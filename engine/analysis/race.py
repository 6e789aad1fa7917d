"""Each seat's score turn by turn (`GameAI.race`), read off the states a game's turns ended in: the race chart's data.

The score is the one the game's players count (VP, crowns, net worth, passengers delivered), read after each turn,
so it may lag what a seat holds in hand; the final point is the game's own result where it has one, so the chart
ends where the final standings do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.ai.hooks import GameAI, ai_for
from engine.core.contract import Game, GameState, SeatResult
from engine.core.turns import Turn


@dataclass
class Race:
    """The score of each seat after each turn: `points[i]` is after turn `turns[i]` (0: the start)."""

    label: str
    unit: str
    """A figure in words, "{}" for the number (`GameAI.race_unit`)."""
    turns: list[int]
    points: list[list[float]]
    """By point, then by seat."""
    team: str = ""
    """A co-operative game's count against a limit (`GameAI.race_team`): its name, empty for none."""
    team_points: list[float] = field(default_factory=list)
    team_limit: float = 0.0
    final_order: list[list[int]] = field(default_factory=list)
    """The seats by final place, best first, a shared place together (empty while the game runs)."""
    winners: list[int] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.points[0]) if self.points else 0

    def series(self, seat: int) -> list[float]:
        return [p[seat] for p in self.points]

    def leaders(self, index: int) -> list[int]:
        """The seats with the highest score at point `index`."""
        row = self.points[index]
        best = max(row)
        return [s for s, v in enumerate(row) if v == best]


def race(game: Game, start: GameState, turns: Sequence[Turn], ai: GameAI | None = None) -> Race | None:
    """The race of a game from its start state and its turns (None: the game keeps no score a race can show), as
    its AI hooks (`ai`, default: its manifest's) count it."""
    ai = ai_for(game) if ai is None else ai
    first = ai.race(start)
    if first is None:
        return None
    states = [start, *(t.after for t in turns)]
    numbers = [0, *(t.number for t in turns)]
    points = [first, *(ai.race(t.after) or [0.0] * len(first) for t in turns)]
    found = Race(label=ai.race_label, unit=ai.race_unit, turns=numbers, points=points)
    team = [ai.race_team(s) for s in states]
    if team[0] is not None:
        found.team, found.team_limit = team[0][0], team[0][2]
        found.team_points = [t[1] if t is not None else 0.0 for t in team]
    result = game.result(states[-1])
    if result is not None:
        found.winners = list(result.winners)
        # A team wins or loses the day together: one shared place.
        found.final_order = ([sorted(s.seat for s in result.standings)] if game.info.cooperative
                             else _places(result.standings, result.winners))
    return found


def _places(standings: Sequence[SeatResult], winners: Sequence[int]) -> list[list[int]]:
    """Seats by place: the winners first (together), then by score, equal scores sharing a place. A co-operative
    game's seats all share one place, won or lost."""
    score = {s.seat: s.score for s in standings}
    rest = sorted((seat for seat in score if seat not in winners), key=lambda seat: (-score[seat], seat))
    places: list[list[int]] = [sorted(winners)] if winners else []
    for seat in rest:
        last = places[-1] if places else None
        if last is not None and last[0] not in winners and score[last[0]] == score[seat]:
            last.append(seat)
        else:
            places.append([seat])
    return places
