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

And a suggestion typed back is read as the very option it was made for: each game builds its suggestions as
`Suggestion`s (the text and the ids it stands for) from the options on the sample, and reads a step that is one of
those texts exactly as that option (`exact`) before any looser match (`by_label`: the words in their order, then in
any order). Members' names enter a line only where a label names a seat: a label is matched as its member sees it,
"Spy on ana's hand" (`Reader.shown`), so a member called "Red" or "Take" changes no other step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from engine.core.contract import Event, Game, GameState, IllegalAction, Option
from engine.core.hooks import hooks_for
from engine.core.json_values import strings_in
from engine.core.play import apply, apply_in_place
from engine.core.rng import Rng
from engine.core.text import quoted
from engine.core.typed_line import Names, Suggestion, Typed

SAMPLE_SEED = 0x7A3D
"""The seed of the re-deal a line is read on. Fixed, so the same line read twice gives the same answer."""

class Reader:
    """A line being read: the seat's sample state, with the steps read so far played on it.

    A game's parser matches each typed step against what is on offer on `state` and hands the ids to `play`. Once
    `stopped` is set, the step just played showed something hidden: the parser reads no further step."""

    def __init__(self, game: Game, state: GameState, seat: int, names: Names | None = None) -> None:
        self.game = game
        self.seat = seat
        self.names: Names = names or {}
        self.state = game.redeal_hidden(state, seat, Rng.seeded(SAMPLE_SEED))
        self.ids: list[str] = []
        self.stopped = False

    def shown(self, label: str) -> str:
        """`label` as the typing member sees it on the button: each seat it names ("Player 2") as that seat's
        member's name. Labels matched through this, and a game's own words for a seat (Flight Plan's "trade with
        ana", `named_seat`), are the only places a typed line reads a name."""
        return named(label, self.names, self.game.info.seat_word)

    def options(self) -> list[Option]:
        """The options on offer to the seat now, in the order the buttons show them."""
        return [o for d in self.game.pending(self.state) if d.seat == self.seat for o in d.options]

    def labelled(self, step: str, options: list[Option] | None = None) -> str | None:
        """The option on offer (or of `options`) whose label, as the member sees it, is `step` exactly: what a
        suggestion of that label sends back."""
        return exact([(o.id, self.shown(o.label)) for o in (self.options() if options is None else options)], step)

    def suggestion(self, prefix: str, text: str, choice: str) -> Suggestion:
        """What typing `prefix` + `text` stands for, `text` being the typed form of the option `choice` on offer
        now: the ids read so far and then `choice`."""
        return Suggestion(prefix + text, [*self.ids, choice])

    def offered(self) -> list[str]:
        """The ids on offer to the seat now, in the order the buttons show them."""
        return [o.id for o in self.options()]

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
    before the choice): a card it drew, a card turned face up, an event that reveals something to it. (`play.reveals`
    asks the same for every viewer, which is more than a typed line needs: a card the seat itself plays face up
    shows it nothing.) A card an open decision of the seat names counts as seen (`Game.in_sight`: a Spy's look)."""
    if any(e.reveals and e.private_to in (None, seat) for e in events):
        return True
    return bool(hidden and hidden & (strings_in(game.view(after, seat)) | game.in_sight(after, seat)))


def read_line(game: Game, state: GameState, seat: int, steps: list[str], separator: str,
              read_step: Callable[[Reader, str], None], reader: Reader | None = None,
              names: Names | None = None) -> tuple[Typed, Reader]:
    """Read `steps` in order with `read_step(reader, step)`, which plays what one step stands for on the reader, up
    to the first step that shows something hidden; the steps after it come back unread, joined with `separator`.
    `reader`: one the caller has already played a step of its own on (a game's implied first step)."""
    reader = reader or Reader(game, state, seat, names)
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
           read_step: Callable[[Reader, str], None], names: Names | None = None) -> Typing | None:
    """`text` split at its last `separator` into finished steps (read as `read_line` reads them) and the step being
    typed; None when the finished steps are refused, or one of them shows something hidden: nothing may be
    suggested past it, since what follows depends on what it shows."""
    head, sep, tail = text.rpartition(separator)
    try:
        _typed, reader = read_line(game, state, seat, head.split(separator) if sep else [], separator, read_step,
                                   names=names)
    except IllegalAction:
        return None
    if reader.stopped:
        return None
    return Typing(reader, f"{head.strip()}{separator} " if sep else "", tail)


