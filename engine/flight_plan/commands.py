"""Typed commands: a line of steps separated by ';', each turned into the option ids it stands for.

  buy 17 / take 17        buy route 17 (at the first move too)     fly 64        fly route 64
  fleet long              buy the long-haul fleet                   hub london    develop a hub (name or code)
  start lima              the first move's departure city           deactivate route 17 / fleet cargo / hub LON
  trade 2 route 17 60     offer player 2 a deal on route 17 for $60M (theirs: you buy; yours: you sell)
  trade 2 route 17 fleet short 135    several assets of one side in one deal, for one price
  price 135               the price at the trade's price step       counter 70    answer an offer with your price
  pass / stay / end / done / back / accept / decline / bid 120
A partner is named by number or as the buttons name them ("trade with ana route 17 60"); a member's name counts
nowhere else in a line. A step typed exactly as a suggestion offered it is read as the option it was made for.
Each step is matched against what is on offer at that point (earlier steps played on the seat's own sample of what
it cannot see, never past a draw: see engine.core.typed), so a typed line can never do what the buttons could not nor
show what they would not. An amount (a price, a counter, a bid) is any value the decision takes typed
(Decision.typed), and the engine judges it as it judges the form behind a "Type a price…" button.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core.contract import GameState, IllegalAction
from engine.core.play import apply
from engine.core.text import number, quoted
from engine.core.typed import GameCommands, Reader, exact, named_seat, read_line, typing
from engine.core.typed_line import Names, Suggestion, Typed
from engine.flight_plan.data import catalog
from engine.flight_plan.state import FPState

if TYPE_CHECKING:
    from engine.core.contract import Game

WORDS = re.compile(r"[a-z0-9]+")
FLEET_WORDS = {"short": "short", "medium": "medium", "long": "long", "ultra": "ultra", "cargo": "cargo"}


def _city(words: list[str]) -> str | None:
    text = " ".join(words)
    for c in catalog().cities.values():
        if text in (c.id.lower(), c.name.lower(), " ".join(WORDS.findall(c.name.lower()))):
            return c.id
    matches = [c.id for c in catalog().cities.values() if c.name.lower().startswith(text)] if text else []
    return matches[0] if len(matches) == 1 else None


def _asset(words: list[str]) -> str | None:
    if len(words) >= 2 and words[0] == "route" and words[1].isdigit():
        return f"route:{int(words[1])}"
    if len(words) >= 2 and words[0] == "fleet" and words[1] in FLEET_WORDS:
        return f"fleet:{words[1]}"
    if words and words[0] == "hub":
        city = _city(words[1:])
        return f"hub:{city}" if city else None
    return None


def _assets(words: list[str]) -> list[str] | None:
    """Several assets in a row ("route 17 fleet short hub new york"): each starts at 'route', 'fleet' or 'hub'."""
    starts = [i for i, w in enumerate(words) if w in ("route", "fleet", "hub")]
    if not starts or starts[0] != 0:
        return None
    found = []
    for i, start in enumerate(starts):
        asset = _asset(words[start:starts[i + 1] if i + 1 < len(starts) else len(words)])
        if asset is None:
            return None
        found.append(asset)
    return found


TRADE_HEAD = re.compile(r"\s*trade\s+(?:(?:with|player)\s+)*", re.IGNORECASE)


def _partner_named(text: str, names: Names) -> str:
    """A trade step with the partner named as the buttons name them ("trade with ana route 17 60") written with
    the partner's number, as the grammar reads it; any other step as it is."""
    head = TRADE_HEAD.match(text)
    found = named_seat(text[head.end():], names) if head and names else None
    return text if found is None else f"trade {found[0] + 1} {found[1]}"


def _translate(state: FPState, offered: set[str], text: str, names: Names) -> list[str]:
    """The ids one typed step stands for (more than one when it opens a sub-menu first)."""
    text = _partner_named(text, names)
    # A number of absurd length stays a word no rule reads as a number (Python will not read one of thousands of
    # digits, and the player would meet the error as an apology instead of a sentence).
    words = [w if number(w) is not None or not w.isdigit() else "a-long-number" for w in WORDS.findall(text.lower())]
    if not words:
        return []
    head, rest = words[0], words[1:]
    if text.strip() in offered:
        return [text.strip()]
    if head in ("buy", "take") and rest and rest[0].isdigit():
        n = int(rest[0])
        return [f"take:{n}" if f"take:{n}" in offered else f"buy:{n}"]
    if head == "fly" and rest and rest[0].isdigit():
        return [f"fly:{int(rest[0])}"]
    if head == "fleet" and rest and rest[0] in FLEET_WORDS:
        return [f"fleet:{rest[0]}"]
    if head in ("hub", "start"):
        city = _city(rest)
        if city is None:
            raise IllegalAction(f"'{quoted(' '.join(rest))}' is not a city of the map.")
        return [f"{head}:{city}"]
    if head == "deactivate":
        asset = _asset(rest)
        if asset is None:
            raise IllegalAction("Say what to deactivate: 'deactivate route 17', 'fleet cargo' or 'hub London'.")
        return [f"deactivate:{asset}"] if f"deactivate:{asset}" in offered else ["cash", f"deactivate:{asset}"]
    if head in ("bid", "price", "counter") and rest and rest[0].isdigit():
        return [f"{head}:{int(rest[0])}"]
    if head == "trade":
        # "trade player 2 …" and "trade with player 2 …" (how the bot writes a member's name) mean "trade 2 …".
        while rest and rest[0] in ("with", "player"):
            rest = rest[1:]
    if head == "trade" and len(rest) >= 4 and rest[0].isdigit() and rest[-1].isdigit():
        bundle = _assets(rest[1:-1])
        if bundle is None:
            raise IllegalAction("Write a trade as 'trade 2 route 17 60': player, asset(s), price in $M.")
        steps = ["trade", f"with:{int(rest[0]) - 1}"]
        for i, asset in enumerate(bundle):
            steps += ["more"] * (i > 0) + [f"asset:{asset}"]
        return [*steps, f"price:{int(rest[-1])}"]
    if head in ("pass", "stay", "end", "done", "back", "accept", "decline", "cash", "trade", "more") and not rest:
        return [head]
    raise IllegalAction(f"'{quoted(text)}' is not a Flight Plan command. Try 'buy 17', 'fly 64' or 'fleet long'.")


