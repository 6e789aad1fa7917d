"""End-of-game scoring. Base game: goal VP + 5 VP per own cube boarded; ties by cubes boarded, then goals scored.
Round Trip: VP tokens + goal VP + the yellow stars under the seat's cubes on any plane; ties by passengers on
planes, then goals scored, then VP tokens."""

from __future__ import annotations

from engine.core.contract import Result, SeatResult
from engine.planes.cards import card
from engine.planes.sides import side
from engine.planes.state import PlanesState


def goal_points(state: PlanesState, seat: int) -> int:
    return sum(card(c).vp for c in state.goals[seat])


def boarded_own(state: PlanesState, seat: int) -> int:
    colour = state.colour_of(seat)
    return sum(p.slots.count(colour) for p in state.planes if p.owner == seat)


def score(state: PlanesState, seat: int) -> int:
    if state.round_trip:
        return tokens(state, seat) + goal_points(state, seat) + star_points(state, seat)
    return goal_points(state, seat) + 5 * boarded_own(state, seat)


def tokens(state: PlanesState, seat: int) -> int:
    return state.tokens[seat] if state.tokens else 0


def passengers(state: PlanesState, seat: int) -> int:
    """The seat's cubes on any plane (Round Trip's first tie-break)."""
    colour = state.colour_of(seat)
    return sum(p.slots.count(colour) for p in state.planes)


def star_points(state: PlanesState, seat: int) -> int:
    """Yellow stars under the seat's cubes, on any plane."""
    colour = state.colour_of(seat)
    total = 0
    for plane in state.planes:
        rewards = side(plane.side).slots
        total += sum(rewards[slot].stars for c, slot in zip(plane.slots, plane.slot_numbers(), strict=True)
                     if c == colour)
    return total


def _round_trip_result(state: PlanesState) -> Result:
    keys = {s: (score(state, s), passengers(state, s), len(state.goals[s]), tokens(state, s))
            for s in range(state.players)}
    best = max(keys.values())
    winners = [s for s, k in keys.items() if k == best]
    standings = [
        SeatResult(seat=s, score=keys[s][0],
                   detail=f"{tokens(state, s)} VP from tokens + {goal_points(state, s)} VP from "
                          f"{_plural(keys[s][2], 'goal')} + {star_points(state, s)} VP from "
                          f"{_plural(keys[s][1], 'cube')} on planes")
        for s in sorted(keys, key=lambda s: keys[s], reverse=True)
    ]
    verb = "share the win" if len(winners) > 1 else "wins"
    shared = " (level on VP, passengers, goals and tokens)" if len(winners) > 1 else ""
    level = [s for s, k in keys.items() if k[0] == best[0] and s not in winners]
    note = ""
    if level:
        which = next(i for i in (1, 2, 3) if any(keys[s][i] != best[i] for s in level))
        breaker = ("passengers on planes", "goals scored", "VP tokens")[which - 1]
        note = f"; level on VP with {_names(level)}, more {breaker} breaks the tie"
    return Result(standings=standings, winners=winners, play_again=len(winners) > 1, ending=ending(state),
                  summary=f"{_names(winners)} {verb} with {best[0]} VP{shared}{note}.{_again(winners)}")


def ending(state: PlanesState) -> str:
    """Why the game ended, in the words the channel read when it was set off."""
    played_out = "and the round was played out, so everyone had the same number of turns."
    return {
        "track": f"The boarding track reached {state.track_end} cubes, {played_out}",
        "full colour": f"Every plane of one colour was full, {played_out}",
        "all aboard": f"A player had all five of their cubes aboard, {played_out}",
        "round limit": f"{state.round_limit} rounds were played, the cap this table chose.",
        "frozen": "Nobody could move or draw a card any more.",
    }.get(state.end_reason or "", "")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def result(state: PlanesState) -> Result:
    if state.round_trip:
        return _round_trip_result(state)
    keys = {s: (score(state, s), boarded_own(state, s), len(state.goals[s])) for s in range(state.players)}
    best = max(keys.values())
    winners = [s for s, k in keys.items() if k == best]
    # Both parts in VP, so a reader can add them up to the total without knowing a boarded cube is worth 5.
    standings = [
        SeatResult(seat=s, score=keys[s][0],
                   detail=f"{goal_points(state, s)} VP from {_plural(keys[s][2], 'goal')} + "
                          f"{5 * keys[s][1]} VP from {_plural(keys[s][1], 'cube')} boarded")
        for s in sorted(keys, key=lambda s: keys[s], reverse=True)
    ]
    verb = "share the win" if len(winners) > 1 else "wins"
    shared = " (level on VP, cubes boarded and goals scored)" if len(winners) > 1 else ""
    return Result(standings=standings, winners=winners, play_again=len(winners) > 1, ending=ending(state),
                  summary=f"{_names(winners)} {verb} with {best[0]} VP{shared}{_tie_note(keys, winners)}."
                          f"{_again(winners)}")


def _again(winners: list[int]) -> str:
    """Both books settle a tie that every tie-break leaves standing with another game; the shared win stays as the
    record of this one."""
    return " The rules break a tie like this with another game: play again to find one winner." \
        if len(winners) > 1 else ""


def _names(seats: list[int]) -> str:
    names = [f"Seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _tie_note(keys: dict[int, tuple[int, int, int]], winners: list[int]) -> str:
    """Why a tie on VP ended as it did: otherwise a player level on VP sees someone else named the winner."""
    best = keys[winners[0]]
    level = [s for s, k in keys.items() if k[0] == best[0] and s not in winners]
    if not level:
        return ""
    on_cubes = [s for s in level if keys[s][1] == best[1]]
    if on_cubes:
        return f"; level on VP and cubes boarded with {_names(on_cubes)}, more goals scored ({best[2]}) breaks the tie"
    return f"; level on VP with {_names(level)}, more cubes boarded ({best[1]}) breaks the tie"
