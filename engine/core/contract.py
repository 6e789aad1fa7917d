"""The engine contract every game follows (engine/README.md says what a game implements, and why).

A game is an object implementing `Game`. The state is a pydantic model; choices are option ids (strings) picked from
the open decisions. `engine.core.play.apply` wraps a game's `apply` so that the caller's state is never touched,
the version goes up by one, and an illegal choice raises `IllegalAction` with a sentence a player understands.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, Field

from engine.core._fast.pydantic_bypass import PlainFields, trusted_model
from engine.core.rng import Rng
from engine.core.text import quoted

TIMEOUT = "timeout"
"""A choice the bot applies when a clock runs out. A game that has no use for it rejects it like any illegal one."""


class IllegalAction(Exception):
    """A choice the rules forbid. `str(exc)` is the sentence shown to the player; nothing changed."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class Option(BaseModel):
    id: str
    label: str
    detail: str = ""


class TypedValue(BaseModel):
    """A decision that also takes a value its chooser types (a price, a bid): the choice is `prefix` followed by the
    typed text, and the game's `apply` accepts any legal value and refuses the rest with a sentence. The listed
    options stay the quick picks (what buttons and AIs choose among). Like the options, it must be built from
    public facts only: the channel shows its button to everyone."""

    prefix: str
    """The start of the choice id, e.g. "price:" for a choice "price:137"."""
    label: str
    """The button that opens the form: "Type a price…"."""
    hint: str = ""
    """What a legal value looks like, shown where it is typed: "a multiple of $5M, from $0M to $340M"."""


class Decision(BaseModel):
    """An open decision: `seat` must pick one of `options` (by id), or type a value when `typed` says so."""

    seat: int
    prompt: str
    options: list[Option]
    kind: str = "choose"
    """A short machine-readable tag ("move", "action", "discard", ...) for typed commands and AIs."""
    private: bool = False
    """The chooser's hidden cards may be among the options here, so the channel shows a "Show my choices" button
    that lists every option to the chooser alone. Set it from public facts only (the hand is not empty, this kind of
    step), never from whether a hidden card happens to be playable: the button's presence is public, and must not
    tell the table what the hand holds. An option that names a hidden card (its id is among the chooser's
    `Game.secrets`) is kept off the channel whether or not this is set. See engine.core.panel."""

    typed: TypedValue | None = None
    """Set when the chooser may also type a value instead of picking an option (see TypedValue)."""

    def option(self, choice: str) -> Option | None:
        for o in self.options:  # a plain loop: asked on every choice of a playout, and next() on a generator is slower
            if o.id == choice:
                return o
        return None


@dataclass(slots=True)
class Offer:
    """An open decision as a playout needs it: who chooses, the kind of step and the option ids, in the order
    `Game.pending` lists them, without the prompt and labels only people read (see `engine.core.play.legal`)."""

    seat: int
    kind: str
    ids: list[str]
    decision: Decision | None = None
    """The whole Decision when it was built anyway (a game that is no `ListedGame`), else None."""


def offer_of(decision: Decision) -> Offer:
    """A labelled Decision as the Offer `engine.core.play.legal` lists for it (carrying the Decision)."""
    return Offer(decision.seat, decision.kind, [o.id for o in decision.options], decision)


class Event(BaseModel):
    """Something that happened, in plain words for the game log. `private_to` marks text only that seat may read."""

    text: str
    private_to: int | None = None
    reveals: bool = False
    """This event made something hidden known to someone (a card drawn into a hand, a card turned face up, a Spy's
    look). What was seen cannot be unseen, so no undo goes back past the choice that caused it.
    `engine.core.play.reveals` also finds most reveals by itself; mark an event when the game knows better (e.g. a
    look at a card that leaves no trace in any view)."""


_ID_LABEL = frozenset(("id", "label"))
_ID_LABEL_DETAIL = frozenset(("id", "label", "detail"))


