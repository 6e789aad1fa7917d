"""Typed moves for pilots: a line of steps separated by ';', each matched against the pilot's own buttons.

  fly DEN / fly to den        fly to an airport (the cheapest way there)
  fly 2 out of lax on dfw     fly to a route space, named as its button names it (counted from the plane)
  board atl mia               board a waiting passenger (words of the button: trip, fare, anger)
  deliver atl mia             drop a passenger off at its destination ('drop' and 'leave' name it too)
  boost / done                use the temporary speed token; done for this round (or done buying)
Any other step is matched against the labels of the pilot's buttons: every typed word must start a word of the
label ("buy orange", "pay 3", "put storm 2"), the words' order telling apart labels of the same words ("fly 1 den
sfo" is out of DEN on DEN–SFO, not out of SFO on SFO–DEN); a label typed as it is (a suggestion sent back) is always
that button. Each step is read after the ones before it, on the pilot's own sample
of what nobody can see (engine.core.typed), so a line can never do what the buttons could not nor show what they
would not. Everyone plays at once: a line only ever moves its own pilot's plane.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.contract import GameState, IllegalAction, Option
from engine.core.text import quoted
from engine.core.typed import GameCommands, Reader, by_label, each_once, fits, read_line, typing, words
from engine.core.typed_line import Names, Suggestion, Typed
from engine.now_boarding.board import is_airport

if TYPE_CHECKING:
    from engine.core.contract import Game, GameState

SYNONYMS = (frozenset({"deliver", "drop", "leave"}),)
"""A passenger leaves the plane by one button, 'Deliver' at its destination and 'Leave' anywhere else."""


def _offered(game: Game, state: GameState, seat: int) -> list[Option]:
    return [o for d in game.pending(state) if d.seat == seat for o in d.options]


def _match(reader: Reader, offered: list[Option], step: str) -> str:
    found = reader.labelled(step, offered)
    if found is not None:
        return found
    typed = words(step)
    ids = {o.id for o in offered}
    if typed and typed[0] == "fly":
        place = [w for w in typed[1:] if w != "to"]
        if len(place) == 1 and is_airport(place[0].upper()) and f"fly:{place[0].upper()}" in ids:
            return f"fly:{place[0].upper()}"
    if typed in (["done"], ["end"]) and "done" in ids:
        return "done"
    return by_label(offered, step, SYNONYMS, reader.shown)


def _read_step(reader: Reader, step: str) -> None:
    if not step.strip():
        return
    offered = _offered(reader.game, reader.state, reader.seat)
    if not offered:
        raise IllegalAction(f"You have nothing to choose before '{quoted(step)}'.")
    reader.play(_match(reader, offered, step))


def parse_command(game: Game, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
    if not _offered(game, state, seat):
        raise IllegalAction("You have nothing to choose right now.")
    typed, _reader = read_line(game, state, seat, text.split(";"), ";", _read_step, names=names)
    if not typed.ids:
        raise IllegalAction("Type a move, like 'fly DEN', 'board ATL MIA' or 'done'.")
    return typed


def suggest(game: Game, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
    """The labels of the pilot's buttons after the finished steps that hold every word of the step being typed, as
    the member sees them; none past a step that shows something hidden."""
    now = typing(game, state, seat, text, ";", _read_step, names)
    if now is None:
        return []
    typed = words(now.tail)
    shown = [(o, now.reader.shown(o.label)) for o in now.reader.options()]
    return each_once([now.reader.suggestion(now.prefix, label, o.id) for o, label in shown
                      if fits(typed, label, SYNONYMS)])


class NowBoardingCommands(GameCommands):
    """Now Boarding typed: a pilot's round in one line, steps between ";"."""

    def parse_command(self, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
        return parse_command(self.game, state, seat, text, names)

    def suggest(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
        return suggest(self.game, state, seat, text, names)


COMMANDS = NowBoardingCommands
