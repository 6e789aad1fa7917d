"""The /game rules pages: data/now_boarding/rules.md split at its '## ' headings (engine.core.rules_pages)."""

from __future__ import annotations

from functools import cache

from engine.core.rules_pages import read_pages
from engine.now_boarding.data import DATA_DIR


@cache
def rules_pages() -> dict[str, str]:
    return read_pages(DATA_DIR / "rules.md")