def option(id: str, label: str, detail: str | None = None) -> Option:
    """`Option(id=id, label=label[, detail=detail])` without validation, for the options a game lists."""
    if detail is None:
        return trusted_model(Option, {"id": id, "label": label, "detail": ""}, set(_ID_LABEL))
    return trusted_model(Option, {"id": id, "label": label, "detail": detail}, set(_ID_LABEL_DETAIL))


def event(text: str, private_to: int | None = None) -> Event:
    """`Event(text=text[, private_to=...])` without validation, for the events a game's apply reports."""
    if private_to is None:
        return trusted_model(Event, {"text": text, "private_to": None, "reveals": False}, {"text"})
    return trusted_model(Event, {"text": text, "private_to": private_to, "reveals": False}, {"text", "private_to"})


def decision(seat: int, prompt: str, options: list[Option], kind: str, private: bool) -> Decision:
    """`Decision(seat=..., prompt=..., options=..., kind=..., private=...)` without validation, for `pending`."""
    values = {"seat": seat, "prompt": prompt, "options": options, "kind": kind, "private": private, "typed": None}
    return trusted_model(Decision, values, {"seat", "prompt", "options", "kind", "private"})


class GameState(PlainFields):
    """Fields every game's state carries. Games subclass it and add their own."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    rng: Rng
    version: int = 0


class OptionChoice(BaseModel):
    value: str
    label: str


class GameOptionSpec(BaseModel):
    """One setting the host picks in the lobby (board, variant, ...). Values are strings for select menus."""

    key: str
    label: str
    choices: list[OptionChoice]
    default: str
    help: str = ""
    free_text: str = ""
    """Non-empty when the host may also type a value of their own, which `Game.check_options` then accepts or refuses
    with a sentence: an example of such a value, shown where the host types it. Empty: only `choices`."""


class SeatResult(BaseModel):
    seat: int
    score: int
    detail: str = ""


class Result(BaseModel):
    """Final standings. `winners` may hold several seats (a shared win); it is empty in a lost co-operative game."""

    standings: list[SeatResult]
    winners: list[int]
    summary: str
    play_again: bool = False
    """The rules settle this result by another game (Planes: a tie that no tie-break settles). It stands as the
    record of this game; the bot offers a new game with the same seats and options on the final panel."""
    ending: str = ""
    """Why the game ended, as a sentence ("The boarding track reached 12 cubes, and the round was played out."),
    when `summary` does not say it already: the final message says it before the winners."""


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once and never changed (as OpenSpiel's GameType): its name for people, its player
    counts, the shape of its information (anything hidden, everyone at once, a team) and the words the bot's texts
    use for it. The generic checks read it: a game that hides nothing is held to hiding nothing."""

    title: str
    min_players: int
    max_players: int
    hidden: bool
    """Something is hidden from some seat (a hand, a deck's order): `secrets` then names it and `redeal_hidden`
    deals it again. False: `secrets` is empty on every state and a re-deal is the state itself (the defaults)."""
    simultaneous: bool = False
    """The seats all play at the same time (Now Boarding's pilots): while several seats have open decisions, each
    member works from their own private controls. False: other seats' open decisions are short answers to the
    player whose turn it is (a trade offer, a bid), shown beside that player's panel."""
    cooperative: bool = False
    """The seats win or lose together (Now Boarding): `result` names every seat or none as winners, and the AI's
    `score_now` gives every seat the same team figure in [0, 1]. The search AI then rewards every seat alike, with
    the team's win and that figure, instead of pitting each seat's score against the best other seat's."""
    tagline: str = ""
    """What the game is, in a few words ("move passengers to their planes and board them"): said where a game is
    picked (/game new) and in its lobby, so a newcomer knows what each one is before choosing."""
    seat_word: str = "Player"
    """How the engine's texts name a seat ("Player 2"); the bot swaps that for the member's name and back."""
    private_view: str = "your hand"
    """What a seat alone sees, as its private messages are titled. Empty for a game where no seat holds anything the
    channel does not see (Flight Plan, Now Boarding): the bot then sends no private picture (it would be the board)
    and `/game hand` says there is none; events meant for one seat alone still reach it."""
    score_label: str = ""
    """What a seat's score counts, where stats word it ("$ in fares"); empty: plain "score"."""
    turn_word: str = "Turn"
    """What a turn is called where players read it (a heading, a replay's caption): "Round" for a game whose turns
    are rounds everyone plays at once."""


