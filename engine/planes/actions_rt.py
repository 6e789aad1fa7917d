"""The Round Trip action cards (numbers 16-30): what each does at once and the follow-up choices it asks for.

Follow-ups (state.follow), with their option ids:
  discard      'card:..'            (Swap Out, Sort the Pile, Read Everything: throw away 2, one at a time)
  nsource      'space:S' | 'none'   a space to take neutral cubes from (the carry-to-a-point-of-interest cards), or
                                    none at all (they carry "up to" their number)
  ntake        'take:grey' | 'done' the next neutral cube to take (up to the card's number), or enough
  ntarget      'space:T'            the point of interest they go to
  adj_source   'space:S'            Nudge the Crowd: the space whose neutral cubes step on
  adj_target   'space:T'            ... and the space they step to
  draft        'card:..'            Pass It On: the card this seat keeps (decided by `state.draft_seat`)
  lost_found   'poi:fast_food'      Lost and Found: which card to pick up when the space has two kinds
"""

from __future__ import annotations

from engine.core.contract import Event, Option, event, option
from engine.core.text import shorten
from engine.planes.action_card import ActionCard, Drawer, ask, sets
from engine.planes.board import POI_NAMES
from engine.planes.cards import card, dot_of
from engine.planes.state import PlanesState, add_cube, remove_cube
from engine.planes.terrain import spaces_with_poi, terrain

CARRY = {"neutral_to_fast_food": ("fast_food", 1), "neutral_to_restroom": ("restroom", 1),
         "neutrals2_gift_shop": ("gift_shop", 2), "neutrals2_help_desk": ("help_desk", 2),
         "neutrals3_fine_dining": ("fine_dining", 3)}
DRAW_DROP = {"draw2_drop2": 2, "draw3_drop2": 3, "draw4_drop2": 4}
FOLLOWS = ("nsource", "ntake", "ntarget", "adj_source", "adj_target", "draft", "lost_found")
PROMPTS = {
    "nsource": "Choose the space to take neutral cubes from",
    "ntake": "Choose a neutral cube to take, or stop taking",
    "adj_source": "Choose the space whose neutral cubes step on",
    "adj_target": "Choose the space they step to",
    "lost_found": "Choose which lost-and-found card to pick up",
}


def prompt(state: PlanesState) -> str:
    """The prompt of the open Round Trip follow-up. Only public facts shape it (who picks, how many cards travel,
    how many cubes are carried), never which cards."""
    if state.follow == "ntarget":
        return f"Choose where {_the_cubes(len(state.picks) - 1)} go{'es' if len(state.picks) == 2 else ''}"
    if state.follow == "draft":
        count = len(state.draft)
        if state.draft_seat == state.turn:  # the player of Pass It On, choosing from the cards they drew
            if count == 1:
                return "Keep the card you drew: no other card is left to pass on"
            return f"Keep one of the {count} cards you drew; the rest go on to your left"
        if count == 1:
            return "Keep the last card passed round to you"
        return f"Keep one of the {count} cards passed to you; the rest go on to your left"
    return PROMPTS[state.follow or ""]


def _cubes(n: int) -> str:
    return f"{n} cube{'s' if n != 1 else ''}"


def _the_cubes(n: int) -> str:
    return "the neutral cube" if n == 1 else f"the {n} neutral cubes"


def neutrals_at(state: PlanesState, space: str) -> dict[str, int]:
    return {c: n for c, n in state.cubes.get(space, {}).items() if state.is_neutral(c)}


def _sources(state: PlanesState) -> list[str]:
    return sorted(s for s in state.cubes if neutrals_at(state, s))


def _carry_targets(state: PlanesState, poi: str, source: str | None) -> list[str]:
    return [s for s in spaces_with_poi(state, poi) if s != source]


def _steps_from(state: PlanesState, space: str) -> list[str]:
    board = terrain(state)
    return [n for n in board.space(space).next if not board.space(n).is_gate]


def _adjacent_check(state: PlanesState, seat: int) -> str | None:
    if not any(_steps_from(state, s) for s in _sources(state)):
        return "No neutral cube in the airport has a space to step to."
    return None


