"""Typed commands for fast players: a line of steps separated by ';', each matched against the button labels.

Each step is matched against what is on offer at that point (the earlier steps played on the seat's own sample of
the hidden cards, never past a draw: see engine.core.typed), so a typed line can never do what the buttons could not
nor show what they would not: "take 2; take stack" takes the third face-up card and then the top of the stack;
"hire spy; go" hires the Spy and goes on to Acquire; "play sky whale nose; end" builds a part and ends the turn. A step
matches an option when every word of the step starts a word of its label ("play" and "build" are the same word), or when
the step is the option's id; a label typed as it is (a suggestion sent back) is always that option, and the words'
order tells apart two builds of the same parts ("Build A … (replaces B)", "Build B … (replaces A)"). Players are
named as the buttons name them: "spy on ana".
Words that stand alone:
  go / next / done   go on to the next step (Acquire, Flyer, Buyer, clean up, stop swapping)
  end                clean up and end the turn (from the Flyer or Buyer step)
  take N             the N-th face-up card (1-4); take stack: the top of the stack (a third one: the Logistician's)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.contract import GameState, IllegalAction
from engine.core.text import number, quoted
from engine.core.typed import GameCommands, Reader, by_label, each_once, fits, read_line, typing, words
from engine.core.typed_line import Names, Suggestion, Typed
from engine.planecrafters import choices
from engine.planecrafters.mechanics import count
from engine.planecrafters.state import PCState

if TYPE_CHECKING:
    from engine.core.contract import Game

GO_ON = ("acquire", "flyer", "buyer", "cleanup", "stop")
BUILD = (frozenset({"play", "build"}),)
"""A part is built by playing it: either word names the same step."""


def _fits(typed: list[str], label: str) -> bool:
    return fits(typed, label, BUILD)


def _match(reader: Reader, state: PCState, step: str) -> str:
    offered = choices.options(state)
    ids = [o.id for o in offered]
    typed = words(step)
    if step.strip() in ids:
        return step.strip()
    labelled = reader.labelled(step, offered)
    if labelled is not None:
        return labelled
    if typed in (["go"], ["next"], ["done"]):
        found = [i for i in ids if i in GO_ON]
        if found:
            return found[0]
    if typed == ["end"]:
        if "cleanup" in ids:
            return "cleanup"
        if "buyer" in ids:
            raise IllegalAction("You have a plane to sell: type 'sell 1' or 'go' to reach the Buyer step first.")
    n = number(typed[1]) if len(typed) == 2 and typed[0] == "take" else None
    if n is not None and f"take:{n - 1}" in ids:
        return f"take:{n - 1}"
    return by_label(offered, step, BUILD, reader.shown)


def _acquire_just_began(state: PCState, seat: int) -> bool:
    return state.step == "acquire" and state.draws_left == 2 + count(state, seat, "logistician")


def _read_step(reader: Reader, part: str) -> None:
    work = reader.state
    assert isinstance(work, PCState)
    seat = reader.seat
    if not part.strip():
        return
    if (work.over or work.turn != seat) and words(part) in (["go"], ["next"], ["done"], ["end"]):
        return  # a step with one choice went on by itself: a typed 'end' after the last sale still reads right
    if work.over or work.turn != seat:
        raise IllegalAction(f"Your turn is over before '{quoted(part)}'.")
    if words(part) in (["go"], ["next"], ["done"]) and _acquire_just_began(work, seat):
        return  # the Hire step had nothing left to offer and went on by itself: "hire spy; go" still reads right
    if words(part)[:1] == ["take"] and "logistician" in choices.option_ids(work) and \
            reader.labelled(part, choices.options(work)) is None:
        # A third card taken after the turn's two is the Logistician's draw: "take 1; take 2; take stack" reads as
        # the player means it, without naming the ability first.
        reader.play("logistician")
        work = reader.state
        assert isinstance(work, PCState)
    reader.play(_match(reader, work, part))


def parse_command(game: Game, state: PCState, seat: int, text: str, names: Names | None = None) -> Typed:
    if state.over or seat != state.turn:
        raise IllegalAction("It is not your turn.")
    typed, _reader = read_line(game, state, seat, text.split(";"), ";", _read_step, names=names)
    if not typed.ids:
        raise IllegalAction("Type a step, like 'take 1; take stack' or 'play sky whale nose; end'.")
    return typed


def suggest(game: Game, state: PCState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
    """The labels on offer after the finished steps, as the member sees them, that contain every word of the step
    being typed; none past a step that draws or turns up a card (what it shows is not known until it is played)."""
    if state.over or seat != state.turn:
        return []
    now = typing(game, state, seat, text, ";", _read_step, names)
    if now is None:
        return []
    work = now.reader.state
    assert isinstance(work, PCState)
    if work.over or work.turn != seat:
        return []
    typed = words(now.tail)
    shown = [(o, now.reader.shown(o.label)) for o in choices.options(work)]
    return each_once([now.reader.suggestion(now.prefix, label, o.id) for o, label in shown if _fits(typed, label)])


def _state(state: GameState) -> PCState:
    assert isinstance(state, PCState)
    return state


class PlanecraftersCommands(GameCommands):
    """Planecrafters typed: the buttons' labels, steps between ";"."""

    def parse_command(self, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
        return parse_command(self.game, _state(state), seat, text, names)

    def suggest(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
        return suggest(self.game, _state(state), seat, text, names)


COMMANDS = PlanecraftersCommands
