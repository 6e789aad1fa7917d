"""Typed commands for fast players: a line of steps separated by ';', each matched against the button labels.

Each step is matched against what is on offer at that point (the earlier steps played on the seat's own sample of
the hidden cards, never past a draw: see engine.core.typed), so a typed line can never do what the buttons could not
nor show what they would not: "take 2; take stack" takes the third face-up card and then the top of the stack;
"hire spy; go" hires the Spy and goes on to Acquire; "play sky whale nose; end" builds a part and ends the turn. A step
matches an option when every word of the step starts a word of its label ("play" and "build" are the same word), or when
the step is the option's id.
Words that stand alone:
  go / next / done   go on to the next step (Acquire, Flyer, Buyer, clean up, stop swapping)
  end                clean up and end the turn (from the Flyer or Buyer step)
  take N             the N-th face-up card (1-4); take stack: the top of the stack (a third one: the Logistician's)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.contract import IllegalAction, Option
from engine.core.text import number, quoted
from engine.core.typed import Reader, Typed, read_line
from engine.planecrafters import choices
from engine.planecrafters.mechanics import count
from engine.planecrafters.state import PCState

if TYPE_CHECKING:
    from engine.core.contract import Game

GO_ON = ("acquire", "flyer", "buyer", "cleanup", "stop")
WORDS = re.compile(r"[a-z0-9*]+")


def _words(text: str) -> list[str]:
    return WORDS.findall(text.lower())


def _fits(words: list[str], label: str) -> bool:
    have = _words(label)
    have += ["play"] if "build" in have else ["build"] if "play" in have else []
    return all(any(h.startswith(w) for h in have) for w in words)


def _match(state: PCState, step: str) -> str:
    offered = choices.options(state)
    ids = [o.id for o in offered]
    words = _words(step)
    if step.strip() in ids:
        return step.strip()
    if words in (["go"], ["next"], ["done"]):
        found = [i for i in ids if i in GO_ON]
        if found:
            return found[0]
    if words == ["end"]:
        if "cleanup" in ids:
            return "cleanup"
        if "buyer" in ids:
            raise IllegalAction("You have a plane to sell: type 'sell 1' or 'go' to reach the Buyer step first.")
    n = number(words[1]) if len(words) == 2 and words[0] == "take" else None
    if n is not None and f"take:{n - 1}" in ids:
        return f"take:{n - 1}"
    hits = [o for o in offered if _fits(words, o.label)]
    if len(hits) > 1:
        # Two copies of a part share a name: either one is the same choice for the player.
        if len({o.label for o in hits}) == 1:
            return hits[0].id
        raise IllegalAction(f"'{quoted(step)}' could mean: {_list(hits)}. Type a few more words.")
    if not hits:
        raise IllegalAction(f"'{quoted(step)}' is not on offer now. You can: {_list(offered)}.")
    return hits[0].id


def _list(options: list[Option]) -> str:
    labels = [o.label for o in options]
    shown = "; ".join(labels[:6])
    return shown + ("; ..." if len(labels) > 6 else "")


def _acquire_just_began(state: PCState, seat: int) -> bool:
    return state.step == "acquire" and state.draws_left == 2 + count(state, seat, "logistician")


def _read_step(reader: Reader, part: str) -> None:
    work = reader.state
    assert isinstance(work, PCState)
    seat = reader.seat
    if not part.strip():
        return
    if (work.over or work.turn != seat) and _words(part) in (["go"], ["next"], ["done"], ["end"]):
        return  # a step with one choice went on by itself: a typed 'end' after the last sale still reads right
    if work.over or work.turn != seat:
        raise IllegalAction(f"Your turn is over before '{quoted(part)}'.")
    if _words(part) in (["go"], ["next"], ["done"]) and _acquire_just_began(work, seat):
        return  # the Hire step had nothing left to offer and went on by itself: "hire spy; go" still reads right
    if _words(part)[:1] == ["take"] and "logistician" in choices.option_ids(work):
        # A third card taken after the turn's two is the Logistician's draw: "take 1; take 2; take stack" reads as
        # the player means it, without naming the ability first.
        reader.play("logistician")
        work = reader.state
        assert isinstance(work, PCState)
    reader.play(_match(work, part))


def parse_command(game: Game, state: PCState, seat: int, text: str) -> Typed:
    if state.over or seat != state.turn:
        raise IllegalAction("It is not your turn.")
    typed, _reader = read_line(game, state, seat, text.split(";"), ";", _read_step)
    if not typed.ids:
        raise IllegalAction("Type a step, like 'take 1; take stack' or 'play sky whale nose; end'.")
    return typed


def command_suggestions(game: Game, state: PCState, seat: int, text: str) -> list[str]:
    """The labels on offer after the finished steps, that contain every word of the step being typed; none past a
    step that draws or turns up a card (what it shows is not known until it is played)."""
    if state.over or seat != state.turn:
        return []
    head, sep, tail = text.rpartition(";")
    try:
        _typed, reader = read_line(game, state, seat, head.split(";") if sep else [], ";", _read_step)
    except IllegalAction:
        return []
    work = reader.state
    assert isinstance(work, PCState)
    if reader.stopped or work.over or work.turn != seat:
        return []
    prefix = head.strip() + "; " if sep else ""
    words = _words(tail)
    return [prefix + o.label for o in choices.options(work) if _fits(words, o.label)][:25]
