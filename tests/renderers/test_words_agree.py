"""Words that agree, over seeded games of every game: what the buttons, prompts, the log and the final result say,
and what the board draws, use the same terms, and every count agrees with its noun ("1 fleet", "2 fleets", never
"1 fleets").

- Counts: every text a player reads (events, prompts, labels and their details, the result, the board in words, the
  board's own drawn text) is searched for "1 <plural>" and for "<n> <singular>" where n is not 1.
- Terms: a thing the buttons name is drawn on the board under the same name: Planes' spaces, Now Boarding's
  airports, Planecrafters' employees (one name each: "Agent", never "Agent of the Board" beside it), and Flight
  Plan's money, written "$40M" on the buttons and on the table alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from engine import registry
from engine.core import Game, GameState, apply
from engine.core.ai.selfplay import playout
from engine.core.contract import default_options
from engine.planecrafters.data import catalog as planecrafters_catalog
from engine.planecrafters.data import employee_name
from renderers import for_game, words
from renderers.kit.record import recording
from tests.support.tables import players_near

SEEDS = (1, 2)
EVERY = 7  # a state in so many has its buttons, its board and its words read (every event is read)
NOUN_AFTER = re.compile(r"(?:^|(?<=[\s(]))(\w+ )?(\d+) ([a-z]{3,})\b")
"""A count and the word after it, with the word before the count (a count after "Seat", "plane", "round" is a
number, not a count)."""
NUMBERED = {"seat", "player", "plane", "round", "turn", "route", "space", "stage", "slot", "step", "tier", "track",
            "routes", "goals", "of", "to", "at", "wave", "card", "game", "seed"}
"""Words after which a figure names a thing ("plane 1 has"), not how many of something there are."""
NOT_NOUNS = {"has", "goes", "takes", "was", "is", "gets", "keeps", "boards", "moves", "draws", "plays", "passes",
             "wins", "loses", "ends", "less", "more", "plus", "minus", "this", "the", "and", "for", "with", "from",
             "into", "onto", "left", "done", "cubes", "crowns"}
"""Words that may follow a figure and are no plural noun (a verb after "Seat 1", a conjunction); "cubes" and
"crowns" follow figures like "+5" in sums checked by their own rule below."""


@dataclass
class Read:
    """Everything a game's players read in one seeded game, by where they read it."""

    buttons: list[str] = field(default_factory=list)
    """Prompts, labels and details of the open decisions."""
    log: list[str] = field(default_factory=list)
    """Public event texts, the result's summary, ending and details."""
    board: list[str] = field(default_factory=list)
    """What the board draws, a sampled state at a time."""
    board_words: list[str] = field(default_factory=list)
    """The board in words (the alt text and the text boards)."""
    steps: int = 0
    """Choices the game took."""


def _games() -> Iterator[tuple[str, int]]:
    for name in registry.names():
        for seed in SEEDS:
            yield name, seed


def _read(name: str, seed: int) -> Read:
    game = registry.get(name)
    read = Read()
    described = words.for_game(name)
    renderer = for_game(name)
    steps: list[tuple[GameState, int, str]] = []
    run = playout(game, players_near(game), seed, on_step=lambda before, action, _after: steps.append(
        (before, action.seat, action.choice)))
    for n, (before, seat, choice) in enumerate(steps):
        _after, events = apply(game, before, seat, choice)
        read.log += [e.text for e in events if e.private_to is None and e.text]
        if n % EVERY:
            continue
        for decision in game.pending(before):
            read.buttons.append(decision.prompt)
            read.buttons += [o.label for o in decision.options] + [o.detail for o in decision.options if o.detail]
        view = game.view(before, None)
        if described is not None:
            read.board_words.append(described.describe(view))
        if renderer is not None:
            with recording() as log:
                renderer.render_board(view)
            read.board.append(" ".join(mark.text for mark in log.texts))
    read.steps = len(steps)
    result = game.result(run.state)
    assert result is not None
    read.log += [result.summary, result.ending, *(s.detail for s in result.standings)]
    return read


READS: dict[tuple[str, int], Read] = {}


def read(name: str, seed: int) -> Read:
    if (name, seed) not in READS:
        READS[(name, seed)] = _read(name, seed)
    return READS[(name, seed)]


