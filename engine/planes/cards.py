"""The Planes deck: 15 cards (data/planes/cards.toml) times four player-dot colours."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

CARDS_FILE = Path(__file__).resolve().parents[2] / "data" / "planes" / "cards.toml"
DOTS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}

ACTION_KINDS = {
    "draw1", "collect_fast_food", "collect_restroom", "choose_one", "skip", "draw2", "gather", "gift_shop_one",
    "help_desk_one", "ignore_neutral", "draw3", "fine_dining_two", "backwards", "only_own", "move_twice",
}
GOAL_KINDS = {
    "empty_plain", "fast_food", "restroom", "single_own", "single_neutral", "three_three", "four_two", "gift_shop",
    "help_desk", "pair_other", "five_three", "fine_dining", "four_neutral", "four_four", "trio",
}


class CardType(BaseModel):
    number: int = Field(ge=1, le=15)
    title: str = Field(max_length=60)
    action_kind: str
    action: str = Field(max_length=200)
    goal_kind: str
    goal: str = Field(max_length=100)
    vp: int = Field(ge=1, le=3)

    @property
    def kind(self) -> str:
        return self.goal_kind


class CardFile(BaseModel):
    card: list[CardType]


class CardFileError(ValueError):
    """A bad cards file, named with the field."""


def load_card_types(path: Path = CARDS_FILE) -> list[CardType]:
    try:
        with path.open("rb") as fh:
            types = CardFile.model_validate(tomllib.load(fh)).card
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardFileError(f"{path.name}: {exc}") from exc
    if sorted(t.number for t in types) != list(range(1, 16)):
        raise CardFileError(f"{path.name}: card numbers must be 1 to 15, once each")
    for t in types:
        if t.action_kind not in ACTION_KINDS or t.goal_kind not in GOAL_KINDS:
            raise CardFileError(f"{path.name}: card {t.number} has an unknown action_kind or goal_kind")
    if len({t.action_kind for t in types}) != 15 or len({t.goal_kind for t in types}) != 15:
        raise CardFileError(f"{path.name}: every action and every goal must appear on exactly one card")
    return sorted(types, key=lambda t: t.number)


@cache
def _types() -> dict[int, CardType]:
    return {t.number: t for t in load_card_types()}


def card(card_id: str) -> CardType:
    """The card type behind an id such as 'card:R07'."""
    return _types()[int(card_id[-2:])]


def card_id(dot: str, number: int) -> str:
    return f"card:{DOTS[dot]}{number:02d}"


def deck_for(dot: str) -> list[str]:
    return [card_id(dot, n) for n in range(1, 16)]


def full_deck() -> list[str]:
    return [cid for dot in DOTS for cid in deck_for(dot)]