class Game(ABC):
    """A game's rules and its information model: what the registry holds for each game. Implementations are
    stateless; all state lives in `state_model`.

    What a game defines (the rest of its parts live beside it):
    - `name`, `info` (a `GameInfo`), `state_model`: the registry's key, what the game is, the state's model.
    - `option_specs` and, only for values no fixed list holds, `check_options`: the host's lobby settings.
    - `new_game`, `pending`, `apply`: the set-up, the open decisions as data, the one way a choice happens; and,
      for speed only, `apply_fast`, `apply` with the options the caller just listed.
    - `view`, `result`: what a seat (or the channel) may see; the final standings.
    - `secrets`, `redeal_hidden`, `in_sight`, when `info.hidden`: what is hidden from whom, a state a seat cannot
      tell from this one, and what an open decision shows its chooser though no view holds it.

    Everything else a game may offer lives beside it, each in an object its manifest names: the AI's hooks
    (`engine.core.ai.hooks.GameAI`, in `engine/<game>/ai.py`), typed moves (`engine.core.typed.GameCommands`, in
    `engine/<game>/commands.py`) and the table's flow (`engine.core.table.TableFlow`, in `engine/<game>/table.py`):
    turn numbers, clocks, why a seat waits. A game that lists option ids
    apart from their labels, for speed, subclasses `ListedGame` instead.
    """

    name: ClassVar[str]
    info: ClassVar[GameInfo]
    state_model: ClassVar[type[GameState]]
    option_specs: ClassVar[list[GameOptionSpec]] = []

    def check_options(self, players: int, options: dict[str, str]) -> dict[str, str]:
        """Fill defaults and reject unknown keys or values with a sentence (IllegalAction). Override only to accept
        values no fixed list of choices holds (Planes' own layouts), on top of `checked_options`."""
        return checked_options(self, options)

    @abstractmethod
    def new_game(self, players: int, seed: int, options: dict[str, str]) -> GameState:
        """Set up a game for seats 0..players-1 (seat 0 is whoever joined first; the game decides who starts)."""

    @abstractmethod
    def pending(self, state: GameState) -> list[Decision]:
        """The open decisions, labelled for people; empty exactly when the game is over. Playouts read them as
        option ids through `engine.core.play.legal` (a `ListedGame` lists those ids without the labels)."""

    @abstractmethod
    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        """Apply `choice` for `seat` to `state` IN PLACE and return the events.

        Called only through `engine.core.play` (`apply` hands over a private deep copy; `apply_in_place` a playout's
        own state), so mutating is safe. Raise IllegalAction(sentence) for anything the rules forbid, before
        changing anything.
        """

    def apply_fast(self, state: GameState, seat: int, choice: str, legal: list[Offer],
                   after: list[Offer] | None) -> list[Event]:
        """`apply`, with two hints that let a playout skip work (used only by `engine.core.play.apply_in_place`);
        it must end exactly where `apply` ends, a refusal included (tests/engine/test_listed_apply.py holds every
        game to that). `legal` is `play.legal(game, state)` that the caller has just listed and chosen among, so the
        game may check the choice against it instead of listing the options again (listing is most of a playout's
        time); `after`, an empty list (or None), which the game may fill with the options after the choice when it
        listed those on the way (a lone option taken at once, a move's start spaces), sparing the caller that
        listing. Default: `apply`, the hints unused.
        """
        return self.apply(state, seat, choice)

    @abstractmethod
    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public, i.e. the channel). JSON-compatible; no other seat's secrets."""

    @abstractmethod
    def result(self, state: GameState) -> Result | None:
        """Final standings once the game is over, else None."""

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        """Ids of hidden things, by who may see them: seat -> its private ids; None -> ids nobody may see (deck order).

        The conformance test checks that no string in view(state, s) is a secret of another key. Give hidden objects
        ids that cannot be confused with ordinary strings (e.g. 'card:R07'). Default: nothing, which is right only
        for a game whose `info.hidden` is False (the conformance suite holds the two to each other).
        """
        return {}

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> GameState:
        """A full state that `seat` (None: the public, i.e. the channel) cannot tell apart from `state`.

        Every card hidden from `seat` (other seats' hands, deck order; for None, every seat's hand too) is dealt
        again at random from `rng`, out of the pool of cards `seat` cannot see, each hidden place keeping its size
        (a hand of 4 gets 4 cards); everything `seat` can see stays exactly as it is, so `view(new, seat)` equals
        `view(state, seat)`. Anything in the state that points at a re-dealt card (a card picked up but not yet
        placed) follows it. Return a new state; `state` is never changed. The game's RNG is reseeded from `rng`, so
        future shuffles are unknown too.

        Two users: the conformance check (engine.core.checks.conformance.check_secrecy) re-deals for None and demands
        the same public panel, and a search AI plays on states re-dealt for its seat instead of the true one,
        so it never reads another seat's secrets. What a seat learned earlier and no longer sees (a Spy's look, a
        card it gave away) need not be kept: the sample is then less informed, never wrong about what is shown.
        What an open decision of `seat` shows it (`in_sight`: the hand a Spy is looking at) is part of what it sees
        and stays as it is, so the seat's decisions are the same on the sample as on `state` (the conformance
        suite's `check_sight`).

        Default: the state as it is, which suits only a game with no hidden cards; the conformance check fails a
        game whose `secrets` are not empty and whose re-deals never change anything.
        """
        return state.model_copy(deep=True)

    def in_sight(self, state: GameState, seat: int) -> set[str]:
        """Ids of hidden cards that an open decision of `seat` shows it though no view of the seat holds them (a
        Planecrafters Spy choosing which card of a hand to take: the options name them). While the decision is open
        they are part of what the seat sees: `redeal_hidden(state, seat, ...)` keeps them, and the step that brought
        them into sight showed the seat something (`engine.core.play.reveals`; a typed line is read no further; a
        search plan ends there). Default: none."""
        return set()


