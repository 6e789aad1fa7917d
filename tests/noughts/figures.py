"""What noughts and crosses' board in words must say, for tests/renderers/test_words.py (which finds this module through
the game's manifest): `figures(view)`, each a text (or a pattern) the description holds, and `TABLES`, the tables
played beyond the fewest and the most players with the default options."""

from __future__ import annotations

from typing import Any

TABLES: list[tuple[int, dict[str, str]]] = []


def figures(view: dict[str, Any]) -> list[str]:
    return [f"{s['name']} plays {s['mark']}" for s in view["seats"]]
