"""What the channel may show of the open decisions: the one description the bot's public panel is built from.

A Discord panel is public. For each open decision it shows the prompt, the buttons for the options anyone may
know of (their index in the decision travels in each button's custom_id) and, when the chooser's hidden cards may be
on offer, a "Show my choices" button that lists everything to the chooser alone. The bot builds the channel's panel
from `public_panel` only, and the conformance check (engine.core.checks.conformance.check_secrecy) demands that it be
the same whatever the hidden cards are, so the panel can never tell the table what a hand holds.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.core.contract import Decision, Game, GameState, TypedValue


class PanelOption(BaseModel):
    index: int
    """Its position in the decision's options: the bot's button carries it, so it is public too."""
    label: str
    detail: str = ""


class PublicDecision(BaseModel):
    seat: int
    kind: str
    prompt: str
    private: bool
    """Whether the channel shows "Show my choices" (some options are for the chooser's eyes only)."""
    options: list[PanelOption]
    """The options the channel lists, in order."""
    typed: TypedValue | None = None
    """The chooser may also type a value (a "Type a price…" button opens a form for it)."""


def chooser_only(game: Game, state: GameState, decision: Decision) -> set[int]:
    """Indices of the options whose id is a secret of the chooser (a card in their hand): never listed publicly."""
    mine = game.secrets(state).get(decision.seat, set())
    return {i for i, option in enumerate(decision.options) if option.id in mine}


def distinct(options: list[PanelOption]) -> list[PanelOption]:
    """The first option of each label and detail: two identical cards offer one choice twice ("Build Spare Part into
    plane 1 nose" for each Spare Part in hand), and a player should meet it once. The first stands for the others,
    as a typed step of that label does (engine/README.md, "Typed moves")."""
    seen: set[tuple[str, str]] = set()
    out = []
    for o in options:
        if (o.label, o.detail) not in seen:
            seen.add((o.label, o.detail))
            out.append(o)
    return out


def listed(decision: Decision) -> list[PanelOption]:
    """Every option of a decision as the chooser's own controls list it: one entry per distinct choice."""
    return distinct([PanelOption(index=i, label=o.label, detail=o.detail) for i, o in enumerate(decision.options)])


def public_decision(game: Game, state: GameState, decision: Decision) -> PublicDecision:
    hidden = chooser_only(game, state, decision)
    return PublicDecision(
        seat=decision.seat, kind=decision.kind, prompt=decision.prompt, private=decision.private or bool(hidden),
        options=distinct([PanelOption(index=i, label=o.label, detail=o.detail)
                          for i, o in enumerate(decision.options) if i not in hidden]),
        typed=decision.typed,
    )


def public_panel(game: Game, state: GameState) -> list[PublicDecision]:
    """Every open decision as the channel may show it."""
    return [public_decision(game, state, d) for d in game.pending(state)]
