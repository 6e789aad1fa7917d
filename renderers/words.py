"""Boards in words: each game puts its pictures into text for members who cannot see them (a screen reader reads the
image's alt text, and a member may ask for the text in place of the picture).

A game's manifest (engine/core/manifest.py) names its words module, which exposes:

    describe(view) -> str        # the public view (the channel's board), most important part first
    describe_hand(view) -> str   # one seat's private view (what its hand picture shows)
    key(view) -> str             # optional: what the board's letters and marks mean, in a few sentences, which the
                                 # panel prints under the picture so a newcomer can read the board without the rules

Both read only the view they are given, and name seats as the view does (the bot puts members' names there, as it
does for the pictures). A description is lines of whole sentences, so `alt_text` can cut it where a reader expects.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Protocol

from renderers import manifest_module

ALT_TEXT_MAX = 1024
"""Discord's longest alt text for a media gallery item (the flag's description)."""
MORE = "…"

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class GameWords(Protocol):
    def describe(self, view: dict[str, Any]) -> str: ...

    def describe_hand(self, view: dict[str, Any]) -> str: ...


def for_game(name: str) -> GameWords | None:
    """The words module its manifest names, or None if it has none."""
    words: GameWords | None = manifest_module(name, "words")  # a module with describe and describe_hand
    return words


def board_key(words: GameWords | None, view: dict[str, Any]) -> str:
    """The game's key to its board (`key(view)` in its words module), or "" when it has none."""
    key = getattr(words, "key", None)
    return str(key(view)) if callable(key) else ""


def alt_text(text: str, limit: int = ALT_TEXT_MAX) -> str:
    """`text` cut to at most `limit` characters: whole lines from the start, then the whole sentences of the next
    line that still fit, and "…" to say there is more. Only a first sentence longer than the limit is cut inside
    itself, at a word."""
    if len(text) <= limit:
        return text
    room = limit - len(MORE) - 1  # the "…" and the space or line break before it
    kept: list[str] = []
    used = 0
    for line in text.split("\n"):
        joiner = 1 if kept else 0
        if used + joiner + len(line) <= room:
            kept.append(line)
            used += joiner + len(line)
            continue
        part = _sentences_within(line, room - used - joiner)
        if part:
            return "\n".join(kept) + ("\n" if kept else "") + part + " " + MORE
        break
    if kept:
        return "\n".join(kept) + "\n" + MORE
    return _words_within(text, room) + " " + MORE


def _sentences_within(line: str, room: int) -> str:
    kept = ""
    for sentence in _SENTENCE_END.split(line):
        candidate = f"{kept} {sentence}" if kept else sentence
        if len(candidate) > room:
            break
        kept = candidate
    return kept


def _words_within(text: str, room: int) -> str:
    words = text.split()
    kept = ""
    for word in words:
        candidate = f"{kept} {word}" if kept else word
        if len(candidate) > room:
            break
        kept = candidate
    return kept or text[:room]


def count(n: int, word: str, plural: str | None = None) -> str:
    """'1 card', '3 cards', '0 cards'."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def listing(items: Iterable[str], empty: str = "none") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def seat_name(view: dict[str, Any], seat: int, key: str = "seats") -> str:
    """The name the view gives a seat (a member's, once the bot has named the view)."""
    entries = view.get(key) or []
    entry = entries[seat] if 0 <= seat < len(entries) else {}
    return str(entry.get("name") or f"Seat {seat + 1}")
