"""Safe entry points over a Game: copy-on-apply, version counting, replay."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from engine.core.contract import Decision, Event, Game, GameState, IllegalAction


class LoggedAction(BaseModel):
    seat: int
    choice: str


def decisions_for(game: Game, state: GameState, seat: int) -> list[Decision]:
    return [d for d in game.pending(state) if d.seat == seat]


def apply(game: Game, state: GameState, seat: int, choice: str) -> tuple[GameState, list[Event]]:
    """Return (new_state, events). `state` is never modified; an illegal choice raises IllegalAction."""
    if game.is_over(state):
        raise IllegalAction("This game is already over.")
    if not 0 <= seat < state.players:
        raise IllegalAction("You are not playing in this game.")
    if not decisions_for(game, state, seat):
        raise IllegalAction("It is not your turn to choose anything right now.")
    work = state.model_copy(deep=True)
    events = game.apply(work, seat, choice)
    work.version = state.version + 1
    return work, events


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
