"""What Flight Plan's board in words must say, for tests/renderers/test_words.py (which finds this module through the
game's manifest): `figures(view)`, each a text (or a pattern) the description holds, and `TABLES`, the tables played
beyond the fewest and the most players with the default options."""

from __future__ import annotations

from typing import Any

TABLES: list[tuple[int, dict[str, str]]] = []


def _money(amount: int) -> str:
    return f"-${-amount}M" if amount < 0 else f"${amount}M"


def figures(view: dict[str, Any]) -> list[str]:
    return [f"{a['name']}: {_money(a['cash'])} cash, {_money(a['revenue'])} a turn, regions {len(a['regions'])} of 6, "
            f"hub regions {len(a['hub_regions'])} of 3" for a in view["airlines"]]
