"""The /game rules pages: data/planes/rules.md split at its '## ' headings (engine.core.rules_pages)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.rules_pages import read_pages

RULES_FILE = Path(__file__).resolve().parents[2] / "data" / "planes" / "rules.md"


@cache
def rules_pages() -> dict[str, str]:
    return read_pages(RULES_FILE)
