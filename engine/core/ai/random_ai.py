"""The first AI: random among legal options, seeded so AI games replay exactly.

`pick` is uniform over the options. `plan` and `choose` go through the game's own playout policy
(`GameAI.playout_plan`), which is still random but ends games the way people do (Planes: never redo, and often finish
a move that boards). An AI seat that answers one decision per call uses `choose`; a loop that keeps state between
decisions (selfplay) follows the whole `plan` while it stays legal.
"""

from __future__ import annotations

from engine.core.ai.hooks import GameAI, ai_for
from engine.core.contract import Decision, Game, GameState, Offer, offer_of
from engine.core.rng import Rng


def pick(decision: Decision, rng: Rng) -> str:
    return rng.choice(decision.options).id


def plan(game: Game, state: GameState, decision: Decision, rng: Rng, strict: bool = False,
         ai: GameAI | None = None) -> list[str]:
    """The game's playout plan for `decision`, never empty and always starting with one of its options."""
    return plan_offer(game, state, offer_of(decision), rng, strict, ai)


def plan_offer(game: Game, state: GameState, offer: Offer, rng: Rng, strict: bool = False,
               ai: GameAI | None = None) -> list[str]:
    """The playout plan of the game's AI hooks (`ai`, default: its manifest's) for an open decision of
    `play.legal(game, state)`, never empty and always starting with one of its options.

    A policy whose first step is not on offer is a bug in that game: `strict` (selfplay, tests) raises it, otherwise
    (a live AI seat) a uniform pick keeps the game going."""
    steps = (ai_for(game) if ai is None else ai).playout_plan(state, offer, rng)
    if not steps or steps[0] not in offer.ids:
        if strict:
            raise ValueError(f"{game.name}: playout plan {steps!r} does not start with an option on offer")
        return [rng.choice(offer.ids)]
    return steps


def choose(game: Game, state: GameState, decision: Decision, rng: Rng, ai: GameAI | None = None) -> str:
    """One choice for an AI seat by the game's playout policy."""
    return plan(game, state, decision, rng, ai=ai)[0]