class ListedGame(Game):
    """A game that lists its open decisions as option ids apart from their labels (Planes, Planecrafters), as
    OpenSpiel separates a state's legal actions from their strings: playouts (selfplay, the search's rollouts) read
    only `legal`, people read `pending`, which labels those very ids. Worth it when labels cost much; the
    conformance suite holds the two listings to each other on every state it meets."""

    @abstractmethod
    def legal(self, state: GameState) -> list[Offer]:
        """The open decisions as option ids, empty exactly when the game is over: who chooses, the kind of step and
        the ids, in the order `pending` lists them, without the prompts and labels only people read."""

    @abstractmethod
    def label(self, state: GameState, offer: Offer) -> Decision:
        """The Decision, with its prompt and labelled options, of an open decision `legal(state)` listed."""

    def pending(self, state: GameState) -> list[Decision]:
        """`label` of each of `legal(state)`."""
        return [self.label(state, offer) for offer in self.legal(state)]

    def is_over(self, state: GameState) -> bool:
        """Whether the game is over, which a game may know more cheaply than by listing its options."""
        return not self.legal(state)


def default_options(game: Game) -> dict[str, str]:
    """Every lobby setting of `game` at its default value."""
    return {spec.key: spec.default for spec in game.option_specs}


def checked_options(game: Game, options: dict[str, str]) -> dict[str, str]:
    """`options` over the defaults, each key one of `game.option_specs` and each value one of its choices, else
    IllegalAction with a sentence (what `Game.check_options` does unless a game accepts more)."""
    merged = default_options(game)
    specs = {s.key: s for s in game.option_specs}
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            raise IllegalAction(f"{game.info.title} has no setting called '{quoted(key)}'.")
        if value not in {c.value for c in spec.choices}:
            raise IllegalAction(f"'{quoted(value)}' is not a possible value for {spec.label}.")
        merged[key] = value
    return merged
