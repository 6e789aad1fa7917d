"""The /game rules pages: data/flight_plan/rules.md split at its '## ' headings (topic -> Markdown)."""

from __future__ import annotations

from functools import cache

from engine.flight_plan.data import DATA_DIR


@cache
def rules_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    topic = ""
    for line in (DATA_DIR / "rules.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            topic = line[3:].strip().lower()
            pages[topic] = ""
        elif topic:
            pages[topic] += line + "\n"
    return {k: v.strip() for k, v in pages.items()}
