"""Typed moves for pilots: a line of steps separated by ';', each matched against the pilot's own buttons.

  fly DEN / fly to den        fly to an airport (the cheapest way there)
  fly 2 out of lax on dfw     fly to a route space, named as its button names it (counted from the plane)
  board atl mia               board a waiting passenger (words of the button: trip, fare, anger)
  deliver atl mia             drop a passenger off at its destination ('drop' and 'leave' name it too)
  boost / done                use the temporary speed token; done for this round (or done buying)
Any other step is matched against the labels of the pilot's buttons: every typed word must start a word of the
label ("buy orange", "pay 3", "put storm 2"). Each step is read after the ones before it, on the pilot's own sample
of what nobody can see (engine.core.typed), so a line can never do what the buttons could not nor show what they
would not. Everyone plays at once: a line only ever moves its own pilot's plane.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.contract import IllegalAction, Option
from engine.core.text import quoted
from engine.core.typed import Reader, Typed, by_label, fits, read_line, typing, words
from engine.now_boarding.board import is_airport

if TYPE_CHECKING:
    from engine.core.contract import Game, GameState

SYNONYMS = (frozenset({"deliver", "drop", "leave"}),)
"""A passenger leaves the plane by one button, 'Deliver' at its destination and 'Leave' anywhere else."""


def _offered(game: Game, state: GameState, seat: int) -> list[Option]:
    return [o for d in game.pending(state) if d.seat == seat for o in d.options]


def _match(offered: list[Option], step: str) -> str:
    typed = words(step)
    ids = {o.id for o in offered}
    if typed and typed[0] == "fly":
        place = [w for w in typed[1:] if w != "to"]
        if len(place) == 1 and is_airport(place[0].upper()) and f"fly:{place[0].upper()}" in ids:
            return f"fly:{place[0].upper()}"
    if typed in (["done"], ["end"]) and "done" in ids:
        return "done"
    return by_label(offered, step, SYNONYMS)


def _read_step(reader: Reader, step: str) -> None:
    if not step.strip():
        return
    offered = _offered(reader.game, reader.state, reader.seat)
    if not offered:
        raise IllegalAction(f"You have nothing to choose before '{quoted(step)}'.")
    reader.play(_match(offered, step))


def _read(game: Game, state: GameState, seat: int, steps: list[str]) -> tuple[Typed, Reader]:
    return read_line(game, state, seat, steps, ";", _read_step)


def parse_command(game: Game, state: GameState, seat: int, text: str) -> Typed:
    if not _offered(game, state, seat):
        raise IllegalAction("You have nothing to choose right now.")
    typed, _reader = _read(game, state, seat, text.split(";"))
    if not typed.ids:
        raise IllegalAction("Type a move, like 'fly DEN', 'board ATL MIA' or 'done'.")
    return typed


def command_suggestions(game: Game, state: GameState, seat: int, text: str) -> list[str]:
    """The labels of the pilot's buttons after the finished steps that hold every word of the step being typed;
    none past a step that shows something hidden."""
    now = typing(game, state, seat, text, ";", _read_step)
    if now is None:
        return []
    typed = words(now.tail)
    return [now.prefix + o.label for o in _offered(game, now.reader.state, seat) if fits(typed, o.label, SYNONYMS)][:25]
