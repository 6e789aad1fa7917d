"""The games' part of the players' manual (docs/playing.md, "How each game plays"), written from the manifests:
each game's line is its title, its seat counts (from the engine), whether the team plays together, and its
manifest's `about`. `python -m engine manual` rewrites the part between the two markers; a test fails while the file
differs, so a new game's line comes from its manifest and nobody edits the list by hand. Examples get no line."""

from __future__ import annotations

import textwrap
from pathlib import Path

from engine import registry
from engine.core.manifest import ROOT, GameManifest, manifests

MANUAL = ROOT / "docs" / "playing.md"
START = "<!-- The games' lines below come from their manifests (`about`): `python -m engine manual` writes them. -->"
END = "<!-- End of the games' lines. -->"
WIDTH = 118


def game_line(entry: GameManifest) -> str:
    info = registry.get(entry.name).info
    together = ", co-operative" if info.cooperative else ""
    line = f"- **{info.title}** ({info.min_players}-{info.max_players} {entry.seats_called}{together}): {entry.about}"
    return textwrap.fill(line, WIDTH, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)


def games_part() -> str:
    """The lines between the markers, every game that is no example in menu order."""
    return "\n".join(game_line(m) for m in manifests() if not m.example and m.name in registry.names())


def written(text: str) -> str:
    """`text` (the manual) with its games' part as the manifests say it."""
    head, rest = text.split(START + "\n", 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{START}\n{games_part()}\n{END}{tail}"


def write(path: Path = MANUAL) -> bool:
    """Rewrite the manual's games' part; whether anything changed."""
    before = path.read_text(encoding="utf-8")
    after = written(before)
    if after != before:
        path.write_text(after, encoding="utf-8")
    return after != before
