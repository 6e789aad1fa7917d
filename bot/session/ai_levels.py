"""Who may change an AI seat's level (engine.core.ai.levels), and to what: the same checks in the lobby and during a
game, so a refusal reads the same whichever way the host asks (a lobby menu, the chooser after Add AI,
/game host ai)."""

from __future__ import annotations

from bot.session.types import Refusal
from bot.store import Seat, SessionRow
from engine.core import Game
from engine.core.ai import levels


def level_of(seat: Seat) -> str:
    """The level an AI seat plays at. An empty level is Easy: seats stored before levels existed play the game's
    policy, as they always did, until the host says otherwise."""
    return seat.level or levels.EASY


def stand_in_level(game: Game) -> str:
    """The level the AI plays a member's seat at when it stands in (a missed deadline, a resignation, a seat kept
    after missed deadlines): the same as a new AI seat, so the others keep an opponent that plays to win where the
    game's search has been shown to (levels.default_for). The host can change it with /game host ai."""
    return levels.default_for(game)


def level_named(text: str) -> str | None:
    """A level's key from its key or its label, case aside (None: no such level)."""
    typed = text.strip().casefold()
    return next((key for key, label in levels.LABELS.items() if typed in (key, label.casefold())), None)


def other_levels(seat: Seat) -> list[str]:
    """The levels an AI seat may be changed to: every one but its own."""
    return [level for level in levels.LEVELS if level != level_of(seat)]


def with_level(session: SessionRow, user_id: int, seat_number: int, level: str, *,
               manager: bool) -> tuple[list[Seat], Seat]:
    """The seats once AI seat `seat_number` (counted from 1) plays at `level`, and that seat; a Refusal says why
    not (the asker is not the host, there is no such level or seat, the seat is a member's, or nothing would change)."""
    if user_id != session.host_id and not manager:
        raise Refusal("Only the host (or someone who may manage this channel) sets an AI's level.")
    key = level_named(level)
    if key is None:
        names = ", ".join(levels.LABELS[k] for k in levels.LEVELS)
        raise Refusal(f"'{level.strip()[:40]}' is not an AI level; pick one of {names}.")
    seat = next((s for s in session.seats if s.seat == seat_number - 1), None)
    if seat is None:
        raise Refusal(f"This game has no seat {seat_number}; /game status lists them.")
    if not seat.is_ai:
        raise Refusal(f"Seat {seat_number} is {seat.name}'s, not an AI's; only an AI seat has a level.")
    if level_of(seat) == key:
        raise Refusal(f"{seat.name} already plays at {levels.LABELS[key]}.")
    changed = seat.model_copy(update={"level": key})
    return [changed if s.seat == seat.seat else s for s in session.seats], changed
