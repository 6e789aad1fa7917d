"""The turn as a series of steps for the active seat, and what a choice does in each (engine.planecrafters.choices
lists what each step offers).

Steps (state.step) and their option ids:
  jack       jack:<kind>                       (own the Jack: pick the Tier 1 kind it copies this turn)
  hire       hire:<kind> | collect:accountant | collect:tax | acquire
  acquire    take:0..3 (a face-up card) | take:stack   (the two draws every turn has)
  abilities  logistician | agent:trade:<seat> | agent:swap | spy:<seat> | thief:<seat> | flyer
  draw       take:0..3 | take:stack             (a Logistician's extra draw, chosen among the abilities)
  swap_give  give:<card id> | stop              swap_slot  slot:0..3
  spy_take   steal:<n> (n-th card of the victim's hand)   thief_take  steal:<plane>:<slot>
  thief_plane  aim:<plane>                      (a stolen Spare Part with several planes to go to: the plane first)
  thief_place  put:<plane>:<slot>               (where the stolen part goes, when it could go to several places)
  flyer      moves | buyer (cleanup when nothing can be sold), then
             play:<card id>:<plane>:<slot>    (one plane: a hand card and where it goes, in one click)
             build:<plane>                    (a Factory Manager's several planes: the plane first, public)
  build      back | play:<card id>:<plane>:<slot>   (the hand cards that fit the plane chosen)
  pick_move  move:<plane>:<slot> | back
  place_plane  onto:<plane> | back            (moving a Spare Part with several planes to go to: the plane first)
  place      to:<plane>:<slot> | back         (where a built part being moved goes)
  buyer      sell:<plane> | cleanup
  discard    discard:<card id>
Card ids in options come from the deciding seat's own hand; the Spy's choice uses positions, so no other
player's card id ever appears in a decision.

Secrecy: the channel sees a step, its prompt and its public buttons, never the hand. So a hand card is played in the
one click that builds it (a click that only picked it up would show the table a next step that depends on the card,
and a take-back would then tell what kind it was), the public buttons come first (each button's index is public),
and the Flyer and build steps offer "Show my choices" whenever the hand holds a card, playable or not.
"""

from __future__ import annotations

from engine.core.contract import Event
from engine.planecrafters import objectives
from engine.planecrafters.choices import ability_ids
from engine.planecrafters.data import SLOT_NAMES, catalog, employee_kind, employee_name, part, part_label
from engine.planecrafters.mechanics import (
    count,
    event,
    hand_limit,
    hire_cost,
    owned,
    sell,
    who,
)
from engine.planecrafters.places import held, targets
from engine.planecrafters.state import PCState, Plane

ROUND_LIMIT = 40
"""The house rule behind the lobby option "round_limit" (off by default): the game also ends after this many full
rounds. The book ends a game only when the stack runs out, which players who all keep discarding what they draw can
put off for ever (docs/planecrafters-rulings.md)."""
HIRE_OR_COLLECT = "Hire an employee, collect your employees' crowns, or go on to Acquire."
"""The hire step's prompt when the buttons offer an Accountant's or a Tax Collector's crowns ("Collect the ...'s
crowns"): in the buttons' own words, where "collect income" named a button there was not."""
PROMPTS = {
    "jack": "Which Tier 1 ability does your Jack of all Trades copy this turn?",
    "hire": "Hire an employee, or go on to Acquire.",
    "acquire": "Take a card from the Parts Depot.",
    "abilities": "Use an Acquire ability, or go on to the Flyer step.",
    "draw": "Logistician: take one more card from the Parts Depot.",
    "swap_give": "Agent: pick a hand card to swap with the Depot, or stop.",
    "swap_slot": "Agent: which face-up card do you take for it?",
    "spy_take": "Spy: take one card from that hand.",
    "thief_take": "Thief: which part do you steal?",
    "thief_plane": "Thief: onto which of your planes does the stolen part go?",
    "thief_place": "Thief: where in your factory does the stolen part go?",
    "flyer": "Play a part, move a placed part, or go on to the Buyer step.",
    "build": "Which part do you build onto that plane?",
    "pick_move": "Which built part do you move?",
    "place_plane": "Onto which plane does that part go?",
    "place": "Where does that part go?",
    "buyer": "Sell a plane, or clean up and end your turn.",
    "discard": "Over your hand limit: discard a card to the bottom of the stack.",
}


def play(state: PCState, choice: str) -> list[Event]:
    """`choice` is <card id>:<plane>:<slot>: the part goes there at once."""
    card, p, slot = choice.rsplit(":", 2)
    state.holding = card
    return place(state, int(p), slot)


def hold(state: PCState, holding: str) -> None:
    """Pick up a part to place (a hand card id, or move:<plane>:<slot>). A Spare Part that could go onto several
    planes asks for the plane first: with a Factory Manager it would otherwise offer every slot of every plane."""
    state.holding, state.onto = holding, None
    card, source = held(state)
    planes = {p for p, _ in targets(state, card, source)}
    state.step = "place_plane" if part(card).spare and len(planes) > 1 else "place"


