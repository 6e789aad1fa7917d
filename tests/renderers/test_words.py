"""Boards in words: for every game, on seeded states of real playouts at several player counts, the board's
description names every seat by the names the bot gives, says every figure the board scores, and cut to alt text keeps
its start; a hand's description names its holder. `alt_text` cuts at whole lines, then whole sentences, then words.
(That no description depends on hidden cards is checked by the conformance suite: tests/engine/test_conformance.py.)"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from bot.naming import name_view
from engine import registry
from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from renderers import catalogue, words
from renderers.words import ALT_TEXT_MAX, alt_text, count
from tests.support.tables import fewest_and_most, game_tests, package

NAMES = {0: "Ana Quill", 1: "Bruno Vale", 2: "Chidi Oak", 3: "Dagny Fern", 4: "Esme Rook", 5: "Fumiko Lark"}



def _tables() -> list[tuple[str, int, dict[str, str]]]:
    """Every game at its fewest and most players, and the tables its own tests/<game>/figures.py adds (Planes with
    Round Trip)."""
    return [(name, players, options) for name in registry.names()
            for players, options in [(n, {}) for n in fewest_and_most(registry.get(name))] + _own(name).TABLES]


def _own(name: str) -> Any:
    own = game_tests(name, "figures")
    assert own is not None, f"tests/{package(name)}/figures.py says what {name}'s board in words must show"
    return own


TABLES = _tables()
SEEDS = (1, 2)


@cache
def _states(game: str, players: int, seed: int, options: tuple[tuple[str, str], ...]) -> tuple[GameState, ...]:
    """A few states of one seeded playout: early, middle, late and the finished game."""
    every: list[GameState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        every.append(after)

    playout(registry.get(game), players, seed, dict(options), on_step=keep)
    return tuple(every[len(every) * k // 10] for k in (1, 5, 9)) + (every[-1],)


def _cases() -> list[tuple[str, int, dict[str, str], int, int]]:
    return [(game, players, options, seed, n) for game, players, options in TABLES for seed in SEEDS
            for n in range(4)]


def _view(game: str, players: int, options: dict[str, str], seed: int, n: int,
          seat: int | None = None) -> dict[str, Any]:
    state = _states(game, players, seed, tuple(sorted(options.items())))[n]
    return name_view(registry.get(game).view(state, seat), {s: NAMES[s] for s in range(players)})


def test_every_game_has_words() -> None:
    for name in registry.names():
        assert words.for_game(name) is not None, name
        assert callable(_own(name).figures), name


@pytest.mark.parametrize(("game", "players", "options", "seed", "n"), _cases())
def test_the_board_in_words_names_every_seat_and_figure(
        game: str, players: int, options: dict[str, str], seed: int, n: int) -> None:
    view = _view(game, players, options, seed, n)
    described = words.for_game(game)
    assert described is not None
    text = described.describe(view)
    for seat in range(players):
        assert NAMES[seat] in text, f"{NAMES[seat]} is not named in:\n{text}"
    assert "Seat " not in text and "Player " not in text, "seats are named by their members' names"
    for figure in _own(game).figures(view):
        pattern = figure if isinstance(figure, re.Pattern) else re.escape(figure)
        assert re.search(pattern, text), f"{figure!r} is missing from:\n{text}"


@pytest.mark.parametrize(("game", "players", "options", "seed", "n"), _cases())
def test_the_alt_text_keeps_the_start_of_the_board_in_words(
        game: str, players: int, options: dict[str, str], seed: int, n: int) -> None:
    described = words.for_game(game)
    assert described is not None
    text = described.describe(_view(game, players, options, seed, n))
    alt = alt_text(text)
    assert len(alt) <= ALT_TEXT_MAX
    assert alt.startswith(text.split("\n")[0])
    if alt != text:
        assert alt.endswith("…") and text.startswith(alt[:-2])


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_a_hand_in_words_names_its_holder(game: str, players: int, options: dict[str, str]) -> None:
    described = words.for_game(game)
    assert described is not None
    for seat in range(players):
        view = _view(game, players, options, 1, 1, seat)
        text = described.describe_hand(view)
        assert NAMES[seat] in text
        for card in view.get("hand") or []:  # Planes and Planecrafters: every card of the hand, by its name
            name = card.get("title") or (f"{card['model']}" if card.get("model") else "Spare Part")
            assert name in text, f"{name!r} is missing from:\n{text}"


def test_a_planes_hand_in_words_says_each_card_and_its_goal() -> None:
    view = _view("planes", 4, {}, 1, 1, seat=2)
    assert view["hand"], "a seat holds cards in the middle of a game"
    text = words.for_game("planes").describe_hand(view)  # type: ignore[union-attr]
    assert text.startswith(f"Chidi Oak's hand ({view['seats'][2]['colour']} cubes): {count(len(view['hand']), 'card')}")
    for card in view["hand"]:
        assert f"{card['title']}, {card['vp']} VP." in text and card["goal"].rstrip(".") in text


# ------------------------------------------------------------------ alt_text


def test_a_short_text_is_its_own_alt_text() -> None:
    assert alt_text("One line.\nTwo lines.") == "One line.\nTwo lines."


def test_a_long_text_is_cut_at_a_whole_line() -> None:
    text = "\n".join(f"Line {n} " + "x" * 90 + "." for n in range(20))
    alt = alt_text(text, 300)
    assert len(alt) <= 300 and alt.endswith("\n…")
    assert alt[:-2].split("\n") == text.split("\n")[:len(alt[:-2].split("\n"))]


def test_a_line_too_long_to_keep_gives_its_whole_sentences() -> None:
    text = "Head line.\n" + " ".join(f"Sentence {n} says something." for n in range(100))
    alt = alt_text(text, 200)
    assert len(alt) <= 200 and alt.endswith(". …")
    assert text.startswith(alt[:-2])
    assert alt.startswith("Head line.\nSentence 0 says something. Sentence 1")


def test_one_endless_sentence_is_cut_at_a_word() -> None:
    text = " ".join(["word"] * 600)
    alt = alt_text(text)
    assert len(alt) <= ALT_TEXT_MAX and alt.endswith("word …") and text.startswith(alt[:-2])


@pytest.mark.parametrize("name", [s.name for s in catalogue.samples()])
def test_every_sample_picture_has_words(name: str) -> None:
    """The pictures' stress cases too (long names, crowded boards, a weather token being placed, planes being chosen,
    the game over): each is described, names the seats its picture names, and fits as alt text."""
    sample = catalogue.sample(name)
    described = words.for_game(sample.game)
    assert described is not None
    view = sample.view()
    text = described.describe(view) if sample.kind == "board" else described.describe_hand(view)
    assert text.strip() and len(alt_text(text)) <= ALT_TEXT_MAX
    seats = view.get("seats") or view.get("airlines") or []
    shown = seats if sample.kind == "board" else [seats[view.get("you", view.get("seat", 0))]]
    assert all(s["name"] in text for s in shown)
