"""Planes for automatic players: find a move that ends by boarding, the random playout policy, and the AI hooks
(`AI`, named by the manifest) the search, the levels and self-play read.

Uniformly random choices almost never line a group up with a gate (a group of k cubes must cover exactly k - 1
free spaces and keep a cube of the plane's colour for last), and they often take 'redo', so uniformly random games
run until the round limit. The playout policy stays random but plays like a person would: it never redoes a move
(a convenience for humans, not a game choice) and, when a boarding move exists, it takes one half of the time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.ai.hooks import GameAI
from engine.core.contract import GameState, Offer
from engine.core.rng import Rng
from engine.planes import moves, scoring
from engine.planes.state import PlanesState
from engine.planes.terrain import terrain

FOLLOW_BOARDING = 2
"""A boarding move, when there is one, is chosen with probability 1/FOLLOW_BOARDING at the start of a move."""
MAX_PLANS = 40
"""Boarding moves collected before picking one: enough variety, bounded work on branching airports."""


def _finishes(state: PlanesState, at: str, active: list[str]) -> Iterator[list[str]]:
    """Step ids that take a group at `at` holding `active` onto a gate: k - 1 drops on open spaces, then a gate of a
    colour the group holds (that cube goes last)."""
    board = terrain(state)
    gates = board.gate_ids
    nexts = board.backwards if state.backwards else board.forwards  # what neighbours() reads
    open_space: dict[str, bool] = {}  # space -> a group may step on past it (asked once per space, not per path)
    paths: list[list[str]] = [[at]]
    for _ in range(len(active) - 1):
        grown = []
        for p in paths:
            for n in nexts[p[-1]]:
                ok = open_space.get(n)
                if ok is None:
                    ok = open_space[n] = n not in gates and not moves.blocks(state, n)
                if ok:
                    grown.append(p + [n])
        paths = grown
    for path in paths:
        for gate in nexts[path[-1]]:
            if gate not in gates:
                continue
            plane = moves.plane_at(state, gate)
            if plane.full or plane.colour not in active:
                continue
            rest = list(active)
            rest.remove(plane.colour)
            drops = [f"drop:{space}:{colour}" for space, colour in zip(path[1:], rest, strict=True)]
            yield [*drops, f"board:{gate}", "confirm"]


def boarding_plans(state: PlanesState, starts: list[str] | None = None) -> Iterator[list[str]]:
    """Every boarding move open to the seat to play, as option ids; mid-move, the ways to finish this one. `starts`:
    the spaces the move may start from, if the caller has them (the ids on offer), in `moves.start_spaces` order."""
    move = state.move
    if move is not None:
        if move.finished:
            if move.boarded:
                yield ["confirm"]
            return
        yield from _finishes(state, move.at, move.active)
        return
    seat = state.turn
    origins = moves.start_spaces(state, seat) if starts is None else (
        (origin, moves.picked_up(state, seat, origin)) for origin in starts)
    for origin, active in origins:
        for finish in _finishes(state, origin, active):
            yield [f"from:{origin}", *finish]


def boarding_plan(state: PlanesState, rng: Rng | None = None, offered: set[str] | None = None,
                  starts: list[str] | None = None) -> list[str]:
    """One boarding move (option ids), or [] if none exists: the first found, or a random one given `rng`.

    With `offered`, only plans whose first step is on offer count (a Shortcut still to be used hides 'board').
    `starts` as for `boarding_plans`."""
    found: list[list[str]] = []
    for candidate in boarding_plans(state, starts):
        if offered is not None and candidate[0] not in offered:
            continue
        if rng is None:
            return candidate
        found.append(candidate)
        if len(found) >= MAX_PLANS:
            break
    return rng.choice(found) if rng is not None and found else []



def plan_ids(state: PlanesState, kind: str, offered: list[str], rng: Rng) -> list[str]:
    """The random playout policy for a decision of `kind` offering the option ids `offered` (what playouts list).
    Actions, follow-ups and goals stay uniformly random."""
    ids = [i for i in offered if i != "redo"] or list(offered)
    if kind == "move_start" and rng.below(FOLLOW_BOARDING) == 0:
        # The start ids on offer are moves.start_spaces, in order: no need to work them out again.
        chosen = boarding_plan(state, rng, set(ids), [i.removeprefix("from:") for i in ids])
        if chosen:
            return chosen
    elif kind == "move":
        # Mid-move the coin was already thrown at the start: a group that can still board does. This keeps the
        # policy the same whether a caller follows whole plans (selfplay) or asks one decision at a time (a bot).
        chosen = boarding_plan(state, rng, set(ids))
        if chosen:
            return chosen
    return [rng.choice(ids)]


def _planes(state: GameState) -> PlanesState:
    assert isinstance(state, PlanesState)
    return state


class PlanesAI(GameAI):
    """Planes for the AI: the boarding-minded playout policy above, the score as it stands, and "redo" left out."""

    search_beats_policy = True  # docs/notes/ai.md: hard and normal beat the policy in arena runs
    take_backs = frozenset({"redo"})
    race_label = "VP"
    race_unit = "{} VP"
    summary_values = {"end": ["track", "full colour", "all aboard", "round limit", "frozen"]}

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        return plan_ids(_planes(state), offer.kind, offer.ids, rng)

    def score_now(self, state: GameState) -> list[float] | None:
        s = _planes(state)
        return [float(scoring.score(s, seat)) for seat in range(s.players)]

    def summary(self, state: GameState) -> dict[str, Any]:
        s = _planes(state)
        out: dict[str, Any] = {"turns": s.turns, "end": s.end_reason or "unfinished"}
        if s.round_trip:
            # Where the points come from (per seat, averaged), to balance plane sides against goals and tokens.
            seats = range(s.players)
            won = scoring.result(s).winners
            out.update({
                "winning VP": scoring.score(s, won[0]),
                "VP a seat from yellow stars": sum(scoring.star_points(s, k) for k in seats) / s.players,
                "VP a seat from tokens": sum(scoring.tokens(s, k) for k in seats) / s.players,
                "VP a seat from goals": sum(scoring.goal_points(s, k) for k in seats) / s.players,
                "cubes boarded": s.track,
                "winning seat": f"seat {won[0] + 1}" if len(won) == 1 else "shared",
            })
        return out


AI = PlanesAI
