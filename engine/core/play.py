"""Safe entry points over a Game: copy-on-apply, version counting, replay."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core._fast.pydantic_bypass import trusted_model
from engine.core.contract import Decision, Event, Game, GameState, IllegalAction, ListedGame, Offer, offer_of
from engine.core.table import table_for


class LoggedAction(BaseModel):
    # Frozen: `logged` shares equal actions between playouts, so one must never be changed in place.
    model_config = ConfigDict(frozen=True)

    seat: int
    choice: str


_LOGGED: dict[tuple[int, str], LoggedAction] = {}
_LOGGED_KEPT = 100_000
"""The most logged actions kept for sharing (a few thousand in practice), so no run of games grows the store without
end."""


def logged(seat: int, choice: str) -> LoggedAction:
    """`LoggedAction(seat=seat, choice=choice)` without validation, for a playout's own choices. Equal actions are
    shared: a playout logs the same few thousand choices again and again, and nothing changes a logged action."""
    key = (seat, choice)
    found = _LOGGED.get(key)
    if found is None:
        if len(_LOGGED) >= _LOGGED_KEPT:
            _LOGGED.clear()
        found = _LOGGED[key] = trusted_model(LoggedAction, {"seat": seat, "choice": choice}, {"seat", "choice"})
    return found


def legal(game: Game, state: GameState) -> list[Offer]:
    """The open decisions as option ids, as playouts read them: a `ListedGame`'s own listing, else `pending` (each
    Offer then carries its Decision, so `label` costs nothing)."""
    if isinstance(game, ListedGame):
        return game.legal(state)
    return [offer_of(d) for d in game.pending(state)]


_listed = legal
"""`legal` under a name the `legal` arguments below do not hide."""


def label(game: Game, state: GameState, offer: Offer) -> Decision:
    """The Decision, prompt and labelled options, of an open decision `legal(game, state)` listed."""
    if offer.decision is not None:
        return offer.decision
    if isinstance(game, ListedGame):
        return game.label(state, offer)
    return next(d for d in game.pending(state)
                if d.seat == offer.seat and d.kind == offer.kind and [o.id for o in d.options] == offer.ids)


def is_over(game: Game, state: GameState) -> bool:
    """Whether the game has ended (nothing is open any more)."""
    if isinstance(game, ListedGame):
        return game.is_over(state)
    return not game.pending(state)


def reveals(game: Game, before: GameState, after: GameState, events: list[Event]) -> bool:
    """Whether the choice that led from `before` to `after` made hidden information known to anyone, so that it
    can no longer be taken back (undo stops there): an event is marked `reveals`, or an id hidden in `before` (any
    key of `secrets(before)`) shows in some view of `after` (the public's or a seat's) where it did not show before,
    or comes into a seat's sight (`Game.in_sight`)."""
    if any(e.reveals for e in events):
        return True
    hidden = set().union(*game.secrets(before).values())
    if not hidden:
        return False
    if any(hidden & (game.in_sight(after, s) - game.in_sight(before, s)) for s in range(after.players)):
        return True
    for viewer in [None, *range(after.players)]:
        shown_before = json.dumps(game.view(before, viewer), default=str)
        shown_after = json.dumps(game.view(after, viewer), default=str)
        if any(h in shown_after and h not in shown_before for h in hidden):
            return True
    return False


def apply(
    game: Game, state: GameState, seat: int, choice: str, legal: list[Offer] | None = None
) -> tuple[GameState, list[Event]]:
    """Return (new_state, events). `state` is never modified; an illegal choice raises IllegalAction.

    `legal`, if given, must be `legal(game, state)` listed by the caller from this very state (a playout loop that
    has just chosen among them): they are then not listed again. The outcome is the same either way."""
    work = state.model_copy(deep=True)
    events = apply_in_place(game, work, seat, choice, legal)
    return work, events


def apply_in_place(
    game: Game, state: GameState, seat: int, choice: str, legal: list[Offer] | None = None,
    after: list[Offer] | None = None,
) -> list[Event]:
    """`apply` on a state the caller owns and gives up (a playout's private state): no copy is made, so an illegal
    choice may leave it half changed. Only for loops that choose among the listed options. `after`, an empty list,
    receives `legal(game, state)` after the choice if the game listed it on the way (see `Game.apply_fast`, the fast
    path this takes, which the game holds to its `apply`)."""
    if legal is None:
        legal = _listed(game, state)
    _check_turn(state, seat, legal, game)
    version = state.version
    events = game.apply_fast(state, seat, choice, legal, after)
    state.version = version + 1
    return events


def _check_turn(state: GameState, seat: int, legal: Sequence[Offer], game: Game) -> None:
    """Refuse a choice when the game is over, the seat is not at the table or it has nothing open."""
    if not legal:
        raise IllegalAction("This game is already over.")
    if not 0 <= seat < state.players:
        raise IllegalAction("You are not playing in this game.")
    for offer in legal:  # a plain loop: asked on every choice of a playout, and any() on a generator is slower
        if offer.seat == seat:
            return
    reason = table_for(game).idle_reason(state, seat)
    raise IllegalAction(reason or "It is not your turn to choose anything right now.")


def new_game(game: Game, players: int, seed: int, options: dict[str, str] | None = None) -> GameState:
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise IllegalAction(f"{info.title} takes {info.min_players} to {info.max_players} players, not {players}.")
    return game.new_game(players, seed, game.check_options(players, options or {}))


def replay(
    game: Game, players: int, seed: int, options: dict[str, str], actions: Iterable[LoggedAction]
) -> GameState:
    """Rebuild a state from its setup and action log. Same seed and same choices give the same state."""
    state = new_game(game, players, seed, options)
    for action in actions:
        state, _ = apply(game, state, action.seat, action.choice)
    return state


def load_state(game: Game, data: str | bytes | dict[str, Any]) -> GameState:
    if isinstance(data, dict):
        return game.state_model.model_validate(data)
    return game.state_model.model_validate_json(data)


def dump_state(state: GameState) -> str:
    return state.model_dump_json()
