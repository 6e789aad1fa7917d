"""What Now Boarding's board in words must say, for tests/renderers/test_words.py (which finds this module through the
game's manifest): `figures(view)`, each a text (or a pattern) the description holds, and `TABLES`, the tables played
beyond the fewest and the most players with the default options."""

from __future__ import annotations

import re
from typing import Any

TABLES: list[tuple[int, dict[str, str]]] = []


def figures(view: dict[str, Any]) -> list[str | re.Pattern[str]]:
    return ["Complaints: {} (3 lose the day)".format(view["complaints"])] + [
        re.compile(rf"{re.escape(s['name'])}, [^\n]*?\${s['money']} in fares, {s['delivered']} delivered, "
                   rf"\${s['earned']} earned")
        for s in view["seats"] if s["colour"]]
