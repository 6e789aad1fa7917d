"""Each seat's chance to win after every turn of a finished game, and the turns that swung those chances most.

The estimate is the search AI's own way of judging a position (engine.core.ai.search): play the rest of the game many
times with the game's playout policy and count who wins. It starts from the full state, hidden cards and all,
which is fair only once the game is over (every card is then public: the export holds the seed): `chances`
refuses a game still in progress. Each rollout reseeds the game's RNG, as the search's re-deals do, so the draws
still to come are unknown while everything already dealt stands.

The cost is bounded by a number of choices played in all (`Budget.choices`), shared out over the turns, so the
longest game stays within its budget whatever its length; it depends on the seed alone, never on the clock, so the
same game always gets the same chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core._fast.copying import plain_copy
from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.search import team_reward
from engine.core.contract import Game, GameState, Offer
from engine.core.play import apply_in_place, legal
from engine.core.rng import Rng
from engine.core.turns import Turn

MAX_ROLLOUT = 5_000
"""Choices a rollout plays at most; a game longer than this is a bug (the search has the same cap)."""


class NotOver(Exception):
    """The game is still going: its full state holds what some seats may not see, so no analysis is made."""


@dataclass(frozen=True)
class Budget:
    rollouts: int = 24
    """Rollouts per turn at most: a chance is then known to about ±10 points, enough to see a swing."""
    choices: int = 100_000
    """Choices all the rollouts of one game play at most (a long game gets fewer rollouts per turn)."""
    minimum: int = 6
    """Rollouts per turn at least, whatever the length of the game."""


ANALYSIS = Budget()


@dataclass
class TurningPoint:
    """A turn that moved the chances: its index among the points, its number, who chose in it, and the chances of
    each seat before and after it."""

    index: int
    turn: int
    seats: list[int]
    before: list[float]
    after: list[float]
    texts: list[str] = field(default_factory=list)
    """What the turn did, in the log's public words (engine.core.turns.Turn.texts)."""

    @property
    def swing(self) -> float:
        return swing(self.before, self.after)

    @property
    def gainer(self) -> int:
        """The seat whose chance rose most (the first such seat)."""
        gains = [a - b for a, b in zip(self.after, self.before, strict=True)]
        return gains.index(max(gains))


@dataclass
class Chances:
    """Each seat's chance to win, in [0, 1], at each point: the start (turn 0), then after each turn. In a
    co-operative game (`team`) every seat has the team's outlook instead (see `_wins`)."""

    turns: list[int]
    points: list[list[float]]
    seats_of: list[list[int]]
    """Who chose in each turn (empty for the start)."""
    texts: list[list[str]]
    rollouts: int
    """Rollouts per point."""
    team: bool = False


def swing(before: Sequence[float], after: Sequence[float]) -> float:
    """How far one turn moved the chances: the largest change of any seat's."""
    return max(abs(a - b) for a, b in zip(after, before, strict=True))


def chances(game: Game, start: GameState, turns: Sequence[Turn], seed: int,
            budget: Budget = ANALYSIS, ai: GameAI | None = None) -> Chances:
    """The chances after each turn (see the module note), played on by the game's AI hooks (`ai`, default: its
    manifest's). Raises NotOver when the last turn did not end the game."""
    ai = ai_for(game) if ai is None else ai
    last = turns[-1].after if turns else start
    if game.result(last) is None:
        raise NotOver("the game is still going")
    states = [start, *(t.after for t in turns)]
    rng = Rng.seeded(seed ^ 0xC4A7CE5)
    length = _length(game, ai, start, rng)
    rollouts = max(budget.minimum, min(budget.rollouts, budget.choices // max(1, length * len(states) // 2)))
    points = [_estimate(game, ai, s, rollouts, rng) for s in states]
    return Chances(turns=[0, *(t.number for t in turns)], points=points, seats_of=[[], *(list(t.seats) for t in turns)],
                   texts=[[], *(list(t.texts) for t in turns)], rollouts=rollouts, team=game.info.cooperative)


def turning_points(found: Chances, count: int = 3) -> list[TurningPoint]:
    """The `count` turns whose swing was largest, in the order they were played (an equal swing: the earlier turn).
    A turn that moved nothing is no turning point, so a game decided early may have fewer."""
    moves = [TurningPoint(index=i, turn=found.turns[i], seats=found.seats_of[i], before=found.points[i - 1],
                          after=found.points[i], texts=found.texts[i]) for i in range(1, len(found.points))]
    moves = [m for m in moves if m.swing > 0]
    ranked = sorted(moves, key=lambda m: (-m.swing, m.index))[:count]
    return sorted(ranked, key=lambda m: m.index)


def _length(game: Game, ai: GameAI, start: GameState, rng: Rng) -> int:
    """Choices one rollout from the start plays: what sizes the budget's share per turn."""
    return max(1, _rollout(game, ai, start, rng)[1])


def _estimate(game: Game, ai: GameAI, state: GameState, rollouts: int, rng: Rng) -> list[float]:
    if game.result(state) is not None:
        return _wins(game, ai, state)
    total = [0.0] * state.players
    for _ in range(rollouts):
        shares, _played = _rollout(game, ai, state, rng)
        total = [t + s for t, s in zip(total, shares, strict=True)]
    return [t / rollouts for t in total]


def _wins(game: Game, ai: GameAI, state: GameState) -> list[float]:
    """Each seat's share of the win of a finished game, a shared win split. A co-operative game's outlook instead,
    the search's own team reward (engine.core.ai.search.team_reward): half for the team's win, half for how well the
    day ended, so that a day the team is bound to lose still shows which turns made it worse."""
    result = game.result(state)
    assert result is not None
    winners = result.winners
    if game.info.cooperative:
        figure = ai.score_now(state)
        return team_reward(bool(winners), figure[0] if figure else None, state.players)
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]


def _rollout(game: Game, ai: GameAI, state: GameState, rng: Rng) -> tuple[list[float], int]:
    """One game played on from `state` by the playout policy: each seat's share of its win, and the choices played."""
    own = plain_copy(state)
    own.rng = Rng.seeded(rng.next64())
    offers = legal(game, own)
    queued: list[str] = []
    queued_seat = -1
    played = 0
    while offers and played < MAX_ROLLOUT:
        ahead = next((o for o in offers if o.seat == queued_seat), None) if queued else None
        if ahead is not None and queued[0] in ahead.ids:
            seat, choice = queued_seat, queued.pop(0)
        else:
            offer = offers[0] if len(offers) == 1 else rng.choice(offers)
            steps = ai.playout_plan(own, offer, rng)
            if not steps or steps[0] not in offer.ids:
                steps = [rng.choice(offer.ids)]
            seat, choice = offer.seat, steps[0]
            queued, queued_seat = steps[1:], seat
        after: list[Offer] = []
        apply_in_place(game, own, seat, choice, offers, after)
        offers = after or legal(game, own)
        played += 1
    if game.result(own) is None:  # cut off (a bug's endless game): nobody's win
        return [0.0 if game.info.cooperative else 1.0 / state.players] * state.players, played
    return _wins(game, ai, own), played