def draw_top(state: PCState) -> str:
    card = state.stack.pop(0)
    if not state.stack:
        state.ending = True
    return card


def start_acquire(state: PCState) -> list[Event]:
    events = collect(state, "accountant") + collect(state, "tax")
    state.step, state.draws_left = "acquire", 2 + count(state, state.turn, "logistician")
    return events + _after_draw(state)


def _after_draw(state: PCState) -> list[Event]:
    """After one of the turn's two draws: once both are taken, the Acquire abilities open. The draws left then are
    the Logistician's, which the book lists among those abilities: optional, and in any order with the others."""
    seat = state.turn
    if state.draws_left <= count(state, seat, "logistician") or not (state.stack or any(state.depot)):
        state.uses = {k: count(state, seat, k) for k in ("agent", "spy", "thief")}
        back_to_abilities(state)
    return []


def back_to_abilities(state: PCState) -> None:
    """Return to the Acquire abilities, or straight on to the Flyer step when none is left to use (one click less
    for every turn without an Agent, Spy or Thief at work)."""
    state.step = "abilities"
    uses = state.uses
    # With no ability left to use the step offers "flyer" alone: no need to list it to know.
    if not (state.draws_left or uses.get("agent") or uses.get("spy") or uses.get("thief")) or \
            len(ability_ids(state)) == 1:
        start_flyer(state)


def start_flyer(state: PCState) -> None:
    state.step = "flyer"
    state.plays_left = 2 + count(state, state.turn, "technician")


def collect(state: PCState, key: str) -> list[Event]:
    seat = state.turn
    kind = "accountant" if key == "accountant" else "taxcollector"
    if key in state.collected or not owned(state, seat, kind):
        return []
    state.collected.append(key)
    if key == "accountant":
        gain = catalog().accountant_per_employee * len(state.staff[seat])
        state.crowns[seat] += gain
        return [event(text=f"{who(seat)}'s Accountant collected {gain} crowns from the bank.")]
    events = []
    for s in range(state.players):
        if s == seat:
            continue
        if owned(state, s, "investigator"):
            events.append(event(text=f"{who(s)}'s Investigator kept the Tax Collector away."))
        elif state.crowns[s] > 0:
            state.crowns[s] -= 1
            state.crowns[seat] += 1
            events.append(event(text=f"{who(seat)}'s Tax Collector took 1 crown from {who(s)}."))
    return events


def hire(state: PCState, kind: str) -> list[Event]:
    seat = state.turn
    emp_id = next(e for e in state.pool if employee_kind(e) == kind)
    cost = hire_cost(state, seat, kind)
    state.pool.remove(emp_id)
    state.staff[seat].append(emp_id)
    state.crowns[seat] -= cost
    state.hired = True
    if kind == "jack":
        state.step = "jack"
    events = [event(text=f"{who(seat)} hired the {employee_name(kind)} for {cost} crowns.")]
    return events + (objectives.check(state, seat) if state.objectives else [])


def take(state: PCState, where: str) -> list[Event]:
    seat = state.turn
    if where == "stack":
        card = draw_top(state)
        events = [event(text=f"{who(seat)} took the top card of the stack."),
                  event(text=f"You drew {part_label(card)}.", private_to=seat)]
    else:
        i = int(where)
        shown = state.depot[i]
        assert shown is not None
        card = shown
        state.depot[i] = draw_top(state) if state.stack else None
        events = [event(text=f"{who(seat)} took {part_label(card)} from the Depot.")]
    state.hands[seat].append(card)
    state.draws_left -= 1
    if state.ending and not state.stack:
        events.append(event(text="The face-down stack is empty: the game ends when this round is complete."))
    if state.step == "draw":
        back_to_abilities(state)
        return events
    return events + _after_draw(state)


def agent_trade(state: PCState, victim: int) -> list[Event]:
    seat = state.turn
    state.uses["agent"] -= 1
    state.hands[seat], state.hands[victim] = state.hands[victim], state.hands[seat]
    back_to_abilities(state)
    mine = ", ".join(part_label(c) for c in state.hands[seat]) or "nothing"
    theirs = ", ".join(part_label(c) for c in state.hands[victim]) or "nothing"
    return [event(text=f"{who(seat)}'s Agent traded hands with {who(victim)}."),
            event(text=f"The trade gave you: {mine}.", private_to=seat),
            event(text=f"{who(seat)}'s Agent took your hand and gave you: {theirs}.", private_to=victim)]


def swap(state: PCState, card: str, slot: int) -> list[Event]:
    seat = state.turn
    got = state.depot[slot]
    assert got is not None
    state.hands[seat].remove(card)
    state.hands[seat].append(got)
    state.depot[slot] = card
    state.swaps_left -= 1
    state.step = "swap_give"
    if not (state.swaps_left and state.hands[seat]):
        back_to_abilities(state)
    return [event(text=f"{who(seat)}'s Agent swapped {part_label(card)} for {part_label(got)} in the Depot.")]