def _offered(game: Game, state: FPState, seat: int) -> set[str]:
    return {o.id for d in game.pending(state) if d.seat == seat for o in d.options}


def _form(choice: str) -> str | None:
    """How a suggestion types the option `choice` (None: no typed form; a trade's inner steps, say)."""
    kind, _, key = choice.partition(":")
    if kind in ("take", "buy", "fly", "fleet", "bid", "price", "counter"):
        return f"{'buy' if kind == 'take' else kind} {key}"
    if kind in ("hub", "start"):
        return f"{kind} {catalog().cities[key].name}"
    if kind == "deactivate":
        return "deactivate " + key.replace(":", " ")
    return None if ":" in choice else choice


def _forms(offered: list[str]) -> list[tuple[str, str]]:
    """The options on offer that a step can name with their typed forms, in the order suggestions list them."""
    return [(choice, form) for choice in sorted(offered) if (form := _form(choice)) is not None]


def _read_step(reader: Reader, step: str) -> None:
    work = reader.state
    assert isinstance(work, FPState)
    offered_now = reader.offered()
    found = exact(_forms(offered_now), step)
    for choice in [found] if found is not None else _translate(work, set(offered_now), step, reader.names):
        if reader.stopped:
            reader.play(choice)  # past a draw: checked when it is played for real
            continue
        offered = reader.offered()
        if not offered:
            raise IllegalAction(f"You have nothing to choose before '{quoted(step)}'.")
        typed = any(choice.startswith(p) for p in _typed_prefixes(reader))
        if choice not in offered and not typed:
            raise IllegalAction(f"'{quoted(step)}' is not possible now: {_reason(reader, choice)}")
        try:
            reader.play(choice)
        except IllegalAction as exc:
            raise IllegalAction(f"'{quoted(step)}' is not possible now: {exc.sentence}") from None


def _typed_prefixes(reader: Reader) -> set[str]:
    return {d.typed.prefix for d in reader.game.pending(reader.state) if d.seat == reader.seat and d.typed}


def _reason(reader: Reader, choice: str) -> str:
    """The engine's own sentence for a choice that is not on offer, asked on a copy of the reader's sample (whose
    refusals depend only on what the seat sees)."""
    try:
        apply(reader.game, reader.state, reader.seat, choice)
    except IllegalAction as exc:
        return exc.sentence
    return "it is not among your choices."


def parse_command(game: Game, state: FPState, seat: int, text: str, names: Names | None = None) -> Typed:
    if not _offered(game, state, seat):
        raise IllegalAction("You have nothing to choose right now.")
    typed, _reader = read_line(game, state, seat, text.split(";"), ";", _read_step, names=names)
    if not typed.ids:
        raise IllegalAction("Type a move, like 'buy 17', 'fly 64' or 'fleet long'.")
    return typed


def suggest(game: Game, state: FPState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
    """Typed forms of what is on offer after the finished steps, that start like the step being typed."""
    now = typing(game, state, seat, text, ";", _read_step, names)
    if now is None:
        return []
    typed = " ".join(WORDS.findall(now.tail.lower()))
    return [now.reader.suggestion(now.prefix, form, choice) for choice, form in _forms(now.reader.offered())
            if form.lower().startswith(typed)]


def _state(state: GameState) -> FPState:
    assert isinstance(state, FPState)
    return state


class FlightPlanCommands(GameCommands):
    """Flight Plan typed: "buy 17; stay", trades and bids in words, steps between ";"."""

    def parse_command(self, state: GameState, seat: int, text: str, names: Names | None = None) -> Typed:
        return parse_command(self.game, _state(state), seat, text, names)

    def suggest(self, state: GameState, seat: int, text: str, names: Names | None = None) -> list[Suggestion]:
        return suggest(self.game, _state(state), seat, text, names)


COMMANDS = FlightPlanCommands
