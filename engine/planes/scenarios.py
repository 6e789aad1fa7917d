"""The Round Trip scenarios (data/planes/scenarios.toml): presets of airport, point-of-interest tokens, cards,
plane sides and a special rule each."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from engine.core.data_file import load_toml
from engine.planes.cards import POIS
from engine.planes.sides import sides

SCENARIOS_FILE = Path(__file__).resolve().parents[2] / "data" / "planes" / "scenarios.toml"
SPECIALS = ("", "lost_and_found", "divide_and_conquer")


class Scenario(BaseModel):
    key: str
    title: str
    airport: str
    blurb: str = Field(max_length=100)
    cover: list[str] = Field(default_factory=list)
    set: dict[str, list[str]] = Field(default_factory=dict)
    add: dict[str, list[str]] = Field(default_factory=dict)
    remove_cards: list[str] = Field(default_factory=list)
    set_aside_cards: list[str] = Field(default_factory=list)
    start_cards: list[str] = Field(default_factory=list, max_length=3)
    player_sides: list[str] = Field(default_factory=list)
    neutral_sides: list[str] = Field(default_factory=list)
    special: str = ""

    @model_validator(mode="after")
    def _known_names(self) -> Scenario:
        for poi in [*self.cover, *self.remove_cards, *self.set_aside_cards, *self.start_cards]:
            if poi not in (*POIS, "all"):
                raise ValueError(f"{self.key}: unknown point of interest '{poi}'")
        for tokens in [*self.set.values(), *self.add.values()]:
            for poi in tokens:
                if poi not in POIS:
                    raise ValueError(f"{self.key}: unknown point of interest '{poi}'")
        known = sides()
        for side_id in [*self.player_sides, *self.neutral_sides]:
            if side_id not in known:
                raise ValueError(f"{self.key}: unknown plane side '{side_id}'")
        if self.special not in SPECIALS:
            raise ValueError(f"{self.key}: unknown special rule '{self.special}'")
        return self

    def pois(self, printed: dict[str, list[str]]) -> dict[str, list[str]]:
        """The points of interest after this scenario's tokens, from the printed ones."""
        out = {}
        for space, tokens in printed.items():
            out[space] = [] if "all" in self.cover else [p for p in tokens if p not in self.cover]
        for space, tokens in self.set.items():
            out[space] = list(tokens)
        for space, tokens in self.add.items():
            out[space] = [*out.get(space, []), *(p for p in tokens if p not in out.get(space, []))]
        return out


class ScenarioFile(BaseModel):
    scenario: list[Scenario]


class ScenarioFileError(ValueError):
    """A bad scenarios file, named with the field."""


def load_scenarios(path: Path = SCENARIOS_FILE) -> dict[str, Scenario]:
    return {s.key: s for s in load_toml(path, ScenarioFile, ScenarioFileError).scenario}


@cache
def scenarios() -> dict[str, Scenario]:
    return load_scenarios()


def scenario(key: str) -> Scenario | None:
    return None if key in ("", "none") else scenarios()[key]
