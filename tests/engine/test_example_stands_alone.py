"""The example game (a manifest with `example=True`) is copied to add a game, so nothing outside its own four folders
(engine/<package>/, data/<package>/, renderers/<package>/, tests/<package>/) may name it: a shared file that did would
be one more file to edit for the copy. Only the pages that tell a newcomer to copy it name it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.core.manifest import ROOT, manifests
from tests.support.tables import package

POINTERS = {"engine/README.md", "renderers/README.md", "CONTRIBUTING.md", "docs/architecture.md"}
"""The pages that say where the example is and how to copy it."""
SKIPPED = {".git", ".venv", "node_modules", "__pycache__"}
TEXT = {".py", ".md", ".toml", ".json", ".yml", ".yaml", ".txt", ".cfg", ".ini", ".sh", ".html", ".js", ".css"}


def _files() -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED and not d.startswith(".") and not d.endswith(".egg-info")]
        found += [Path(folder, f) for f in files if Path(f).suffix in TEXT]
    return found


@pytest.mark.parametrize("name", [m.name for m in manifests() if m.example])
def test_no_file_outside_the_examples_folders_names_it(name: str) -> None:
    own = {f"{top}/{package(name)}/" for top in ("engine", "data", "renderers", "tests")}
    named = []
    for path in _files():
        where = path.relative_to(ROOT).as_posix()
        if where in POINTERS or any(where.startswith(folder) for folder in own):
            continue
        text = path.read_text(encoding="utf-8", errors="replace").lower()
        if name.lower() in text or package(name).lower() in text:
            named.append(where)
    assert named == [], f"these files name the example {name!r}: a copy of it would have to edit them"


def test_there_is_an_example() -> None:
    assert [m for m in manifests() if m.example], "engine/README.md's \"Adding a game\" starts from it"
