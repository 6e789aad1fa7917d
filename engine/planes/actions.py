"""Action cards: whether one may be played now, what it does at once, and the follow-up choices it asks for."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.contract import Event, Option, event, option
from engine.planes import actions_rt
from engine.planes.action_card import ActionCard, Drawer, ask, sets
from engine.planes.board import POI_NAMES
from engine.planes.cards import card
from engine.planes.goals import goal_met
from engine.planes.state import PlanesState, add_cube, remove_cube
from engine.planes.terrain import spaces_with_poi

COLLECT_POI = {"collect_fast_food": "fast_food", "collect_restroom": "restroom", "gift_shop_one": "gift_shop",
               "help_desk_one": "help_desk", "fine_dining_two": "fine_dining"}


def own_spaces(state: PlanesState, seat: int) -> list[str]:
    own = state.colour_of(seat)
    return sorted(s for s, counts in state.cubes.items() if counts.get(own, 0))


def own_count(state: PlanesState, seat: int) -> int:
    own = state.colour_of(seat)
    return sum(counts.get(own, 0) for counts in state.cubes.values())


def scorable_goals(state: PlanesState, seat: int) -> list[str]:
    return [c for c in state.hands[seat] if goal_met(state, seat, card(c).kind)]


def _collect_check(kind: str, need: int) -> Callable[[PlanesState, int], str | None]:
    """A card that sends the seat's cubes to a point of interest: the airport needs one, and the seat `need` cubes."""
    poi = COLLECT_POI[kind]

    def why_not(state: PlanesState, seat: int) -> str | None:
        if not spaces_with_poi(state, poi):
            return f"This airport has no {POI_NAMES[poi]} space to send cubes to."
        if own_count(state, seat) < need:
            return f"You need {need} cube{'s' if need > 1 else ''} of your colour in the airport for this action."
        return None

    return why_not


def _gather_check(state: PlanesState, seat: int) -> str | None:
    return "You have no cube left in the airport to gather." if own_count(state, seat) == 0 else None


