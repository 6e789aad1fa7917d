"""The Planes decks: 15 base cards (data/planes/cards.toml) and 15 Round Trip cards (data/planes/cards_round_trip.toml),
each times four player-dot colours. Base ids run card:R01..card:Y15, Round Trip ids card:R16..card:Y30."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

DATA = Path(__file__).resolve().parents[2] / "data" / "planes"
CARDS_FILE = DATA / "cards.toml"
ROUND_TRIP_FILE = DATA / "cards_round_trip.toml"
DOTS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
POIS = ("restroom", "fast_food", "gift_shop", "help_desk", "fine_dining")

ACTION_KINDS = {
    "draw1", "collect_fast_food", "collect_restroom", "choose_one", "skip", "draw2", "gather", "gift_shop_one",
    "help_desk_one", "ignore_neutral", "draw3", "fine_dining_two", "backwards", "only_own", "move_twice",
}
GOAL_KINDS = {
    "empty_plain", "fast_food", "restroom", "single_own", "single_neutral", "three_three", "four_two", "gift_shop",
    "help_desk", "pair_other", "five_three", "fine_dining", "four_neutral", "four_four", "trio",
}
RT_ACTION_KINDS = {
    "draw2_drop2", "neutral_to_fast_food", "draft", "only_neutral", "neutral_to_restroom", "draw3_drop2", "drop2_one",
    "vp_token", "neutrals2_gift_shop", "neutrals2_help_desk", "neutrals_adjacent", "draw4_drop2", "drop2_two",
    "neutrals3_fine_dining", "skip2",
}
RT_GOAL_KINDS = {
    "empty_plain", "fast_food_neutral2", "single_own", "single_neutral", "restroom_neutral2", "three_with_own",
    "pair_neutral", "four_two_own", "gift_shop_neutral3", "help_desk_neutral3", "four_four_neutral",
    "five_three_own_neutral", "six_three", "fine_dining_neutral4", "four_own_neutral",
}
DECKS = {"base": range(1, 16), "expansion": range(16, 31), "all": range(1, 31)}
"""The card numbers in each deck the Round Trip 'cards' option can choose."""


class CardType(BaseModel):
    number: int = Field(ge=1, le=30)
    title: str = Field(max_length=60)
    action_kind: str
    action: str = Field(max_length=200)
    goal_kind: str
    goal: str = Field(max_length=100)
    vp: int = Field(ge=1, le=3)
    poi: str | None = Field(default=None, description="the point of interest a scenario calls this card by")

    @property
    def kind(self) -> str:
        return self.goal_kind


class CardFile(BaseModel):
    card: list[CardType]


class CardFileError(ValueError):
    """A bad cards file, named with the field."""


def load_card_types(path: Path = CARDS_FILE) -> list[CardType]:
    """One card file, checked: numbers 1-15 (base) or 16-30 (Round Trip), each action and goal of that set once."""
    round_trip = path.name == ROUND_TRIP_FILE.name
    numbers = list(range(16, 31)) if round_trip else list(range(1, 16))
    actions, goals = (RT_ACTION_KINDS, RT_GOAL_KINDS) if round_trip else (ACTION_KINDS, GOAL_KINDS)
    try:
        with path.open("rb") as fh:
            types = CardFile.model_validate(tomllib.load(fh)).card
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        raise CardFileError(f"{path.name}: {exc}") from exc
    if sorted(t.number for t in types) != numbers:
        raise CardFileError(f"{path.name}: card numbers must be {numbers[0]} to {numbers[-1]}, once each")
    for t in types:
        if t.action_kind not in actions or t.goal_kind not in goals:
            raise CardFileError(f"{path.name}: card {t.number} has an unknown action_kind or goal_kind")
        if t.poi is not None and t.poi not in POIS:
            raise CardFileError(f"{path.name}: card {t.number} has an unknown poi '{t.poi}'")
    if len({t.action_kind for t in types}) != 15 or len({t.goal_kind for t in types}) != 15:
        raise CardFileError(f"{path.name}: every action and every goal must appear on exactly one card")
    if sorted(t.poi for t in types if t.poi) != sorted(POIS):
        raise CardFileError(f"{path.name}: each point of interest must name exactly one card")
    return sorted(types, key=lambda t: t.number)


@cache
def _types() -> dict[int, CardType]:
    return {t.number: t for path in (CARDS_FILE, ROUND_TRIP_FILE) for t in load_card_types(path)}


def card(card_id: str) -> CardType:
    """The card type behind an id such as 'card:R07'."""
    return _types()[int(card_id[-2:])]


def card_id(dot: str, number: int) -> str:
    return f"card:{DOTS[dot]}{number:02d}"


def deck_for(dot: str, deck: str = "base") -> list[str]:
    return [card_id(dot, n) for n in DECKS[deck]]


def full_deck(deck: str = "base") -> list[str]:
    return [cid for dot in DOTS for cid in deck_for(dot, deck)]


def dot_of(card_id: str) -> str:
    """The player-dot colour of a card id."""
    letter = card_id.removeprefix("card:")[0]
    return next(colour for colour, d in DOTS.items() if d == letter)
