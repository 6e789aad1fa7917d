"""What Planes's board in words must say, for tests/renderers/test_words.py (which finds this module through the
game's manifest): `figures(view)`, each a text (or a pattern) the description holds, and `TABLES`, the tables played
beyond the fewest and the most players with the default options."""

from __future__ import annotations

from typing import Any

from renderers.words import count

TABLES: list[tuple[int, dict[str, str]]] = [
    (3, {"scenario": "divide_and_conquer"}), (4, {"player_planes": "jumbo", "neutral_planes": "cargo"}),
]
"""Round Trip, and its planes."""


def figures(view: dict[str, Any]) -> list[str]:
    out = [f"Boarding track at {view['track']} of {view['track_end']}"]
    for s in view["seats"]:
        if view["round_trip"]:
            figures = f"{s['score']} VP, {count(s['tokens'], 'VP token')}, {s['aboard']} aboard"
        else:
            figures = f"{s['score']} VP, {s['goal_vp']} from goals, {s['boarded']} boarded"
        out.append(f"{s['name']} ({s['colour']}): {figures}, {count(s['hand_size'], 'card')} in hand")
    return out
