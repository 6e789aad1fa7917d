"""What a typed line reads as, as data: the types the contract's typed-move hooks speak in (engine/core/typed.py reads
the lines). Kept at the bottom of the core so that the contract can name them without importing the reader."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Names = Mapping[int, str]
"""Seat -> the name its member is known by at the table (the bot's lobby names); empty: the engine's own words."""


@dataclass(frozen=True)
class Typed:
    """What a typed line stands for, as far as it can be read now."""

    ids: list[str]
    """The option ids to apply, in order."""
    rest: str = ""
    """What is left of the line, to read once `ids` are played: non-empty only when one of them shows something
    hidden (a draw), so that the steps after it cannot be read yet."""


@dataclass(frozen=True)
class Suggestion:
    """A suggested way to finish the step being typed, and what it stands for."""

    text: str
    """The whole line with that step finished, as the player would send it."""
    ids: list[str] = field(default_factory=list)
    """The option ids the line reads as, up to and including the option the suggestion was made for: sent back as
    offered, `parse_command` reads exactly these first (the conformance suite's `check_suggestions`)."""
