"""Flight Plan data files (data/flight_plan/*.toml) loaded into pydantic models.

A bad file raises DataFileError naming the file and the field. Everything but the rulebook's own figures is our
design (each file says which values are ours).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from engine.core.data_file import M, load_toml

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "flight_plan"
REGIONS = ("NA", "SA", "EU", "AF", "AP", "ME")
REGION_NAMES = {"NA": "North America", "SA": "South America", "EU": "Europe", "AF": "Africa",
                "AP": "Asia-Pacific", "ME": "Middle East"}
CLASSES = ("short", "medium", "long", "ultra")
FLEETS = (*CLASSES, "cargo")
CLASS_NAMES = {"short": "short-haul", "medium": "medium-haul", "long": "long-haul", "ultra": "ultra-long-haul",
               "cargo": "cargo"}
CLASS_RANGES = {"short": (1, 30), "medium": (31, 62), "long": (63, 89), "ultra": (90, 100)}
Region = Literal["NA", "SA", "EU", "AF", "AP", "ME"]
RouteClass = Literal["short", "medium", "long", "ultra"]


class DataFileError(ValueError):
    """A data file that does not match its model; the message names the file and the field."""


class City(BaseModel):
    id: str = Field(pattern=r"^[A-Z]{3}$")
    name: str = Field(min_length=2, max_length=20)
    region: Region
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    hub: bool


class CitiesFile(BaseModel):
    city: list[City]


class Route(BaseModel):
    number: int = Field(ge=1, le=100)
    cls: RouteClass
    origin: str
    destination: str
    price: int = Field(gt=0, multiple_of=5)
    revenue: int = Field(gt=0, multiple_of=5)
    use_fee: int = Field(gt=0, multiple_of=5)
    cargo: bool


class RoutesFile(BaseModel):
    route: list[Route]


BriefingKind = Literal["cash", "per_route", "per_fleet", "per_hub", "per_asset", "per_deactivated", "each_player",
                       "lose_turn", "send_to", "ground", "revenue_change"]


class Briefing(BaseModel):
    id: str = Field(pattern=r"^b\d\d$")
    title: str = Field(min_length=3, max_length=40)
    kind: BriefingKind
    amount: int = Field(default=0, multiple_of=5)
    cls: Literal["short", "medium", "long", "ultra", "cargo", "any"] | None = None
    city: str | None = None
    turns: int = Field(default=0, ge=0, le=5)
    copies: int = Field(ge=1, le=4)
    text: str = Field(min_length=10, max_length=160)


class BriefingsFile(BaseModel):
    briefing: list[Briefing]


class Fleet(BaseModel):
    name: str
    price: int = Field(gt=0, multiple_of=5)


class Economy(BaseModel):
    start_funds_two: int
    start_funds_more: int
    hub_price: int
    cargo_revenue: int
    revenue_threshold: int
    fleet_threshold: int
    deactivation_turns: int = Field(ge=1)
    quick_play: list[int]
    fleet: dict[str, Fleet]
    """One fleet per class in FLEETS (checked when loaded); keyed by plain strings, as the option ids name them."""
    hub_fee: dict[RouteClass, int]

    @field_validator("fleet")
    @classmethod
    def _every_fleet_class(cls, fleet: dict[str, Fleet]) -> dict[str, Fleet]:
        if sorted(fleet) != sorted(FLEETS):
            raise ValueError(f"needs exactly one fleet for each of {', '.join(FLEETS)}")
        return fleet


class Catalog(BaseModel):
    cities: dict[str, City]
    routes: dict[int, Route]
    briefings: dict[str, Briefing]
    economy: Economy
    touched: dict[int, frozenset[str]] = Field(default_factory=dict)
    """Route number -> the regions of its two ends (filled once at load: the engine asks it constantly)."""
    shorts: dict[str, tuple[int, ...]] = Field(default_factory=dict)
    """Region -> its short-haul route numbers."""

    def region(self, number: int) -> str:
        """A route's region is its departure city's."""
        return self.cities[self.routes[number].origin].region

    def regions_of(self, number: int) -> frozenset[str]:
        """The regions a route touches (both ends): what it marks on the player card."""
        return self.touched[number]


def load(name: str, model: type[M], folder: Path = DATA_DIR) -> M:
    return load_toml(folder / name, model, DataFileError)


def _check(cat: Catalog) -> None:
    """Cross-file checks pydantic cannot make per field."""
    if len(cat.cities) != 57 or sum(c.hub for c in cat.cities.values()) != 15:
        raise DataFileError("cities.toml: there must be 57 cities, 15 of them hubs")
    if sorted(cat.routes) != list(range(1, 101)):
        raise DataFileError("routes.toml: route numbers must be 1 to 100, each once")
    used: set[str] = set()
    for n, r in cat.routes.items():
        lo, hi = CLASS_RANGES[r.cls]
        if not lo <= n <= hi:
            raise DataFileError(f"routes.toml: route {n}: class {r.cls} is numbered {lo}-{hi}")
        for end in (r.origin, r.destination):
            if end not in cat.cities:
                raise DataFileError(f"routes.toml: route {n}: unknown city {end}")
        if r.origin == r.destination:
            raise DataFileError(f"routes.toml: route {n} goes nowhere")
        used |= {r.origin, r.destination}
    if used != set(cat.cities):
        raise DataFileError(f"routes.toml: cities without a route: {sorted(set(cat.cities) - used)}")
    if sum(b.copies for b in cat.briefings.values()) != 100:
        raise DataFileError("briefings.toml: the copies must add up to 100 cards")
    for b in cat.briefings.values():
        if b.kind == "send_to" and b.city not in cat.cities:
            raise DataFileError(f"briefings.toml: briefing {b.id}: send_to needs a known city")
        if b.kind in ("per_route", "ground") and b.cls is None:
            raise DataFileError(f"briefings.toml: briefing {b.id}: {b.kind} needs cls")
        if b.kind == "ground" and b.cls == "any":
            raise DataFileError(f"briefings.toml: briefing {b.id}: ground needs one fleet class")
        if b.kind == "revenue_change" and not b.turns:
            raise DataFileError(f"briefings.toml: briefing {b.id}: revenue_change needs turns")
    if any(q not in cat.routes for q in cat.economy.quick_play):
        raise DataFileError("economy.toml: quick_play names an unknown route")


def load_catalog(folder: Path = DATA_DIR) -> Catalog:
    cat = Catalog(
        cities={c.id: c for c in load("cities.toml", CitiesFile, folder).city},
        routes={r.number: r for r in load("routes.toml", RoutesFile, folder).route},
        briefings={b.id: b for b in load("briefings.toml", BriefingsFile, folder).briefing},
        economy=load("economy.toml", Economy, folder),
    )
    _check(cat)
    for n, r in cat.routes.items():
        cat.touched[n] = frozenset({cat.cities[r.origin].region, cat.cities[r.destination].region})
        if r.cls == "short":
            cat.shorts[cat.region(n)] = (*cat.shorts.get(cat.region(n), ()), n)
    return cat


@cache
def catalog() -> Catalog:
    return load_catalog()


def route(number: int) -> Route:
    return catalog().routes[number]


def route_label(number: int) -> str:
    r = route(number)
    cities = catalog().cities
    return f"{number} {cities[r.origin].name}–{cities[r.destination].name}"


def city_name(city: str) -> str:
    return catalog().cities[city].name
