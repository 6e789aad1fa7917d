"""Safe entry points over a Game: copy-on-apply, version counting, replay."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core._fast.pydantic_bypass import trusted_model
from engine.core.contract import Event, Game, GameState, IllegalAction, Offer


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


def apply(
    game: Game, state: GameState, seat: int, choice: str, legal: list[Offer] | None = None
) -> tuple[GameState, list[Event]]:
    """Return (new_state, events). `state` is never modified; an illegal choice raises IllegalAction.

    `legal`, if given, must be `game.legal(state)` listed by the caller from this very state (a playout loop that
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
    receives `game.legal(state)` after the choice if the game listed it on the way (see `Game.apply`)."""
    if legal is None:
        legal = game.legal(state)
    _check_turn(state, seat, legal, game)
    version = state.version
    events = game.apply(state, seat, choice, legal, after)
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
    reason = game.idle_reason(state, seat)
    raise IllegalAction(reason or "It is not your turn to choose anything right now.")


def new_game(game: Game, players: int, seed: int, options: dict[str, str] | None = None) -> GameState:
    if not game.min_players <= players <= game.max_players:
        raise IllegalAction(f"{game.title} takes {game.min_players} to {game.max_players} players, not {players}.")
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
