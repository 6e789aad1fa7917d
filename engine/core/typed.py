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

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.contract import Event, Game, GameState, IllegalAction, Option
from engine.core.json_values import strings_in
from engine.core.play import apply, apply_in_place
from engine.core.rng import Rng
from engine.core.text import quoted

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
        hidden = hidden_from(self.game, self.state, self.seat)
        # In place: the sample is the reader's own, and a refusal ends the reading (the half-played sample with it).
        events = apply_in_place(self.game, self.state, self.seat, choice)
        self.stopped = shows_seat(self.game, self.state, events, self.seat, hidden)


def hidden_from(game: Game, state: GameState, seat: int) -> set[str]:
    """The ids of everything `seat` cannot see in `state` (other seats' secrets and those of nobody)."""
    return set().union(*(ids for owner, ids in game.secrets(state).items() if owner != seat))


def shows_seat(game: Game, after: GameState, events: list[Event], seat: int, hidden: set[str]) -> bool:
    """Whether a choice that led to `after` showed `seat` something it could not see before (`hidden`, taken just
    before the choice): a card it drew, a card turned face up, an event that reveals something to it. (`Game.reveals`
    asks the same for every viewer, which is more than a typed line needs: a card the seat itself plays face up
    shows it nothing.)"""
    if any(e.reveals and e.private_to in (None, seat) for e in events):
        return True
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


@dataclass(frozen=True)
class Typing:
    """A line being typed, for its suggestions: the finished steps read, and the step still being typed."""

    reader: Reader
    """The finished steps played on the seat's sample."""
    prefix: str
    """The finished steps as typed, to start each suggestion with ('' when the first step is being typed)."""
    tail: str
    """The step being typed."""


def typing(game: Game, state: GameState, seat: int, text: str, separator: str,
           read_step: Callable[[Reader, str], None]) -> Typing | None:
    """`text` split at its last `separator` into finished steps (read as `read_line` reads them) and the step being
    typed; None when the finished steps are refused, or one of them shows something hidden: nothing may be
    suggested past it, since what follows depends on what it shows."""
    head, sep, tail = text.rpartition(separator)
    try:
        _typed, reader = read_line(game, state, seat, head.split(separator) if sep else [], separator, read_step)
    except IllegalAction:
        return None
    if reader.stopped:
        return None
    return Typing(reader, f"{head.strip()}{separator} " if sep else "", tail)


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


# ---------------------------------------------------------------- steps matched against the buttons' labels

WORDS = re.compile(r"[a-z0-9*]+")


def words(text: str) -> list[str]:
    """A typed step or a label as lower-case words ("LAX–DFW ($3)" -> ["lax", "dfw", "3"])."""
    return WORDS.findall(text.lower())


def fits(typed: list[str], label: str, synonyms: tuple[frozenset[str], ...] = ()) -> bool:
    """Whether every typed word starts a word of `label` (or of a synonym of one: Planecrafters' play and build)."""
    have = words(label)
    have += [other for group in synonyms if group & set(have) for other in group]
    return all(any(h.startswith(w) for h in have) for w in typed)


def listing(options: list[Option], most: int = 6) -> str:
    """The labels of what is on offer, for a refusal ("You can: ...")."""
    labels = [o.label for o in options]
    return "; ".join(labels[:most]) + ("; ..." if len(labels) > most else "")


def by_label(offered: list[Option], step: str, synonyms: tuple[frozenset[str], ...] = ()) -> str:
    """The option a typed step names: its id typed as it is, or the one option whose label holds every typed word
    (a label typed whole wins over longer ones that also hold its words). Refused with a sentence otherwise."""
    if step.strip() in {o.id for o in offered}:
        return step.strip()
    typed = words(step)
    hits = [o for o in offered if fits(typed, o.label, synonyms)]
    whole = [o for o in hits if len(words(o.label)) == len(typed)]
    if len(hits) > 1 and len(whole) == 1:
        hits = whole
    if len(hits) > 1:
        # Two copies of one thing share a label (two Planecrafters parts of one name): either is the same choice.
        if len({o.label for o in hits}) == 1:
            return hits[0].id
        raise IllegalAction(f"'{quoted(step)}' could mean: {listing(hits)}. Type a few more words.")
    if not hits:
        raise IllegalAction(f"'{quoted(step)}' is not on offer now. You can: {listing(offered)}.")
    return hits[0].id
