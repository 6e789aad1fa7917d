"""/game rules pages from a game's Markdown file: one page per '## ' heading (topic, lower case -> Markdown).

The file's '# ' title and anything before the first heading are not a page: every topic has a heading of its own."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.contract import Game
from engine.core.manifest import ROOT, manifest


def read_pages(path: Path) -> dict[str, str]:
    pages: dict[str, list[str]] = {}
    lines: list[str] | None = None  # None until the first heading
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            lines = pages.setdefault(line[3:].strip().lower(), [])
        elif lines is not None:
            lines.append(line)
    return {topic: "\n".join(body).strip() for topic, body in pages.items()}


@cache
def rules_file_pages(path: str) -> dict[str, str]:
    """`read_pages` of a file named from the repository root (a manifest's `rules`), read once."""
    return read_pages(ROOT / path)


def rules(game: Game) -> dict[str, str]:
    """A game's rules help pages by topic, in our own words (Markdown), the overview first: the file its manifest
    names (none without a manifest or a file)."""
    entry = manifest(game.name)
    return rules_file_pages(entry.rules) if entry is not None and entry.rules else {}