def play_line(game: Game, state: GameState, seat: int, text: str,
              names: Names | None = None) -> tuple[GameState, list[str]]:
    """Play a whole typed line on `state` as the bot does: apply what can be read, then read the rest again once the
    hidden things those steps showed are known. Returns the new state and every id played. For tests and tools; the
    bot does the same through its own move path."""
    played: list[str] = []
    while True:
        typed = commands_for(game).parse_command(state, seat, text, names)
        for choice in typed.ids:
            state, _ = apply(game, state, seat, choice)
        played += typed.ids
        if not typed.rest:
            return state, played
        text = typed.rest


# ---------------------------------------------------------------- steps matched against the buttons' labels

WORDS = re.compile(r"(?:[^\W_]|\*)+")
SEAT_WORDS = {"Player": re.compile(r"\bPlayer ([1-9])\b"), "Seat": re.compile(r"\bSeat ([1-9])\b")}


def each_once(found: list[Suggestion]) -> list[Suggestion]:
    """`found` with each text once, for the first option it was made for: two copies of one thing share a label
    (two Planecrafters parts of one name, two face-up Spare Parts), and their label typed back is the first of them,
    as a step matching several options of one label is (`exact`, `by_label`)."""
    first: dict[str, Suggestion] = {}
    for suggestion in found:
        first.setdefault(suggestion.text, suggestion)
    return list(first.values())


def words(text: str) -> list[str]:
    """A typed step or a label as lower-case words ("LAX–DFW ($3)" -> ["lax", "dfw", "3"]; "José" -> ["josé"])."""
    return WORDS.findall(text.casefold())


def named(label: str, names: Names, seat_word: str) -> str:
    """`label` with each seat it names in the engine's words ("Player 2") as that seat's member's name."""
    if not names:
        return label
    pattern = SEAT_WORDS.get(seat_word) or re.compile(rf"\b{re.escape(seat_word)} ([1-9])\b")
    return pattern.sub(lambda m: names.get(int(m[1]) - 1, m[0]), label)


def named_seat(text: str, names: Names) -> tuple[int, str] | None:
    """The seat whose member's name `text` starts with (in any case, as a whole word; the longest name first, so
    "ana" never takes the start of "anabel"), and the text after the name (in lower case). None when it starts
    with no name."""
    folded = text.lstrip().casefold()
    for seat, name in sorted(names.items(), key=lambda item: -len(item[1])):
        key = name.strip().casefold()
        if key and folded.startswith(key) and not folded[len(key):len(key) + 1].isalnum():
            return seat, folded[len(key):]
    return None


def plain(text: str) -> str:
    """A step or a label as compared for an exact match: case and runs of spaces do not count."""
    return " ".join(text.casefold().split())


def exact(forms: list[tuple[str, str]], step: str) -> str | None:
    """The option whose typed form (`forms`: id and form, in the order the buttons show them) is `step` exactly,
    as a suggestion sends it back: the first one, for two copies of one thing that share a form. None otherwise."""
    typed = plain(step)
    return next((oid for oid, form in forms if plain(form) == typed), None)


def _alike(word: str, synonyms: tuple[frozenset[str], ...]) -> set[str]:
    """A label's word and its synonyms (Planecrafters' play and build)."""
    return {word}.union(*(group for group in synonyms if word in group))


def fits(typed: list[str], label: str, synonyms: tuple[frozenset[str], ...] = ()) -> bool:
    """Whether every typed word starts a word of `label` (or of a synonym of one: Planecrafters' play and build)."""
    have = words(label)
    have += [other for group in synonyms if group & set(have) for other in group]
    return all(any(h.startswith(w) for h in have) for w in typed)


def in_order(typed: list[str], label: str, synonyms: tuple[frozenset[str], ...] = ()) -> bool:
    """Whether the typed words start words of `label` in the label's order ("fly den sfo" for "… out of DEN on
    DEN–SFO", not for "… out of SFO on SFO–DEN")."""
    have = iter(words(label))
    return all(any(any(h.startswith(w) for h in _alike(word, synonyms)) for word in have) for w in typed)


NO_MATCH = 6
"""`_closeness` of a step that holds a word no word of the label starts."""