def spy_take(state: PCState, n: int) -> list[Event]:
    seat, victim = state.turn, state.target
    assert victim is not None
    card = state.hands[victim].pop(n)
    state.hands[seat].append(card)
    state.target = None
    back_to_abilities(state)
    return [event(text=f"{who(seat)}'s Spy took a card from {who(victim)}."),
            event(text=f"Your Spy took {part_label(card)}.", private_to=seat),
            event(text=f"{who(seat)}'s Spy took your {part_label(card)}.", private_to=victim)]


def thief_take(state: PCState, p: int, slot: str) -> list[Event]:
    """Steal the part; the thief then puts it anywhere in their factory a part from the hand could go (the book
    leaves the place to them), at once when there is only one such place."""
    seat, victim = state.turn, state.target
    assert victim is not None
    card = state.planes[victim][p].parts.pop(slot)
    if not state.planes[victim][p].parts and len(state.planes[victim]) > 1:
        state.planes[victim].pop(p)
    events = [event(text=f"{who(seat)}'s Thief stole {part_label(card)} from {who(victim)}'s factory.")]
    state.put({"target": None, "holding": card, "onto": None})
    places = targets(state, card, None)
    if len(places) == 1:
        return events + thief_put(state, *places[0])
    state.step = "thief_plane" if part(card).spare and len({q for q, _ in places}) > 1 else "thief_place"
    return events


def thief_put(state: PCState, p: int, slot: str) -> list[Event]:
    """Put the stolen part (state.holding) into slot of plane p (a new plane when p is one past the last); a part
    there goes to the bottom of the stack, as any replaced part does."""
    seat, card = state.turn, state.holding
    assert card is not None
    mine = state.planes[seat]
    if p == len(mine):
        mine.append(Plane())
    events: list[Event] = []
    old = mine[p].parts.get(slot)
    if old is not None:
        state.stack.append(old)
        events.append(event(text=f"{part_label(old)} went to the bottom of the stack to make room."))
    mine[p].parts[slot] = card
    state.put({"holding": None, "onto": None})
    back_to_abilities(state)
    return events


def place(state: PCState, p: int, slot: str) -> list[Event]:
    seat = state.turn
    card, source = held(state)
    planes = state.planes[seat]
    if p == len(planes):
        planes.append(Plane())
    there = planes[p].parts.get(slot)
    events: list[Event] = []
    if source is None:
        state.hands[seat].remove(card)
        if not part(card).spare:
            state.plays_left -= 1
        if there:
            state.stack.append(there)
            events.append(event(text=f"{who(seat)} replaced {part_label(there)}; it went to the bottom of the stack."))
        events.insert(0, event(text=f"{who(seat)} built {part_label(card)} into plane {p + 1}."))
    else:
        planes[source[0]].parts.pop(source[1])
        if there:
            planes[source[0]].parts[source[1]] = there
        events.append(event(text=f"{who(seat)} moved {part_label(card)} to plane {p + 1} {SLOT_NAMES[slot]}."))
    planes[p].parts[slot] = card
    state.planes[seat] = [pl for pl in planes if pl.parts] or [Plane()]
    state.put({"holding": None, "onto": None, "step": "flyer"})
    return events


def do_sell(state: PCState, p: int) -> list[Event]:
    events, cards, value = sell(state, state.turn, p)
    if state.objectives:
        events += objectives.check(state, state.turn, cards, value)
    return events


def cleanup(state: PCState) -> list[Event]:
    limit = hand_limit(state, state.turn)
    if limit is not None and len(state.hands[state.turn]) > limit:
        state.step = "discard"
        return []
    return end_turn(state)


def discard(state: PCState, card: str) -> list[Event]:
    seat = state.turn
    state.hands[seat].remove(card)
    state.stack.append(card)
    events = [event(text=f"{who(seat)} discarded a card to the bottom of the stack.")]
    return events + cleanup(state)


def end_turn(state: PCState) -> list[Event]:
    seat = state.turn
    state.turns_taken += 1
    last = seat == state.players - 1
    if last and state.ending:
        state.over, state.step = True, "over"
        return [event(text="The last round is complete: the game is over.")]
    if last and state.options.get("round_limit") == "on" and state.turns_taken >= ROUND_LIMIT * state.players:
        state.over, state.step = True, "over"
        return [event(text=f"Round {ROUND_LIMIT} is complete: the lobby's round limit ends the game here.")]
    turn = (seat + 1) % state.players
    state.put({"turn": turn, "hired": False, "collected": [], "jack": None, "uses": {}, "draws_left": 0,
               "swaps_left": 0, "holding": None, "target": None,
               "step": "jack" if owned(state, turn, "jack") else "hire"})
    return [event(text=f"{who(turn)}'s turn.")]