def _draws(n: int) -> ActionCard:
    """Draw n cards; after two or three, throw one away."""

    def play(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
        events = draw(seat, n)
        if n > 1 and state.hands[seat]:
            state.discards_due = 1
            ask(state, "discard")
        return events

    return ActionCard(play)


def _asks(follow: str, why_not: Callable[[PlanesState, int], str | None] | None = None) -> ActionCard:
    """A card whose effect is a follow-up choice (where the cubes go, which use of the card)."""

    def play(state: PlanesState, seat: int, draw: Drawer) -> list[Event]:
        ask(state, follow)
        return []

    return ActionCard(play, why_not)


BASE_ACTIONS: dict[str, ActionCard] = {
    "draw1": _draws(1),
    "draw2": _draws(2),
    "draw3": _draws(3),
    "collect_fast_food": _asks("target", _collect_check("collect_fast_food", 1)),
    "collect_restroom": _asks("target", _collect_check("collect_restroom", 1)),
    "gather": _asks("target", _gather_check),
    "gift_shop_one": _asks("source", _collect_check("gift_shop_one", 1)),
    "help_desk_one": _asks("source", _collect_check("help_desk_one", 1)),
    "fine_dining_two": _asks("source", _collect_check("fine_dining_two", 2)),
    "choose_one": _asks("option"),
    "skip": sets("skip_pending", True),
    "ignore_neutral": sets("ignore_neutral", True),
    "backwards": sets("backwards", True),
    "only_own": sets("only_own", True),
    "move_twice": sets("moves_left", 2),
}
ACTIONS: dict[str, ActionCard] = {**BASE_ACTIONS, **actions_rt.RT_ACTIONS}
"""Every action card kind of both decks."""


def why_not_playable(state: PlanesState, seat: int, card_id: str) -> str | None:
    """None if the card may be played as an action now, else the reason in a sentence."""
    check = ACTIONS[card(card_id).action_kind].why_not
    return None if check is None else check(state, seat)


def play(state: PlanesState, seat: int, card_id: str, draw: Drawer) -> list[Event]:
    """Put the card in play and do what happens at once. `draw(seat, n)` draws cards and returns events."""
    kind = card(card_id).action_kind
    state.hands[seat].remove(card_id)
    state.action_card = card_id
    events = [event(text=f"Seat {seat + 1} plays {card(card_id).title.split(' / ')[0]} as an action.")]
    state.phase = "move"
    events += ACTIONS[kind].play(state, seat, draw)
    return events


def follow_prompt(state: PlanesState) -> str:
    if state.follow in actions_rt.FOLLOWS:
        return actions_rt.prompt(state)
    if state.follow == "discard" and state.discards_due > 1:
        return f"Throw away {state.discards_due} cards from your hand, one at a time"
    return {
        "discard": "Throw away 1 card from your hand",
        "target": "Choose the space your cubes go to",
        "source": "Choose a space to take one of your cubes from",
        "option": "Choose how to use the card",
        "extra_goal": "Choose the goal to score now",
    }[state.follow or ""]


def follow_options(state: PlanesState, seat: int) -> list[Option]:
    kind = card(state.action_card).action_kind if state.action_card else ""
    if state.follow in actions_rt.FOLLOWS:
        return actions_rt.options(state, seat, kind)
    if state.follow == "discard":
        return [option(id=c, label=f"Throw away {card(c).title}", detail=card(c).goal[:100])
                for c in state.hands[seat]]
    if state.follow == "option":
        out = [option(id="option:ignore", label="Ignore cones during this move")]
        # Offered whenever the hand holds a card, scorable or not: offering it only with a goal on the board would
        # tell the table so. The next step lets the player come back.
        if state.hands[seat]:
            out.append(option(id="option:goal", label="Score an extra goal now"))
        return out
    if state.follow == "extra_goal":
        back = option(id="back", label="Back to the card's two uses")
        return [back, *(option(id=c, label=f"Score {card(c).title}", detail=f"{card(c).vp} VP")
                        for c in scorable_goals(state, seat))]
    if state.follow == "source":
        taken = state.picks.count
        own = state.colour_of(seat)
        spaces = [s for s in own_spaces(state, seat) if state.cubes[s][own] > taken(s)]
        return [option(id=f"space:{s}", label=f"Take a cube from {s}") for s in spaces]
    if state.follow == "target":
        spaces = own_spaces(state, seat) if kind == "gather" else spaces_with_poi(state, COLLECT_POI[kind])
        return [option(id=f"space:{s}", label=f"Send them to {s}") for s in spaces]
    return []


def explain_follow(state: PlanesState, seat: int, choice: str) -> str:
    """A sentence for a follow-up answer that is not on offer, naming the real reason."""
    kind = card(state.action_card).action_kind if state.action_card else ""
    own = state.colour_of(seat)
    space = choice.removeprefix("space:")
    if state.follow in actions_rt.FOLLOWS:
        return actions_rt.explain(state, seat, kind, choice)
    if state.follow in ("discard", "extra_goal"):
        if choice not in state.hands[seat]:
            return "That card is not in your hand."
        return f"The goal of {card(choice).title.split(' / ')[-1]} is not on the board right now."
    if state.follow == "option":
        if choice == "option:goal":
            return "Your hand is empty, so there is no extra goal to score."
        return "Choose to ignore cones this move, or to score an extra goal now."
    if not choice.startswith("space:"):
        return f"Answer with a space: {follow_prompt(state).lower()}."
    if state.follow == "source":
        if state.cubes.get(space, {}).get(own, 0) == 0:
            return f"You have no {own} cube at {space} to take."
        return f"You have no other {own} cube at {space}: the one there is already taken."
    if kind == "gather":
        return f"You have no {own} cube at {space} to gather onto."
    return f"{space} is not a {POI_NAMES[COLLECT_POI[kind]]} space."


def follow_apply(state: PlanesState, seat: int, choice: str, draw: Drawer | None = None) -> list[Event]:
    """Apply a follow-up choice already checked against follow_options."""
    kind = card(state.action_card).action_kind if state.action_card else ""
    who = f"Seat {seat + 1}"
    own = state.colour_of(seat)
    events: list[Event] = []
    if state.follow in actions_rt.FOLLOWS:
        done_events, finished = actions_rt.apply(state, seat, kind, choice)
        if not finished:
            return done_events
        events += done_events
    elif state.follow == "discard":
        state.hands[seat].remove(choice)
        state.discards[state.pile(seat)].append(choice)
        events.append(event(text=f"{who} throws away {card(choice).title}."))
        state.discards_due -= 1
        if state.discards_due > 0 and state.hands[seat]:
            return events
    elif state.follow == "option":
        if choice == "option:ignore":
            state.ignore_blockages = True
            events.append(event(text=f"{who} will ignore cones during this move."))
        else:
            ask(state, "extra_goal")
            return events
    elif state.follow == "extra_goal" and choice == "back":
        ask(state, "option")
        return events
    elif state.follow == "extra_goal":
        state.hands[seat].remove(choice)
        state.goals[seat].append(choice)
        events.append(event(text=f"{who} scores {card(choice).title} ({card(choice).vp} VP) at once."))
    elif state.follow == "source":
        state.picks.append(choice.split(":", 1)[1])
        if kind == "fine_dining_two" and len(state.picks) < 2:
            return events
        state.follow = "target"
        return events
    elif state.follow == "target":
        target = choice.split(":", 1)[1]
        sent = 0
        if kind in ("collect_fast_food", "collect_restroom", "gather"):
            for space in own_spaces(state, seat):
                if space != target:
                    n = state.cubes[space][own]
                    remove_cube(state, space, own, n)
                    add_cube(state, target, own, n)
                    sent += n
        else:
            for space in state.picks:
                if space != target:
                    remove_cube(state, space, own)
                    add_cube(state, target, own)
                    sent += 1
        if sent:
            events.append(event(text=f"{who} sends {sent} {own} cube{'s' if sent > 1 else ''} to {target}."))
        else:
            events.append(event(text=f"{who} picks {target}, where those {own} cubes already are."))
    state.phase = "move"
    state.follow = None
    state.picks = []
    return events