def disagreements(texts: list[str]) -> list[str]:
    """Counts whose noun disagrees with them: "1 fleets", or "3 fleet" where the texts write "2 fleets" too (a word
    seen both ways is a countable noun; "5 red" is a colour before one)."""
    found: list[str] = []
    pairs = [(m, text) for text in texts for m in NOUN_AFTER.finditer(text)]
    counted = [(m, t) for m, t in pairs if (m[1] or "").strip().lower() not in NUMBERED and m[3] not in NOT_NOUNS]
    plurals = {m[3] for m, _t in counted if m[2] != "1" and m[3].endswith("s")}
    for match, text in counted:
        figure, word = match[2], match[3]
        one_of_many = figure == "1" and word.endswith("s") and not word.endswith("ss")
        many_of_one = figure != "1" and f"{word}s" in plurals
        if one_of_many or many_of_one:
            found.append(f"{figure} {word!r} in {text!r}")
    return found


@pytest.mark.parametrize(("name", "seed"), list(_games()))
def test_every_count_agrees_with_its_noun(name: str, seed: int) -> None:
    seen = read(name, seed)
    texts = seen.buttons + seen.log + seen.board_words + seen.board
    assert len(texts) > min(100, 2 * seen.steps), "the sample read enough of the game"
    assert disagreements(texts) == []


def test_the_count_check_finds_what_it_looks_for() -> None:
    texts = ["ana has 1 fleets and 2 hubs.", "Seat 1 has 1 fleet.", "ben has 3 fleet and 2 fleets."]
    assert disagreements(texts) == ["1 'fleets' in 'ana has 1 fleets and 2 hubs.'",
                                    "3 'fleet' in 'ben has 3 fleet and 2 fleets.'"]
    assert disagreements(["Seat 1 has 2 cards.", "plane 1 holds 1 card.", "round 1 ends.", "pick up 5 red"]) == []


def _drawn_words(seen: Read) -> set[str]:
    return {w.strip(".,:;()") for text in seen.board for w in text.split()}


@pytest.mark.parametrize("seed", SEEDS)
def test_planes_buttons_name_only_spaces_the_board_shows(seed: int) -> None:
    seen = read("planes", seed)
    drawn = _drawn_words(seen)
    named = {m for text in seen.buttons for m in re.findall(r"\b([A-Za-z]\d{1,2})\b", text)}
    assert named and named <= drawn, sorted(named - drawn)


@pytest.mark.parametrize("seed", SEEDS)
def test_now_boarding_buttons_name_only_airports_the_board_shows(seed: int) -> None:
    seen = read("now-boarding", seed)
    drawn = _drawn_words(seen)
    named = {m for text in seen.buttons for m in re.findall(r"\b([A-Z]{3})\b", text)}
    assert named and named <= drawn, sorted(named - drawn)


@pytest.mark.parametrize("seed", SEEDS)
def test_planecrafters_calls_each_employee_one_name_on_the_buttons_in_the_log_and_on_the_board(seed: int) -> None:
    seen = read("planecrafters", seed)
    said = " ".join(seen.buttons + seen.log + seen.board_words)
    drawn = " ".join(seen.board)
    for kind, employee in planecrafters_catalog().employees.items():
        name = employee_name(kind)
        assert name in drawn, f"the board never shows {name}"
        if employee.name != name:
            assert employee.name not in said and employee.name not in drawn, (
                f"{employee.name!r} beside {name!r}: one employee, two names")


@pytest.mark.parametrize("seed", SEEDS)
def test_flight_plan_writes_money_one_way_on_the_buttons_in_the_log_and_on_the_table(seed: int) -> None:
    seen = read("flight-plan", seed)
    bare = re.compile(r"\$\d+(?![\dM])")  # "$750", where the buttons write "$40M"
    for where, texts in (("buttons", seen.buttons), ("log", seen.log), ("board", seen.board),
                         ("board in words", seen.board_words)):
        found = [m for text in texts for m in bare.findall(text)]
        assert found == [], f"{where}: {found[:5]}"
    assert any(re.search(r"\$\d+M", text) for text in seen.board), "the table shows money"


def test_planecrafters_prompts_offer_only_what_the_buttons_do() -> None:
    """The hire step's prompt once said "collect income", which no button did."""
    game: Game = registry.get("planecrafters")
    seen = read("planecrafters", 1)
    assert not any("income" in text for text in seen.buttons)
    state = game.new_game(3, 1, default_options(game))
    [decision] = game.pending(state)
    assert decision.kind == "hire" and "collect" not in decision.prompt.lower(), "nothing to collect yet"
