"""The portable record of a game (`/game export`): the game, its options and seed, the seats, and every choice with
who made it and when. The engine is deterministic, so replaying the choices from the seed (`python -m engine
replay FILE`) gives the very state the game ended in: what a bug report or a tournament organiser needs.

Only the choices that count are recorded: a choice taken back by an undo is left out, as the game went on without
it. The state's `version` counts every line of the bot's log (undo lines too), so the digest leaves it out.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from engine import registry
from engine.core.contract import GameState, IllegalAction, Result
from engine.core.play import apply, dump_state, new_game

FORMAT: Literal["tarmac-game-record"] = "tarmac-game-record"


class RecordSeat(BaseModel):
    seat: int
    name: str
    ai: bool = False
    level: str | None = None
    """The AI's level when the game ended, for an AI seat."""


class RecordChoice(BaseModel):
    seat: int
    who: str
    """The seat's name when the choice was made (a member's, or an AI's)."""
    choice: str
    """The option id, exactly as the engine takes it."""
    at: datetime | None = None


class RecordEnd(BaseModel):
    """How the game stood when it was exported: what a replay must reach."""

    digest: str
    result: Result | None = None


class GameRecord(BaseModel):
    format: Literal["tarmac-game-record"] = FORMAT
    format_version: int = 1
    game: str
    title: str = ""
    options: dict[str, str] = Field(default_factory=dict)
    seed: int
    seats: list[RecordSeat]
    choices: list[RecordChoice]
    end: RecordEnd | None = None


def digest(state: GameState) -> str:
    """A fingerprint of a state (SHA-256 of its JSON), without the version counter (see the module's note)."""
    return hashlib.sha256(dump_state(state.model_copy(update={"version": 0})).encode()).hexdigest()


def replay(record: GameRecord) -> GameState:
    """The state the record's choices lead to from its seed. An illegal choice raises IllegalAction, naming it."""
    engine = registry.get(record.game)
    state = new_game(engine, len(record.seats), record.seed, record.options)
    for number, choice in enumerate(record.choices, start=1):
        try:
            state, _events = apply(engine, state, choice.seat, choice.choice)
        except IllegalAction as refused:
            raise IllegalAction(f"Choice {number} ('{choice.choice}' by {choice.who}) is refused: "
                                f"{refused.sentence}") from None
    return state


def report(record: GameRecord) -> tuple[list[str], bool]:
    """What `python -m engine replay` prints about a record, and whether the replay reached the recorded end."""
    engine = registry.get(record.game)
    state = replay(record)
    result = engine.result(state)
    found = digest(state)
    names = {s.seat: s.name for s in record.seats}
    lines = [f"game: {engine.title} ({record.game}), seed {record.seed}, options: {record.options or 'defaults'}",
             f"seats: {', '.join(f'{s.seat + 1}. {s.name}' + (' (AI)' if s.ai else '') for s in record.seats)}",
             f"choices replayed: {len(record.choices)}"]
    if result is None:
        lines.append("result: the game is not over")
    else:
        lines.append(f"result: {result.summary}")
        for standing in sorted(result.standings, key=lambda r: -r.score):
            lines.append(f"  {names.get(standing.seat, standing.seat)}: {standing.score}")
    lines.append(f"final state digest: {found}")
    same = record.end is None or (record.end.digest == found and record.end.result == result)
    if record.end is not None:
        lines.append("matches the recorded end" if same else f"DIFFERS from the recorded end ({record.end.digest})")
    return lines, same
