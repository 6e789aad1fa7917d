"""Now Boarding data files (data/now_boarding/*.toml) loaded into pydantic models.

A bad file raises DataFileError naming the file and the field, so a typo never reaches a game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engine.core.data_file import M, load_toml

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "now_boarding"
Side = Literal["small", "large"]
COLOURS = ("green", "orange", "red", "blue", "purple")


class DataFileError(ValueError):
    """A data file that does not match its model; the message names the file and the field."""


class Airport(BaseModel):
    code: str = Field(pattern=r"^[A-Z]{3}$")
    name: str
    x: int = Field(ge=0, le=1000)
    y: int = Field(ge=0, le=600)
    sides: list[Side]


class Route(BaseModel):
    a: str
    b: str
    spaces: int = Field(ge=1, le=6)
    colour: Literal["", "green", "orange", "red", "blue", "purple"] = ""
    sides: list[Side]

    @property
    def key(self) -> str:
        return f"{self.a}-{self.b}"


class MapFile(BaseModel):
    airport: list[Airport]
    route: list[Route]

    @model_validator(mode="after")
    def _routes_join_airports(self) -> MapFile:
        codes = {a.code for a in self.airport}
        for r in self.route:
            if r.a not in codes or r.b not in codes:
                raise ValueError(f"route {r.key} names an unknown airport")
        return self


class FaresFile(BaseModel):
    fares: dict[str, dict[str, int]]


class Preflight(BaseModel):
    players: int = Field(ge=2, le=5)
    side: Side
    piles: list[int] = Field(min_length=3, max_length=3)
    weather: int = Field(ge=0, le=6)
    removed: list[str]
    vips: int = Field(ge=0, le=9)


class Upgrades(BaseModel):
    seat_prices: list[int]
    speed_prices: list[int]
    route_price: int = Field(ge=1)
    temp_seat_price: int = Field(ge=1)
    temp_speed_price: int = Field(ge=1)
    start_seats: int = Field(ge=1)
    start_speed: int = Field(ge=1)
    seat_tiles: int = Field(ge=0)
    speed_tiles: int = Field(ge=0)
    route_tiles_per_colour: int = Field(ge=0)


class PlaneSpec(BaseModel):
    colour: Literal["green", "orange", "red", "blue", "purple"]
    start: str
    letter: str = Field(min_length=1, max_length=1)
    pattern: str


class ChartFile(BaseModel):
    draw_offsets: list[int] = Field(min_length=3, max_length=3)
    preflight: list[Preflight]
    upgrades: Upgrades
    plane: list[PlaneSpec]


class Vip(BaseModel):
    id: str = Field(pattern=r"^[a-z0-9]+$")
    name: str
    stage: int = Field(ge=0, le=2)
    text: str = Field(max_length=120)


class VipsFile(BaseModel):
    vip: list[Vip]


class Catalog(BaseModel):
    airports: dict[str, Airport]
    routes: list[Route]
    fares: dict[str, dict[str, int]]
    """Both directions filled in: fares[a][b] == fares[b][a]."""
    preflight: dict[int, Preflight]
    draw_offsets: list[int]
    upgrades: Upgrades
    planes: list[PlaneSpec]
    vips: dict[str, Vip]

    def side_airports(self, side: str) -> list[str]:
        return [c for c, a in self.airports.items() if side in a.sides]

    def side_routes(self, side: str) -> list[Route]:
        return [r for r in self.routes if side in r.sides]

    def plane(self, colour: str) -> PlaneSpec:
        return next(p for p in self.planes if p.colour == colour)


def _load(directory: Path, name: str, model: type[M]) -> M:
    return load_toml(directory / name, model, DataFileError)


def load_catalog(directory: Path = DATA_DIR) -> Catalog:
    board = _load(directory, "map.toml", MapFile)
    fares_file = _load(directory, "fares.toml", FaresFile)
    chart = _load(directory, "chart.toml", ChartFile)
    vips = _load(directory, "vips.toml", VipsFile)
    codes = [a.code for a in board.airport]
    fares: dict[str, dict[str, int]] = {c: {} for c in codes}
    for a, row in fares_file.fares.items():
        for b, price in row.items():
            if a not in fares or b not in fares or price < 1:
                raise DataFileError(f"fares.toml: fares.{a}.{b}: unknown airport or a price below 1")
            fares[a][b] = fares[b][a] = price
    for a in codes:
        missing = [b for b in codes if b != a and b not in fares[a]]
        if missing:
            raise DataFileError(f"fares.toml: fares.{a}: no price to {', '.join(missing)}")
    for p in chart.plane:
        if p.start not in codes:
            raise DataFileError(f"chart.toml: plane.{p.colour}.start: unknown airport {p.start}")
    return Catalog(
        airports={a.code: a for a in board.airport}, routes=board.route, fares=fares,
        preflight={p.players: p for p in chart.preflight}, draw_offsets=chart.draw_offsets,
        upgrades=chart.upgrades, planes=chart.plane, vips={v.id: v for v in vips.vip},
    )


@cache
def catalog() -> Catalog:
    return load_catalog()
