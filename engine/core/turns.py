"""A game's choices grouped into turns, as a replay shows them: one turn is a seat's whole turn (every step of one
move), or, in a game whose seats play at once, one round, never each sub-choice.

A game says where its turns begin through `TableFlow.turn_number`; a game that leaves it to the default (None) takes
turns one seat after another, so a run of one seat's choices is one turn. What a turn did is told by the public
texts of its events (the game log's words); a text only one seat may read never goes into a turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.core.contract import Event, Game, GameState
from engine.core.play import apply, new_game
from engine.core.table import table_for


@dataclass
class Step:
    """One choice that counts: who made it, its events, and the states around it."""

    seat: int
    choice: str
    events: list[Event]
    before: GameState
    after: GameState


@dataclass
class Turn:
    """A turn as a replay frame shows it: its number, the seats that chose in it (in the order they first did),
    the public texts of its events, and the state once it was over."""

    number: int
    seats: list[int]
    texts: list[str]
    after: GameState
    choices: int = 0
    """How many choices it took."""
    steps: list[Step] = field(default_factory=list, repr=False)
    before: GameState | None = field(default=None, repr=False)
    """The state its first choice was made from (a caption names the turn from it; None: from `after`)."""


def turn_name(engine: Game, state: GameState, number: int | None = None, *, of: int | None = None) -> str:
    """The turn `state` is in, as every place players read it says it: "Turn 5 · round 2", "Round 9 · Afternoon, 5
    of 6", with " of 40" after the number where the whole game's count is known (a finished game's replay).
    `number` stands in for the game's own (the bot counts the turns of a game that has none); empty when neither
    gives one."""
    found = table_for(engine).turn_number(state) if number is None else number
    if found is None:
        return ""
    head = f"{engine.info.turn_word} {found}" + (f" of {of}" if of else "")
    detail = table_for(engine).turn_detail(state)
    return f"{head} · {detail}" if detail else head


def public_texts(events: Iterable[Event]) -> list[str]:
    """The texts everyone may read: events private to one seat are left out."""
    return [e.text for e in events if e.private_to is None and e.text]


def group(engine: Game, steps: Iterable[Step], numbers: Sequence[int] | None = None) -> list[Turn]:
    """The steps by turn, numbered 1, 2, ... by the game's own `turn_number` where it has one, else by runs of one
    seat's choices. `numbers`, one per step, numbers them instead (the bot's log counts the choices an undo took
    back too, and a replay names turns as the log does)."""
    turns: list[Turn] = []
    number, seat = 0, None
    for index, step in enumerate(steps):
        own = table_for(engine).turn_number(step.before) if numbers is None else numbers[index]
        if own is None:
            starts, next_number = step.seat != seat, number + 1
        else:
            starts, next_number = own != number, own
        if starts or not turns:
            number = next_number
            turns.append(Turn(number=number, seats=[], texts=[], after=step.after, before=step.before))
        turn = turns[-1]
        if step.seat not in turn.seats:
            turn.seats.append(step.seat)
        turn.texts += public_texts(step.events)
        turn.after, turn.choices, seat = step.after, turn.choices + 1, step.seat
        turn.steps.append(step)
    return turns


def play(engine: Game, players: int, seed: int, options: dict[str, str],
         choices: Iterable[tuple[int, str]]) -> tuple[GameState, list[Step]]:
    """Replay `choices` (seat, option id) from the seed: the starting state and every step. The engine is
    deterministic, so the same record always gives the same steps; an illegal choice raises IllegalAction."""
    start = new_game(engine, players, seed, options)
    state, steps = start, []
    for seat, choice in choices:
        after, events = apply(engine, state, seat, choice)
        steps.append(Step(seat, choice, events, state, after))
        state = after
    return start, steps


def since_last_move(turns: list[Turn], seat: int) -> int:
    """Index into `turns` of the first turn after the last one `seat` chose in (0: it has not chosen yet)."""
    for index in range(len(turns) - 1, -1, -1):
        if seat in turns[index].seats:
            return index + 1
    return 0
