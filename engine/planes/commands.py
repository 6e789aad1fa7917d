"""Typed moves: one line such as "S3 > S4 red > S5 grey > S6" turned into the option ids the buttons would send.

Grammar (case does not matter): segments separated by '>'. The first segment is the start space (left out when a
move is already under way). Each later segment is a space followed by what happens there:
  "S4 red" (or "S4 r")  leave one red cube at S4 and keep going (colours: red/r, blue/b, green/g, yellow/y, grey/n)
  "S4" or "S4 stop"     end the move at S4, leaving every remaining cube there
  "S4 skip"             pass over S4 without leaving a cube (Shortcut card)
  "G2" or "G2 board"    board the last cube at gate G2 (on the first free slot the mover may pick)
  "G2 slot 3"           board it on slot 3 of that plane (Round Trip planes whose slots pay differently)
  "S4 red grey"         leave a red and a grey cube at S4 and keep going (Heavy Luggage, Spread the Bags)
Beacon's tram needs nothing special: a tram ride is one step, so "F1 > H1 red > H2 > ..." reads as on any airport.
A command alone: "redo" takes the move back, "confirm" confirms it. A finished move is confirmed automatically.
In the action phase a typed move means "no action".
No step names a player, so members' names are never read in a line (a member called "Red" types "S4 red" as anyone).
A segment typed exactly as a suggestion offered it is read as the option it was made for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.contract import GameState, IllegalAction
from engine.core.text import quoted
from engine.core.typed import GameCommands, Reader, exact, read_line
from engine.core.typed_line import Names, Suggestion, Typed
from engine.planes.moves import slot_choices
from engine.planes.state import ALL_COLOURS, PlanesState
from engine.planes.terrain import terrain

if TYPE_CHECKING:
    from engine.core.contract import Game

_COLOUR_WORDS = {c: c for c in ALL_COLOURS} | {"r": "red", "b": "blue", "g": "green", "y": "yellow", "n": "grey",
                                              "gray": "grey", "neutral": "grey"}


def _space_id(state: PlanesState, word: str) -> str:
    board = terrain(state)
    found = {space.id.casefold(): space.id for space in board.spaces}.get(word.casefold())
    if found is None:
        # Said here, by the word as typed: a made-up name turned into a step would only be refused later for
        # a reason about cubes, quoting a name the board never had.
        raise IllegalAction(f"{board.title} has no space called '{quoted(word)}'.")
    return found


def _segment_to_id(state: PlanesState, segment: str, first: bool) -> str:
    words = segment.split()
    if not words:
        raise IllegalAction("A step of the move is empty; write a space name between the '>' signs.")
    # Names are matched whatever their case ("a2", "A2"), as the grammar promises; the airport's own spelling is
    # what the option ids use (Flying Cloud mixes "P1" and "a2").
    space = _space_id(state, words[0])
    if first:
        if len(words) > 1:
            raise IllegalAction(f"Start with a space name alone, like '{space}'.")
        return f"from:{space}"
    what = words[1].lower() if len(words) > 1 else ""
    plane = next((p for p in state.planes if p.gate == space), None)
    slot = words[-1] if len(words) > 1 and words[-1].isdigit() else ""
    if plane is not None and (slot or what in ("", "board", "slot")):
        if len(words) > 3 or (len(words) == 3 and what not in ("board", "slot")):
            raise IllegalAction(f"'{quoted(segment)}' has too many words: a gate, then at most 'slot' and a number.")
        choices = slot_choices(plane)
        if len(choices) <= 1 and not slot:
            return f"board:{space}"
        return f"board:{space}:{slot or choices[0] + 1}"
    if len(words) == 3 and what in _COLOUR_WORDS and words[2].lower() in _COLOUR_WORDS:
        pair = sorted((_COLOUR_WORDS[what], _COLOUR_WORDS[words[2].lower()]))
        return f"pair:{space}:{pair[0]}:{pair[1]}"
    if len(words) > 2:
        raise IllegalAction(f"'{quoted(segment)}' has too many words: a space and at most one colour or word "
                            "(two colours to leave two cubes).")
    if what in ("", "stop", "board"):
        if what == "board":
            return f"board:{space}"
        return f"stop:{space}"
    if what == "skip":
        return f"skip:{space}"
    if what in _COLOUR_WORDS:
        return f"drop:{space}:{_COLOUR_WORDS[what]}"
    raise IllegalAction(f"'{quoted(words[1])}' is not a colour, 'stop', 'skip' or 'board'.")


def _play_listed(reader: Reader, choice: str) -> None:
    if choice not in reader.offered():
        # Let the game explain: apply refuses with the same sentence a button would get.
        reader.play(choice)
        raise IllegalAction("That step is not possible now.")
    reader.play(choice)


def _read(game: Game, state: PlanesState, seat: int, segments: list[str]) -> tuple[Typed, Reader]:
    """Read a move's segments on the seat's sample (engine.core.typed): no action first in the action phase, then
    each segment against the sample as it stands after the ones before it."""
    reader = Reader(game, state, seat)
    if state.phase == "action" and state.turn is not None:
        _play_listed(reader, "skip")  # in the action phase a typed move means "no action"
        if reader.stopped:
            return Typed(reader.ids, ">".join(segments).strip()), reader
    first = [state.move is None]

    def read_segment(reader: Reader, segment: str) -> None:
        work = reader.state
        assert isinstance(work, PlanesState)
        found = exact(_forms(reader.offered()), segment)
        _play_listed(reader, found if found is not None else _segment_to_id(work, segment, first[0]))
        first[0] = False

    return read_line(game, state, seat, segments, ">", read_segment, reader)


def parse_command(game: Game, state: PlanesState, seat: int, text: str) -> Typed:
    line = text.strip()
    if seat != state.turn or state.phase == "over":
        raise IllegalAction("It is not your turn.")
    if line.lower() in ("redo", "confirm"):
        return Typed([line.lower()])
    if state.phase not in ("action", "move"):
        raise IllegalAction("A typed move only works in your action or move phase; use the buttons for now.")
    typed, reader = _read(game, state, seat, line.split(">"))
    work = reader.state
    assert isinstance(work, PlanesState)
    if not reader.stopped and work.move is not None and work.move.finished:
        return Typed([*typed.ids, "confirm"])
    return typed


def _segment_text(choice: str) -> str | None:
    kind, _, rest = choice.partition(":")
    if kind == "from":
        return rest
    if kind == "drop":
        space, colour = rest.split(":")
        return f"{space} {colour}"
    if kind == "pair":
        space, first, second = rest.split(":")
        return f"{space} {first} {second}"
    if kind == "board" and rest.count(":"):
        gate, slot = rest.split(":")
        return f"{gate} slot {slot}"
    if kind in ("stop", "skip", "board"):
        return f"{rest} {kind}"
    return None


def _forms(offered: list[str]) -> list[tuple[str, str]]:
    """The options on offer that a segment names, with the segment a suggestion types for each."""
    return [(choice, seg) for choice in offered if (seg := _segment_text(choice)) is not None]


def suggest(game: Game, state: PlanesState, seat: int, text: str) -> list[Suggestion]:
    """Legal ways to finish the segment being typed, each returned as the whole command so far; none past a step
    that shows something hidden (a boarding that draws cards)."""
    if seat != state.turn or state.phase not in ("action", "move"):
        return []
    head, sep, tail = text.rpartition(">")
    segments = [s for s in head.split(">")] if sep else []
    try:
        _typed, reader = _read(game, state, seat, segments)
    except IllegalAction:
        return []
    if reader.stopped:
        return []
    prefix = (head.strip() + " > ") if sep else ""
    out = []
    for choice in reader.offered():
        seg = _segment_text(choice)
        if seg and seg.lower().startswith(tail.strip().lower()):
            out.append(reader.suggestion(prefix, seg, choice))
        elif choice in ("redo", "confirm") and not sep and choice.startswith(tail.strip().lower()):
            # The words that stand alone, offered once the move has got that far: read on their own, never after
            # the steps the reader played (an action phase's "no action").
            out.append(Suggestion(choice, [choice]))
    return out


def _state(state: GameState) -> PlanesState:
    assert isinstance(state, PlanesState)
    return state


class PlanesCommands(GameCommands):
    """Planes typed: a whole move in one line, its steps between ">" ("A > B grey > C red")."""

    separator = ">"

    def parse_command(self, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
        return parse_command(self.game, _state(state), seat, text)

    def suggest(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
        return suggest(self.game, _state(state), seat, text)


COMMANDS = PlanesCommands
