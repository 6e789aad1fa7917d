"""Typed moves read only from what the typing seat can see.

A typed line ("take stack; take stack; build ...") is read step by step, each step matched against what is on offer
after the ones before it, and the bot then applies the option ids it stands for. Reading a line must never tell the
player more than the buttons would: suggestions and refusals are made while reading, and a step that draws a card
or turns one over would, if played on the true state, show what it draws before the player has drawn it.

So, by construction:
- A line is read on the seat's own sample (`Game.redeal_hidden` for that seat with a fixed seed), never on the true
  state. The re-deal depends only on what the seat sees (the conformance suite's `check_blindness` holds every game
  to that), so nothing read from it can depend on a card the seat cannot see.
- Reading stops at the first step that shows the seat something hidden (`shows_seat`): what follows depends on what that
  step shows, which the sample only makes up. The rest of the line comes back unread (`Typed.rest`); the bot reads
  it again once the steps before it have been played for real and the seat has seen what they showed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.contract import Event, Game, GameState
from engine.core.json_values import strings_in
from engine.core.play import apply
from engine.core.rng import Rng

SAMPLE_SEED = 0x7A3D
"""The seed of the re-deal a line is read on. Fixed, so the same line read twice gives the same answer."""


@dataclass(frozen=True)
class Typed:
    """What a typed line stands for, as far as it can be read now."""

    ids: list[str]
    """The option ids to apply, in order."""
    rest: str = ""
    """What is left of the line, to read once `ids` are played: non-empty only when one of them shows something
    hidden (a draw), so that the steps after it cannot be read yet."""


class Reader:
    """A line being read: the seat's sample state, with the steps read so far played on it.

    A game's parser matches each typed step against what is on offer on `state` and hands the ids to `play`. Once
    `stopped` is set, the step just played showed something hidden: the parser reads no further step."""

    def __init__(self, game: Game, state: GameState, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.state = game.redeal_hidden(state, seat, Rng.seeded(SAMPLE_SEED))
        self.ids: list[str] = []
        self.stopped = False

    def offered(self) -> list[str]:
        """The ids on offer to the seat now, in the order the buttons show them."""
        return [o.id for d in self.game.pending(self.state) if d.seat == self.seat for o in d.options]

    def play(self, choice: str) -> None:
        """Play `choice` on the sample, refused as a button would be, and note whether it showed something hidden.
        Past such a step a choice is only noted (one typed step may stand for several ids, "cash; deactivate ..."):
        it is checked when the bot applies it for real, on the state that shows what the draw drew."""
        self.ids.append(choice)
        if self.stopped:
            return
        before = self.state
        self.state, events = apply(self.game, before, self.seat, choice)
        self.stopped = shows_seat(self.game, before, self.state, events, self.seat)


def shows_seat(game: Game, before: GameState, after: GameState, events: list[Event], seat: int) -> bool:
    """Whether the choice that led from `before` to `after` showed `seat` something it could not see before: a
    card it drew, a card turned face up, an event that reveals something to it. (`Game.reveals` asks the same for
    every viewer, which is more than a typed line needs: a card the seat itself plays face up shows it nothing.)"""
    if any(e.reveals and e.private_to in (None, seat) for e in events):
        return True
    secrets = game.secrets(before)
    hidden = set().union(*(ids for owner, ids in secrets.items() if owner != seat))
    return bool(hidden and hidden & strings_in(game.view(after, seat)))


def read_line(game: Game, state: GameState, seat: int, steps: list[str], separator: str,
              read_step: Callable[[Reader, str], None], reader: Reader | None = None) -> tuple[Typed, Reader]:
    """Read `steps` in order with `read_step(reader, step)`, which plays what one step stands for on the reader, up
    to the first step that shows something hidden; the steps after it come back unread, joined with `separator`.
    `reader`: one the caller has already played a step of its own on (a game's implied first step)."""
    reader = reader or Reader(game, state, seat)
    for n, step in enumerate(steps):
        read_step(reader, step)
        if reader.stopped:
            return Typed(reader.ids, separator.join(steps[n + 1:]).strip()), reader
    return Typed(reader.ids), reader


def play_line(game: Game, state: GameState, seat: int, text: str) -> tuple[GameState, list[str]]:
    """Play a whole typed line on `state` as the bot does: apply what can be read, then read the rest again once the
    hidden things those steps showed are known. Returns the new state and every id played. For tests and tools; the
    bot does the same through its own move path."""
    played: list[str] = []
    while True:
        typed = game.parse_command(state, seat, text)
        for choice in typed.ids:
            state, _ = apply(game, state, seat, choice)
        played += typed.ids
        if not typed.rest:
            return state, played
        text = typed.rest
