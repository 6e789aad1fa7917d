"""What Planecrafters's board in words must say, for tests/renderers/test_words.py (which finds this module through the
game's manifest): `figures(view)`, each a text (or a pattern) the description holds, and `TABLES`, the tables played
beyond the fewest and the most players with the default options."""

from __future__ import annotations

from typing import Any

from renderers.words import count

TABLES: list[tuple[int, dict[str, str]]] = [(4, {"objectives": "on"})]


def figures(view: dict[str, Any]) -> list[str]:
    out = [f"Stack: {count(view['stack'], 'card')}"]
    for s in view["seats"]:
        final = f"final score {view['scores'][s['seat']]}, " if view["scores"] else ""
        out.append(f"{s['name']}: {final}{count(s['crowns'], 'crown')}, {count(s['hand_count'], 'card')} in hand")
        out.append(f"Sold {count(s['parts_sold'], 'part')} and {count(s['planes_sold'], 'plane')}")
    for shares in view["awards"].values():
        out += [f"{view['seats'][int(seat)]['name']} {count(crowns, 'crown')}" for seat, crowns in shares.items()]
    return out
