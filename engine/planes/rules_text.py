"""Rules help pages for /game rules, read from data/planes/rules.md (one page per '## ' heading)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

RULES_FILE = Path(__file__).resolve().parents[2] / "data" / "planes" / "rules.md"


@cache
def rules_pages() -> dict[str, str]:
    pages: dict[str, str] = {}
    topic = "overview"
    lines: list[str] = []
    for line in RULES_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if lines and any(x.strip() for x in lines):
                pages[topic] = "\n".join(lines).strip()
            topic = line[3:].strip().lower()
            lines = []
        elif not line.startswith("# "):
            lines.append(line)
    if lines:
        pages[topic] = "\n".join(lines).strip()
    return pages
