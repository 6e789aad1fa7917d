"""Planecrafters data files (data/planecrafters/*.toml) loaded into pydantic models.

A bad file raises DataFileError naming the file and the field, so a typo never reaches a game.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import BaseModel, Field

from engine.core.data_file import M, load_toml

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "planecrafters"
SLOTS = ("nose", "lwing", "rwing", "tail", "fuselage")
SLOT_NAMES = {"nose": "nose", "lwing": "left wing", "rwing": "right wing", "tail": "tail", "fuselage": "fuselage"}
VALUE_BY_COUNT = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10, 5: 15}
Kind = Literal[
    "agent", "contractor", "logistician", "recruiter", "technician", "accountant", "taxcollector", "spy",
    "factorymanager", "thief", "acepilot", "bossesboss", "jack", "guard", "investigator",
]
KINDS: tuple[str, ...] = get_args(Kind)
TIER1 = KINDS[:5]


class DataFileError(ValueError):
    """A data file that does not match its model; the message names the file and the field."""


class Model(BaseModel):
    name: str = Field(min_length=1, max_length=30)
    star: bool
    copies: int = Field(ge=1, le=4)
    players: int = Field(ge=2, le=4)


class Spares(BaseModel):
    count: int = Field(ge=0, le=20)
    players: int = Field(ge=2, le=4)


class PartsFile(BaseModel):
    model: list[Model]
    spares: list[Spares]


class Employee(BaseModel):
    kind: Kind
    name: str
    tier: int = Field(ge=1, le=3)
    cost: int = Field(ge=1, le=20)
    copies: int = Field(ge=1, le=2)
    step: Literal["hire", "acquire", "flyer", "buyer", "any"]
    text: str = Field(max_length=200)
    short: str = ""
    """What the buttons, the log and the board call it when its card's name is too long for the board's table
    ("Agent" for "Agent of the Board"): one name for one employee wherever players read it."""


class EmployeesFile(BaseModel):
    accountant_per_employee: int = Field(ge=1, le=5)
    agent_swap_cards: int = Field(ge=1, le=4)
    employee: list[Employee]


class Award(BaseModel):
    kind: Literal["industry", "enterprise", "distinction"]
    name: str
    crowns: int = Field(ge=0)
    text: str


class AwardsFile(BaseModel):
    award: list[Award]


class Objective(BaseModel):
    id: str = Field(pattern=r"^obj:\d\d$")
    kind: Literal["model_run", "fuselage", "plane_value", "parts_sold", "planes_sold", "staff", "tiers"]
    target: int = Field(ge=1)
    crowns: int = Field(ge=1)
    text: str = Field(max_length=80)


class ObjectivesFile(BaseModel):
    objective: list[Objective]


class Part(BaseModel):
    """One part card. `model` is empty for a Spare Part, whose `slot` is "spare"."""

    id: str
    model: str
    slot: str
    star: bool
    players: int

    @property
    def spare(self) -> bool:
        return self.slot == "spare"

    @property
    def label(self) -> str:
        return "Spare Part" if self.spare else f"{self.model} {SLOT_NAMES[self.slot]}"


def load(name: str, model: type[M], folder: Path = DATA_DIR) -> M:
    return load_toml(folder / name, model, DataFileError)


def build_deck(parts: PartsFile) -> list[Part]:
    """All part cards in a fixed order with ids part:001..; the same id means the same card at every player count."""
    cards: list[tuple[str, str, bool, int]] = []
    for m in parts.model:
        slots = SLOTS if m.star else SLOTS[:4]
        cards += [(m.name, s, m.star, m.players) for s in slots for _ in range(m.copies)]
    for sp in parts.spares:
        cards += [("", "spare", False, sp.players)] * sp.count
    return [Part(id=f"part:{i:03d}", model=m, slot=s, star=st, players=p) for i, (m, s, st, p) in enumerate(cards, 1)]


class Catalog(BaseModel):
    parts: dict[str, Part]
    employees: dict[str, Employee]
    accountant_per_employee: int
    agent_swap_cards: int
    awards: list[Award]
    objectives: list[Objective]


def load_catalog(folder: Path = DATA_DIR) -> Catalog:
    parts = load("parts.toml", PartsFile, folder)
    staff = load("employees.toml", EmployeesFile, folder)
    if sorted(e.kind for e in staff.employee) != sorted(KINDS):
        raise DataFileError("employees.toml: employee.kind must list each of the 15 kinds exactly once")
    for e in staff.employee:
        if (e.tier == 1) != (e.kind in TIER1) or e.copies != (2 if e.tier == 1 else 1):
            raise DataFileError(f"employees.toml: employee {e.kind}: tier 1 kinds have 2 copies, the others 1")
    names = [m.name for m in parts.model]
    if len(set(names)) != len(names):
        raise DataFileError("parts.toml: model.name must be unique")
    return Catalog(
        parts={p.id: p for p in build_deck(parts)},
        employees={e.kind: e for e in staff.employee},
        accountant_per_employee=staff.accountant_per_employee,
        agent_swap_cards=staff.agent_swap_cards,
        awards=load("awards.toml", AwardsFile, folder).award,
        objectives=load("objectives.toml", ObjectivesFile, folder).objective,
    )


@cache
def catalog() -> Catalog:
    return load_catalog()


def part(card_id: str) -> Part:
    return catalog().parts[card_id]


@cache
def part_label(card_id: str) -> str:
    """`part(card_id).label`, worked out once per card: every option naming a card asks for it."""
    return part(card_id).label


@cache
def maker_label(card_id: str) -> str:
    """The card's model alone ("Sky Whale"), or "Spare Part": what a slot already named holds ("plane 1 nose
    (replaces Sky Whale)"), where its slot's name again would only lengthen the label past a button's room."""
    found = part(card_id)
    return "Spare Part" if found.spare else found.model


@cache
def is_spare(card_id: str) -> bool:
    """`part(card_id).spare`, worked out once per card: the Flyer step asks it for every hand card."""
    return part(card_id).spare


@cache
def employee_kind(emp_id: str) -> str:
    """emp:agent-2 -> agent."""
    return emp_id.split(":")[1].split("-")[0]


@cache
def employee_name(kind: str) -> str:
    """What the game calls an employee kind wherever players read it: its short name, else its card's name."""
    found = catalog().employees[kind]
    return found.short or found.name
