"""Player counts for per-game tables, read from each game's declared range (`info.min_players`, `info.max_players`),
so a test that plays every game names none of them: a game of 2 seats only is played at 2, where the others are
played at 3."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from engine.core import Game
from engine.core.manifest import manifest


def players_near(game: Game, wanted: int = 3) -> int:
    """The player count the game takes that is closest to `wanted`."""
    return min(max(wanted, game.info.min_players), game.info.max_players)


def every_count(game: Game) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


def fewest_and_most(game: Game) -> list[int]:
    return sorted({game.info.min_players, game.info.max_players})


def package(name: str) -> str:
    """The package of game `name` under engine/ (and so under data/, renderers/ and tests/), from its manifest:
    "flight-plan" is engine/flight_plan."""
    entry = manifest(name)
    assert entry is not None, f"unknown game {name!r}"
    return entry.engine.split(":")[0].split(".")[1]


def game_tests(name: str, module: str) -> ModuleType | None:
    """The module `tests/<package>/<module>.py` of game `name`, where a generic test finds what only that game can
    say (tests/<package>/figures.py: the figures its board in words must show), or None when it has none."""
    try:
        return import_module(f"tests.{package(name)}.{module}")
    except ModuleNotFoundError as missing:
        if missing.name != f"tests.{package(name)}.{module}":
            raise
        return None
