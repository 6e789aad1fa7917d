"""The fixed reference players: each AI level per game, and a co-operative game itself per number of pilots.

Their ratings are constants, never moved by games: a member's rating moves against them, and what beating the Easy
AI is worth is the same on every server whatever anyone else did. They were fitted from the arena by
`python -m bot.ratings.calibrate` (its docstring says how; docs/ratings.md has the table and the run's output):
three-seat tables of Easy, Normal and Hard on fixed seeds, and for Now Boarding a team of each level against the
game for 2 to 5 pilots, rated in order with openskill's Plackett-Luce from its defaults, then shifted so that Easy
sits at μ 25 (where a new member starts). Run it again after a level's budget or a game's rules change, and paste
its literal here; the stored ratings are rebuilt at the next start (the fingerprint below changes).
"""

from __future__ import annotations

import hashlib
import json

from bot.ratings.keys import ai

REFERENCES: dict[str, dict[str, tuple[float, float]]] = {
    "planes": {"ai:easy": (25.00, 6.76), "ai:hard": (52.74, 7.28), "ai:normal": (34.57, 6.68)},
    "planecrafters": {"ai:easy": (25.00, 6.95), "ai:hard": (51.09, 7.01), "ai:normal": (44.90, 6.87)},
    "flight-plan": {"ai:easy": (25.00, 4.61), "ai:hard": (46.73, 4.69), "ai:normal": (35.32, 4.41)},
    "now-boarding": {"ai:easy": (25.00, 6.24), "ai:hard": (32.17, 5.94), "ai:normal": (25.01, 6.37),
                     "game:2": (97.52, 7.73), "game:3": (129.40, 7.92), "game:4": (159.56, 8.03),
                     "game:5": (192.60, 7.93)},
}
"""game -> player ("ai:easy", "game:3") -> (μ, σ), from `python -m bot.ratings.calibrate --jobs 2` (seed 1, the
default tables: 8 of Planes, 8 of Planecrafters, 36 of Flight Plan, 4 deals of Now Boarding per pilot count),
2026-12-02."""

UNCALIBRATED = (25.0, 25.0 / 3)
"""A reference player of a game not in the table (a game added since the last calibration, the tests' toy game):
openskill's newcomer, fixed like the others until the calibration is run for that game."""


def is_reference(player: str) -> bool:
    """An AI level or a game itself, as opposed to a member."""
    return not player.startswith("member:")


def reference(game: str, player: str) -> tuple[float, float]:
    """(μ, σ) of a reference player in `game`."""
    return REFERENCES.get(game, {}).get(player, UNCALIBRATED)


def levels_of(game: str) -> list[tuple[str, float, float]]:
    """The AI levels of `game` as (level, μ, σ), the best first as on a board: its reference lines."""
    found = [(level, *reference(game, ai(level))) for level in ("easy", "normal", "hard")]
    return sorted(found, key=lambda f: -(f[1] - 3 * f[2]))


def fingerprint() -> str:
    """What the stored ratings were derived with: when the constants change, the next start rebuilds them."""
    return hashlib.sha256(json.dumps([REFERENCES, UNCALIBRATED], sort_keys=True).encode()).hexdigest()[:16]
