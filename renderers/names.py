"""Players by their names in what a picture shows: the engines know only seats ("Seat 2" in Planes, "Player 2"
elsewhere), members know each other by name. The bot names every view and text it draws or posts with the lobby's
names (bot/naming.py builds on this); the sample pictures and the gallery's replay use sample names the same way, so
what the docs show is what a table sees."""

from __future__ import annotations

import re
from typing import Any

SEAT_REF = re.compile(r"\b(?:Seat|Player) ([1-9])\b")
"""The forms the engines use for a seat in their texts (1-based)."""

SAMPLE_NAMES = {0: "Zoë", 1: "李明", 2: "محمد", 3: "🎲 Sam", 4: "अर्जुन", 5: "Жанна"}
"""Members' names for the sample pictures and the gallery's replay: a different script at each seat (Latin with an
accent, Chinese, Arabic written right to left, an emoji, Devanagari, Cyrillic), as a server's members write them."""

WORLD_NAMES = ("Zoë", "Łukasz", "Ωμέγα", "Жанна", "李明", "さくら", "민준", "अर्जुन", "محمد", "דוד", "สมชาย", "🎲 Sam",
               "👨\u200d👩\u200d👧 Kim", "🇯🇵 Aiko")
"""A name in every script the pictures' faces cover (renderers.kit.faces), and emoji with a flag and a ZWJ family:
the tests draw every board and hand of every game with them."""


def named_text(text: str, names: dict[int, str]) -> str:
    """`text` with every "Seat N" / "Player N" of a named seat replaced by its name (plain, no markdown)."""

    def named(match: re.Match[str]) -> str:
        return names.get(int(match[1]) - 1, match[0])

    return SEAT_REF.sub(named, text)


def name_view(view: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """A copy of a view whose per-seat entries ({"seat": n, "name": ...}, in any list of the view's top level:
    Planes' "seats", Flight Plan's "airlines") carry the players' names, so the board and hand images say who is
    who. An entry is renamed only while its name is the engine's own for that seat ("Seat 2", "Player 2"): any
    other name (a plane's, a city's) is the game's. Views without such entries come back unchanged."""
    renamed = {key: [_named_entry(entry, names) for entry in value]
               for key, value in view.items() if isinstance(value, list)}
    changed = {key: value for key, value in renamed.items() if value != view[key]}
    return {**view, **changed} if changed else view


def _named_entry(entry: Any, names: dict[int, str]) -> Any:
    if not isinstance(entry, dict) or entry.get("seat") not in names or not isinstance(entry.get("name"), str):
        return entry
    own = SEAT_REF.fullmatch(entry["name"])
    if own is None or int(own[1]) != entry["seat"] + 1:
        return entry
    return {**entry, "name": names[entry["seat"]]}
