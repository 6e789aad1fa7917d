"""How /lfg join reads a table size: a number or a range the game can seat, refused in a sentence otherwise."""

from __future__ import annotations

import pytest

from bot.session.queue import seat_range
from bot.session.types import Refusal
from engine import registry

PLANES = registry.get("planes")


@pytest.mark.parametrize(("typed", "read"), [("3-4", (3, 4)), (" 2 – 3 ", (2, 3)), ("4", (4, 4)), ("4-3", (3, 4)),
                                             ("", (PLANES.info.min_players, PLANES.info.max_players))])
def test_sizes_and_ranges(typed: str, read: tuple[int, int]) -> None:
    assert seat_range(typed, PLANES) == read


@pytest.mark.parametrize(("typed", "said"), [("5-6", "seats 2 to 4"), ("three", "such as 3-4"), ("1", "seats 2 to 4")])
def test_what_the_game_cannot_seat_is_refused(typed: str, said: str) -> None:
    with pytest.raises(Refusal) as refused:
        seat_range(typed, PLANES)
    assert said in refused.value.sentence