def _closeness(typed: list[str], step: str, label: str, synonyms: tuple[frozenset[str], ...]) -> int:
    """How closely a step matches a label, the lower the closer: 0 the label itself, 1 its words, 2 each of its
    words begun in order, 3 some of its words begun in order, 4 as many words as it has in another order, 5 some
    of its words in any order; NO_MATCH when a typed word starts no word of the label."""
    have = words(label)
    if plain(step) == plain(label):
        return 0
    if typed == have:
        return 1
    if len(typed) == len(have) and all(any(h.startswith(w) for h in _alike(word, synonyms))
                                       for w, word in zip(typed, have, strict=True)):
        return 2
    if not fits(typed, label, synonyms):
        return NO_MATCH
    if in_order(typed, label, synonyms):
        return 3
    return 4 if len(typed) == len(have) else 5


def listing(options: list[Option], most: int = 6, shown: Callable[[str], str] = str) -> str:
    """The labels of what is on offer, for a refusal ("You can: ..."), as the member sees them (`shown`)."""
    labels = [shown(o.label) for o in options]
    return "; ".join(labels[:most]) + ("; ..." if len(labels) > most else "")


def by_label(offered: list[Option], step: str, synonyms: tuple[frozenset[str], ...] = (),
             shown: Callable[[str], str] = str) -> str:
    """The option a typed step names: its id typed as it is, or else the option whose label matches it most closely
    (`_closeness`): the label itself wins, then its words, then its words in their order, then in any order; so
    word order tells apart two labels of the same words, and a label typed whole wins over longer ones that also
    hold its words. A label is matched as its member sees it (`shown`: with the names of the seats it names) and in
    the engine's own words. Refused with a sentence when no option matches, or several of different labels match
    as closely."""
    if step.strip() in {o.id for o in offered}:
        return step.strip()
    typed = words(step)
    closest = NO_MATCH
    hits: list[Option] = []
    for o in offered:
        near = min(_closeness(typed, step, form, synonyms) for form in dict.fromkeys((shown(o.label), o.label)))
        if near < closest:
            closest, hits = near, [o]
        elif near == closest and near < NO_MATCH:
            hits.append(o)
    if len(hits) > 1:
        # Two copies of one thing share a label (two Planecrafters parts of one name): either is the same choice.
        if len({o.label for o in hits}) == 1:
            return hits[0].id
        raise IllegalAction(f"'{quoted(step)}' could mean: {listing(hits, shown=shown)}. Type a few more words.")
    if not hits:
        raise IllegalAction(f"'{quoted(step)}' is not on offer now. You can: {listing(offered, shown=shown)}.")
    return hits[0].id


class GameCommands:
    """A game's typed moves (`/game play`), in one object beside its rules (`engine/<game>/commands.py`, named by
    its manifest's `commands`): a line read into option ids, and completions of a partly typed one. What they tell a
    player comes only from what that player can see: read a line with `read_line`, on the seat's own sample and
    never past a step that shows something hidden (see this module's note). The defaults: no typed commands. Made
    once per game, by `commands_for`, with the game it serves (`self.game`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    separator: ClassVar[str] = ";"
    """What separates the steps of a typed line (Planes: '>'); the conformance check builds lines with it."""

    def parse_command(self, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
        """Turn a typed command (e.g. a whole Planes move in one line) into the option ids it stands for, in order.

        The bot applies them one by one, so a typed command can never do what the buttons could not. Read the line
        with `read_line`, on the seat's own sample and never past a step that shows something hidden, so that the
        answer (a refusal included) depends only on what the seat can see; the unread rest comes back in
        `Typed.rest` and is read once those steps have been played. Raise IllegalAction with a sentence when the
        text makes no sense here.

        `names`: the members' names by seat, as the bot shows them in labels ("Spy on ana's hand"). A name is read
        only where a label or the game's grammar names a seat, never as a word of any other step (a member called
        "Red" types "S4 red" like anyone else). A step that is exactly one of `suggest`'s texts is read as the option
        it was made for.
        """
        raise IllegalAction(f"{self.game.info.title} has no typed commands; use the buttons.")

    def suggest(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
        """Every completion of a partly typed command that is legal right now, with the ids it stands for. Made,
        like `parse_command`'s answer, from what the seat can see: nothing past a step that shows something hidden.
        Each, sent back as it is, must read as its own ids (the conformance suite's `check_suggestions`)."""
        return []

    def command_suggestions(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[str]:
        """Up to 25 completions of a partly typed command (for slash autocomplete): `suggest`'s texts, each once."""
        return list(dict.fromkeys(s.text for s in self.suggest(state, seat, text, names)))[:25]


def commands_for(game: Game) -> GameCommands:
    """The typed moves of the class `game`'s manifest names (engine.core.hooks.beside), else none."""
    return hooks_for(game, "commands", "COMMANDS", GameCommands, GameCommands)