def _draws_and_drops(n: int) -> ActionCard:
    """Draw n cards, then throw two away (fewer if the hand holds fewer)."""

    def play(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
        events = draw(seat, n)
        state.discards_due = min(2, len(state.hands[seat]))
        if state.discards_due:
            ask(state, "discard")
        return events

    return ActionCard(play)


def _carry(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
    # A carry card moves "up to" its number of cubes: it may always be played, carrying none if need be.
    ask(state, "nsource")
    return []


def _adjacent(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
    ask(state, "adj_source")
    return []


def _draft(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
    before = len(state.hands[seat])
    events = draw(seat, state.players)
    # The drawn cards go round the table instead of into the hand.
    state.draft = state.hands[seat][before:]
    del state.hands[seat][before:]
    events = [e for e in events if e.private_to is None]
    if state.draft:
        state.draft_seat = seat
        ask(state, "draft")
    return events


def _vp_token(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
    state.tokens[seat] += 1
    return [event(text=f"Seat {seat + 1} takes 1 VP token.")]


RT_ACTIONS: dict[str, ActionCard] = {
    **{kind: _draws_and_drops(n) for kind, n in DRAW_DROP.items()},
    **{kind: ActionCard(_carry) for kind in CARRY},
    "neutrals_adjacent": ActionCard(_adjacent, _adjacent_check),
    "draft": ActionCard(_draft),
    "only_neutral": sets("only_neutral", True),
    "drop2_one": sets("double_drops", 1),
    "drop2_two": sets("double_drops", 2),
    "skip2": sets("skips_left", 2),
    "vp_token": ActionCard(_vp_token),
}
"""The Round Trip action card kinds (see action_card.ActionCard)."""


def options(state: PlanesState, seat: int, kind: str) -> list[Option]:
    follow = state.follow
    if follow == "nsource":
        poi = CARRY[kind][0]
        return [*(option(id=f"space:{s}", label=f"Take neutral cubes from {s}") for s in _sources(state)
                  if _carry_targets(state, poi, s)),
                option(id="none", label="Carry no cube", detail="the card allows up to its number, so none too")]
    if follow == "ntake":
        source, taken = state.picks[0], state.picks[1:]
        left = dict(neutrals_at(state, source))
        for colour in taken:
            left[colour] -= 1
        out = []
        if len(taken) < CARRY[kind][1]:
            out = [option(id=f"take:{c}", label=f"Take a {c} cube") for c in sorted(left) if left[c] > 0]
        # "Up to" the card's number: stopping before the first cube carries none.
        out.append(option(id="done", label=f"That is all: carry {_cubes(len(taken)) if taken else 'no cube'}",
                          detail=f"take no more from {source}"))
        return out
    if follow == "ntarget":
        carried = _cubes(len(state.picks) - 1)
        return [option(id=f"space:{s}", label=f"Carry {carried} to {s}")
                for s in _carry_targets(state, CARRY[kind][0], state.picks[0])]
    if follow == "adj_source":
        return [option(id=f"space:{s}", label=f"Move the neutral cubes at {s}") for s in _sources(state)
                if _steps_from(state, s)]
    if follow == "adj_target":
        return [option(id=f"space:{s}", label=f"Step them to {s}") for s in _steps_from(state, state.picks[0])]
    if follow == "draft":
        # Both halves: a card passed round is in no hand yet, so its texts are shown nowhere else (the label names
        # both, the detail gives both in short).
        return [option(id=c, label=f"Keep {card(c).title} ({card(c).vp} VP goal)",
                       detail=f"Action: {shorten(card(c).action, 44)} Goal: {shorten(card(c).goal, 42)}")
                for c in state.draft]
    if follow == "lost_found":
        return [option(id=f"poi:{p}", label=f"Pick up the {POI_NAMES[p]} card") for p in lost_found_pois(state, seat)]
    return []


def apply(state: PlanesState, seat: int, kind: str, choice: str) -> tuple[list[Event], bool]:
    """Apply a follow-up choice already checked against `options`. Returns (events, finished)."""
    follow = state.follow
    who = f"Seat {seat + 1}"
    value = choice.split(":", 1)[-1]
    if follow == "nsource":
        if choice == "none":
            return [event(text=f"{who} carries no cube.")], True
        state.picks = [value]
        state.follow = "ntake"
        return [], False
    if follow == "ntake":
        if choice == "done" and len(state.picks) == 1:
            return [event(text=f"{who} carries no cube.")], True
        if choice != "done":
            state.picks.append(value)
            if len(state.picks) - 1 < CARRY[kind][1]:
                return [], False
        state.follow = "ntarget"
        return [], False
    if follow == "ntarget":
        source, taken = state.picks[0], state.picks[1:]
        for colour in taken:
            remove_cube(state, source, colour)
            add_cube(state, value, colour)
        return [event(text=f"{who} carries {_list(taken)} from {source} to {value}.")], True
    if follow == "adj_source":
        state.picks = [value]
        state.follow = "adj_target"
        return [], False
    if follow == "adj_target":
        source = state.picks[0]
        moved = neutrals_at(state, source)
        for colour, n in moved.items():
            remove_cube(state, source, colour, n)
            add_cube(state, value, colour, n)
        flat = [c for c, n in sorted(moved.items()) for _ in range(n)]
        return [event(text=f"{who} steps {_list(flat)} from {source} to {value}.")], True
    if follow == "draft":
        return _draft_pick(state, seat, choice), state.draft_seat is None
    if follow == "lost_found":
        return take_lost_found(state, seat, value), True
    return [], True


def _draft_pick(state: PlanesState, seat: int, choice: str) -> list[Event]:
    state.draft.remove(choice)
    state.hands[seat].append(choice)
    whose = "they drew" if seat == state.turn else "passed round"
    events = [event(text=f"Seat {seat + 1} keeps one of the cards {whose}."),
              event(text=f"You keep {card(choice).title}.", private_to=seat)]
    if state.draft:
        state.draft_seat = (seat + 1) % state.players
        goes = "1 card goes" if len(state.draft) == 1 else f"{len(state.draft)} cards go"
        events.append(event(text=f"{goes} on to Seat {state.draft_seat + 1}."))
    else:
        state.draft_seat = None
    return events


def lost_found_pois(state: PlanesState, seat: int, space: str | None = None) -> list[str]:
    """Points of interest at the space where the seat's move ended whose set-aside card of its colour is waiting."""
    where = space or (state.last_path[-1] if state.last_path else "")
    colour = state.colour_of(seat)
    waiting = {card(c).poi for c in state.set_aside if dot_of(c) == colour}
    return [p for p in state.pois.get(where, []) if p in waiting]


def take_lost_found(state: PlanesState, seat: int, poi: str) -> list[Event]:
    colour = state.colour_of(seat)
    found = next(c for c in state.set_aside if card(c).poi == poi and dot_of(c) == colour)
    state.set_aside.remove(found)
    state.hands[seat].append(found)
    return [event(text=f"Seat {seat + 1} picks up their {POI_NAMES[poi]} card ({card(found).title}) from the lost "
                       "and found.")]


def explain(state: PlanesState, seat: int, kind: str, choice: str) -> str:
    """A sentence for a Round Trip follow-up answer that is not on offer."""
    follow = state.follow
    if follow == "draft":
        return "Keep one of the cards passed to you (they are listed under your choices)."
    if follow == "ntake":
        return f"You may take up to {_cubes(CARRY[kind][1])}, neutral ones, only from {state.picks[0]}."
    if follow == "nsource":
        return (f"Choose a space holding neutral cubes that can go to a {POI_NAMES[CARRY[kind][0]]} space, or "
                "carry no cube.")
    if follow == "adj_source":
        return "Choose a space holding neutral cubes that have somewhere to go."
    if follow == "ntarget":
        return f"Carry them to a {POI_NAMES[CARRY[kind][0]]} space other than the one they are on."
    if follow == "adj_target":
        return f"The cubes step one space along an arrow from {state.picks[0]}, never into a gate."
    if follow == "lost_found":
        return "Pick up one of the cards waiting for this space."
    return "That is not one of the choices now."


def _list(colours: list[str]) -> str:
    counts = {c: colours.count(c) for c in sorted(set(colours))}
    return ", ".join(f"{n} {c} cube{'s' if n > 1 else ''}" for c, n in counts.items())
