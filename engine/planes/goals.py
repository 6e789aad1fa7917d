"""Goal conditions: each looks at the cubes still in the airport (boarded cubes and planes never count)."""

from __future__ import annotations

from collections.abc import Callable

from engine.planes.state import PlanesState
from engine.planes.terrain import terrain

Counts = dict[str, int]


def _spaces(state: PlanesState) -> list[tuple[str, Counts]]:
    """Every non-gate space with its cube counts (empty spaces included)."""
    cubes = state.cubes
    return [(s, cubes.get(s, {})) for s in terrain(state).plain_ids]


def _occupied(state: PlanesState) -> list[tuple[str, Counts]]:
    """The non-gate spaces that hold cubes, with their counts: enough for any goal that an empty space cannot meet,
    and far fewer than every space (goals are asked for each card in hand, every turn)."""
    plain = terrain(state).plain_set
    return [(s, counts) for s, counts in state.cubes.items() if s in plain]


def _poi_goal(poi: str, at_least: int | None = 1, exactly: int | None = None) -> Callable[[PlanesState, int], bool]:
    # Only "exactly none" could be met by an empty space; every other such goal needs a cube there.
    spaces = _spaces if exactly == 0 else _occupied

    def met(state: PlanesState, seat: int) -> bool:
        own = state.colour_of(seat)
        for space, counts in spaces(state):
            if poi not in state.pois.get(space, []):
                continue
            n = counts.get(own, 0)
            if (exactly is not None and n == exactly) or (exactly is None and at_least and n >= at_least):
                return True
        return False

    return met


def _any_space(test: Callable[[PlanesState, str, Counts], bool]) -> Callable[[PlanesState, int], bool]:
    """A goal met by some space's cubes. Every such test asks for a number of cubes, so no empty space meets it."""

    def met(state: PlanesState, seat: int) -> bool:
        own = state.colour_of(seat)
        for _, counts in _occupied(state):  # noqa: SIM110 (a plain loop: any() on a generator costs more)
            if test(state, own, counts):
                return True
        return False

    return met


def _empty_plain(state: PlanesState, seat: int) -> bool:
    return any(not counts and not state.pois.get(space) for space, counts in _spaces(state))


def _single_own(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 1 and c.get(own, 0) == 1


def _single_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 1 and state.is_neutral(next(iter(c)))


def _shape(total: int, colours: int, with_own: bool = False) -> Callable[[PlanesState, str, Counts], bool]:
    def test(state: PlanesState, own: str, c: Counts) -> bool:
        return sum(c.values()) == total and len(c) == colours and (not with_own or own in c)

    return test


def _pair_other(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 2 and len(c) == 2 and c.get(own, 0) == 1


def _four_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 4 and all(state.is_neutral(colour) for colour in c)


def _trio(state: PlanesState, own: str, c: Counts) -> bool:
    if sum(c.values()) != 3 or len(c) != 3 or c.get(own, 0) != 1:
        return False
    return any(state.is_neutral(colour) for colour in c if colour != own)


def _poi_neutrals(poi: str, at_least: int) -> Callable[[PlanesState, int], bool]:
    """Round Trip: a space of this point of interest with at least `at_least` neutral cubes (others may be there)."""
    def met(state: PlanesState, seat: int) -> bool:
        return any(poi in state.pois.get(space, []) and _neutrals(state, counts) >= at_least
                   for space, counts in _occupied(state))  # at_least > 0: an empty space never counts

    return met


def _neutrals(state: PlanesState, c: Counts) -> int:
    return sum(n for colour, n in c.items() if state.is_neutral(colour))


def _three_with_own(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 3 and len(c) == 3 and c.get(own, 0) == 1


def _pair_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 2 and len(c) == 2 and any(state.is_neutral(colour) for colour in c)


def _four_four_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return sum(c.values()) == 4 and len(c) == 4 and any(state.is_neutral(colour) for colour in c)


def _five_three_own_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return (sum(c.values()) == 5 and len(c) == 3 and own in c
            and any(state.is_neutral(colour) for colour in c if colour != own))


def _four_own_neutral(state: PlanesState, own: str, c: Counts) -> bool:
    return (sum(c.values()) == 4 and c.get(own, 0) >= 1
            and all(state.is_neutral(colour) for colour in c if colour != own))


GOALS: dict[str, Callable[[PlanesState, int], bool]] = {
    "empty_plain": _empty_plain,
    "fast_food": _poi_goal("fast_food"),
    "restroom": _poi_goal("restroom"),
    "single_own": _any_space(_single_own),
    "single_neutral": _any_space(_single_neutral),
    "three_three": _any_space(_shape(3, 3)),
    "four_two": _any_space(_shape(4, 2)),
    "gift_shop": _poi_goal("gift_shop"),
    "help_desk": _poi_goal("help_desk"),
    "pair_other": _any_space(_pair_other),
    "five_three": _any_space(_shape(5, 3, with_own=True)),
    "fine_dining": _poi_goal("fine_dining", exactly=2),
    "four_neutral": _any_space(_four_neutral),
    "four_four": _any_space(_shape(4, 4)),
    "trio": _any_space(_trio),
    # Round Trip
    "fast_food_neutral2": _poi_neutrals("fast_food", 2),
    "restroom_neutral2": _poi_neutrals("restroom", 2),
    "three_with_own": _any_space(_three_with_own),
    "pair_neutral": _any_space(_pair_neutral),
    "four_two_own": _any_space(_shape(4, 2, with_own=True)),
    "gift_shop_neutral3": _poi_neutrals("gift_shop", 3),
    "help_desk_neutral3": _poi_neutrals("help_desk", 3),
    "four_four_neutral": _any_space(_four_four_neutral),
    "five_three_own_neutral": _any_space(_five_three_own_neutral),
    "six_three": _any_space(_shape(6, 3)),
    "fine_dining_neutral4": _poi_neutrals("fine_dining", 4),
    "four_own_neutral": _any_space(_four_own_neutral),
}


def goal_met(state: PlanesState, seat: int, goal_kind: str) -> bool:
    """Is this goal's condition somewhere on the board now, for `seat`?"""
    return GOALS[goal_kind](state, seat)
