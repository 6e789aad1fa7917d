"""The turn as a series of decisions for the active seat: what each step offers, and what a choice does.

Steps (state.step) and their option ids:
  jack       jack:<kind>                       (own the Jack: pick the Tier 1 kind it copies this turn)
  hire       hire:<kind> | collect:accountant | collect:tax | acquire
  acquire    take:0..3 (a face-up card) | take:stack
  abilities  agent:trade:<seat> | agent:swap | spy:<seat> | thief:<seat> | flyer
  swap_give  give:<card id> | stop              swap_slot  slot:0..3
  spy_take   steal:<n> (n-th card of the victim's hand)   thief_take  steal:<plane>:<slot>
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

from functools import cache
from typing import Any

from engine.core.contract import Event, Option, option
from engine.core.text import shorten
from engine.planecrafters import objectives
from engine.planecrafters.data import SLOT_NAMES, SLOTS, TIER1, catalog, employee_kind, is_spare, part, part_label
from engine.planecrafters.mechanics import (
    complete,
    count,
    earnings,
    event,
    hand_limit,
    hire_cost,
    owned,
    plane_cards,
    sell,
    sellable,
    staff_kinds,
    who,
)
from engine.planecrafters.state import PCState, Plane

MAX_ROUNDS = 40
"""Safety valve (a ruling): the game ends after this many rounds even if the stack never runs out."""
PROMPTS = {
    "jack": "Which Tier 1 ability does your Jack of all Trades copy this turn?",
    "hire": "Hire an employee, collect income, or go on to Acquire.",
    "acquire": "Take a card from the Parts Depot.",
    "abilities": "Use an Acquire ability, or go on to the Flyer step.",
    "swap_give": "Agent of the Board: pick a hand card to swap with the Depot, or stop.",
    "swap_slot": "Agent of the Board: which face-up card do you take for it?",
    "spy_take": "Spy: take one card from that hand.",
    "thief_take": "Thief: which part do you steal?",
    "flyer": "Play a part, move a placed part, or go on to the Buyer step.",
    "build": "Which part do you build onto that plane?",
    "pick_move": "Which built part do you move?",
    "place_plane": "Onto which plane does that part go?",
    "place": "Where does that part go?",
    "buyer": "Sell a plane, or clean up and end your turn.",
    "discard": "Over your hand limit: discard a card to the bottom of the stack.",
}


_OPTIONS: dict[tuple[str, str, str], Option] = {}
"""Options already built, by id, label and detail: a playout lists the same few hundred options again and again,
and building one was most of the cost of listing. Options are never changed after they are made, so equal ones can
be shared between listings."""
_OPTIONS_KEPT = 100_000
"""The most options kept (a few thousand in practice): a bound, so that no run of games can grow it without end."""


def opt(oid: str, label: str, detail: str = "") -> Option:
    key = (oid, label, detail)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= _OPTIONS_KEPT:
            _OPTIONS.clear()
        # Most labels fit: the length test first spares two calls on every option built.
        found = _OPTIONS[key] = option(id=oid, label=label if len(label) <= 80 else shorten(label, 80),
                                       detail=detail if len(detail) <= 100 else shorten(detail, 100))
    return found


def opponents(state: PCState, *, unguarded: bool) -> list[int]:
    seats = [s for s in range(state.players) if s != state.turn]
    return [s for s in seats if not (unguarded and owned(state, s, "guard"))]


def options(state: PCState) -> list[Option]:
    seat, step = state.turn, state.step
    hand = state.hands[seat]
    if step == "jack":
        return [opt(f"jack:{k}", f"Copy the {catalog().employees[k].name}") for k in TIER1]
    if step == "hire":
        out: list[Option] = []
        if not state.hired:
            in_pool = {employee_kind(e) for e in state.pool}
            discount = count(state, seat, "recruiter")
            crowns = state.crowns[seat]
            for kind, emp in catalog().employees.items():
                if kind in in_pool:
                    cost = max(0, emp.cost - emp.tier * discount)  # hire_cost, with the catalog entry at hand
                    if cost <= crowns:
                        out.append(_hire_option(kind, cost))
        kinds = staff_kinds(state, seat)
        if "accountant" in kinds and "accountant" not in state.collected:
            out.append(_collect_option("accountant", "accountant"))
        if "taxcollector" in kinds and "tax" not in state.collected:
            out.append(_collect_option("taxcollector", "tax"))
        return [*out, opt("acquire", "Go on to Acquire")]
    if step == "acquire":
        out = [_take_option(i, c) for i, c in enumerate(state.depot) if c]
        return out + ([opt("take:stack", "Take the top card of the stack")] if state.stack else [])
    if step == "abilities":
        out = []
        if state.uses.get("agent", 0):
            out += [opt(f"agent:trade:{s}", f"Agent: trade hands blindly with {who(s)}")
                    for s in opponents(state, unguarded=True)]
            if hand and any(state.depot):
                out.append(opt("agent:swap", f"Agent: swap up to {catalog().agent_swap_cards} cards with the Depot"))
        if state.uses.get("spy", 0):
            out += [opt(f"spy:{s}", f"Spy on {who(s)}'s hand") for s in opponents(state, unguarded=True)
                    if state.hands[s]]
        if state.uses.get("thief", 0):
            out += [opt(f"thief:{s}", f"Thief: steal a part from {who(s)}") for s in opponents(state, unguarded=True)
                    if any(p.parts for p in state.planes[s])]
        return [*out, opt("flyer", "Go on to the Flyer step")]
    if step == "swap_give":
        return [*(opt(f"give:{c}", f"Give {part_label(c)}") for c in hand), opt("stop", "Stop swapping")]
    if step == "swap_slot":
        return [opt(f"slot:{i}", f"Take {part_label(c)}") for i, c in enumerate(state.depot) if c]
    if step == "spy_take":
        assert state.target is not None
        return [opt(f"steal:{n}", f"Take {part_label(c)}") for n, c in enumerate(state.hands[state.target])]
    if step == "thief_take":
        assert state.target is not None
        return [opt(f"steal:{p}:{s}", f"Steal {part_label(c)} from plane {p + 1}")
                for p, plane in enumerate(state.planes[state.target]) for s, c in plane.parts.items()]
    if step == "flyer":
        out = []
        manager = "factorymanager" in staff_kinds(state, seat)
        # Moves of built parts hide behind one entry, so the hand's plays stay a short list.
        if _can_move(state, manager):
            out.append(opt("moves", "Move a part you have built...", "As often as you like."))
        planes = state.planes[seat]
        # sellable(), with the Contractor counted only if some plane is not complete
        if any(map(complete, planes)) or (count(state, seat, "contractor") >= 1 and any(pl.parts for pl in planes)):
            out.append(opt("buyer", "Go on to the Buyer step"))
        else:
            out.append(opt("cleanup", "Nothing to sell: clean up and end the turn"))
        if not hand:
            return out
        if manager:
            return out + [opt(f"build:{p}", f"Build onto {_plane_name(state, p)}...") for p in _build_planes(state)]
        return out + _plays(state, 0, manager)
    if step == "build":
        assert state.onto is not None
        return [opt("back", "Choose another plane"),
                *_plays(state, state.onto, "factorymanager" in staff_kinds(state, seat))]
    if step == "pick_move":
        return [*_moves(state), opt("back", "Choose something else")]
    if step == "place_plane":
        card, source = _holding(state)
        planes = sorted({p for p, _ in _targets(state, card, source)})
        return [*(opt(f"onto:{p}", _plane_label(state, p)) for p in planes), opt("back", "Choose another part")]
    if step == "place":
        assert state.holding is not None
        card, source = _holding(state)
        return [*(opt(f"to:{p}:{s}", _target_label(state, p, s)) for p, s in _targets(state, card, source)
                  if state.onto is None or p == state.onto),
                opt("back", "Choose another part")]
    if step == "buyer":
        # The figure first, so that a long list of parts cut at Discord's 80 characters never hides it.
        out = []
        for p, pl in enumerate(state.planes[seat]):
            if sellable(state, seat, pl):
                cards = plane_cards(pl)
                key = (p, earnings(state, seat, cards), tuple(cards))
                found = _SELL_OPTIONS.get(key)
                out.append(_keep(_SELL_OPTIONS, key, _sell_option(*key)) if found is None else found)
        return [*out, opt("cleanup", "Clean up and end the turn")]
    if step == "discard":
        return [opt(f"discard:{c}", f"Discard {part_label(c)}") for c in hand]
    return []


def private(state: PCState) -> bool:
    """Whether the step shows "Show my choices": from the hand's size only, never from whether a card in it happens
    to be playable, since the button itself is public."""
    return state.step in ("flyer", "build") and bool(state.hands[state.turn])


def secret_options(state: PCState) -> set[str]:
    """Option ids of the open decision whose labels name a card only the chooser may know of: a hand card to play,
    give or discard, and a card the Spy is looking at."""
    step = state.step
    if step in ("swap_give", "discard"):
        # Every hand card's id under that step's verb: cheaper than building the options (secrets() runs on every
        # publish), and an id that is not on offer right now marks nothing.
        return {f"{'give' if step == 'swap_give' else 'discard'}:{c}" for c in state.hands[state.turn]}
    if step == "spy_take" and state.target is not None:
        return {f"steal:{n}" for n in range(len(state.hands[state.target]))}
    if step in ("flyer", "build"):
        return {o.id for o in options(state) if o.id.startswith("play:")}
    return set()


def names_hidden_card(state: PCState, listed: Option) -> bool:
    """`listed.id in secret_options(state)` for an option just listed from this state, without listing again."""
    if state.step in ("flyer", "build"):
        return listed.id.startswith("play:")
    return listed.id in secret_options(state)


def _build_planes(state: PCState) -> list[int]:
    """A Factory Manager's planes to build onto: each of them, and a new one when the last has parts."""
    planes = state.planes[state.turn]
    return list(range(len(planes) + (1 if planes[-1].parts else 0)))


def _plays(state: PCState, p: int, manager: bool) -> list[Option]:
    """Every hand card that may be played now onto plane p, with each slot it could go to there: the targets
    `_targets(state, card, None)` gives on plane p, for a seat that owns a Factory Manager or not (`manager`)."""
    planes = state.planes[state.turn]
    if p < len(planes):
        parts: dict[str, str] = planes[p].parts
    elif manager and p == len(planes) and planes[-1].parts:
        parts = {}  # a new plane
    else:
        return []
    new = p == len(planes)
    out = []
    free = state.plays_left > 0
    made = _PLAY_OPTIONS
    for card in state.hands[state.turn]:
        if free or is_spare(card):
            for s in _slots_for(card):
                key = (card, p, s, parts.get(s), new)
                found = made.get(key)
                out.append(_keep(made, key, _play_option(*key)) if found is None else found)
    return out


_PLAY_OPTIONS: dict[tuple[str, int, str, str | None, bool], Option] = {}
"""Play options by what their labels depend on (`_play_option`'s arguments), looked up in the loop: a call per
option, even of a cached function, was a good part of the Flyer step's listing."""
_SELL_OPTIONS: dict[tuple[int, int, tuple[str, ...]], Option] = {}
"""Sell options by plane, price and parts."""
_KEPT = 16384
"""The most entries either store keeps: a bot process runs searches for weeks, and sold planes' parts combine
without end."""


def _keep(store: dict[Any, Option], key: Any, made: Option) -> Option:
    if len(store) >= _KEPT:
        store.clear()
    store[key] = made
    return made


def _play_option(card: str, p: int, s: str, there: str | None, new: bool) -> Option:
    """The option that builds `card` into slot s of plane p, where `there` sits now (`new`: a plane not started)."""
    if new:
        target = f"a new plane's {SLOT_NAMES[s]}"
    else:
        extra = f" (replaces {part_label(there)})" if there else ""
        target = f"plane {p + 1} {SLOT_NAMES[s]}{extra}"
    return opt(f"play:{card}:{p}:{s}", f"Build {part_label(card)} into {target}")


def _sell_option(p: int, crowns: int, cards: tuple[str, ...]) -> Option:
    # The figure first, so that a long list of parts cut at Discord's 80 characters never hides it.
    return opt(f"sell:{p}", f"Sell plane {p + 1}: {crowns} crowns ({', '.join(part_label(c) for c in cards)})")


@cache
def _hire_option(kind: str, cost: int) -> Option:
    emp = catalog().employees[kind]
    return opt(f"hire:{kind}", f"Hire {emp.name} for {cost}", f"Tier {emp.tier}. {emp.text}")


@cache
def _collect_option(kind: str, key: str) -> Option:
    return opt(f"collect:{key}", f"Collect the {catalog().employees[kind].name}'s crowns")


@cache
def _take_option(i: int, card: str) -> Option:
    return opt(f"take:{i}", f"Take {part_label(card)}")


def play(state: PCState, choice: str) -> list[Event]:
    """`choice` is <card id>:<plane>:<slot>: the part goes there at once."""
    card, p, slot = choice.rsplit(":", 2)
    state.holding = card
    return place(state, int(p), slot)


def hold(state: PCState, holding: str) -> None:
    """Pick up a part to place (a hand card id, or move:<plane>:<slot>). A Spare Part that could go onto several
    planes asks for the plane first: with a Factory Manager it would otherwise offer every slot of every plane."""
    state.holding, state.onto = holding, None
    card, source = _holding(state)
    planes = {p for p, _ in _targets(state, card, source)}
    state.step = "place_plane" if part(card).spare and len(planes) > 1 else "place"


def _moves(state: PCState) -> list[Option]:
    return [opt(f"move:{p}:{s}", f"Move {part_label(c)} of plane {p + 1}")
            for p, plane in enumerate(state.planes[state.turn]) for s, c in plane.parts.items()
            if _targets(state, c, (p, s))]


def _can_move(state: PCState, manager: bool) -> bool:
    """Whether `_moves` would offer anything, without building its options. Without a Factory Manager a part
    fitting only the slot it sits in has nowhere to go (its one target is where it is): no need to ask."""
    return any((manager or _slots_for(c) != (s,)) and _targets(state, c, (p, s), manager)
               for p, plane in enumerate(state.planes[state.turn]) for s, c in plane.parts.items())


def _plane_name(state: PCState, p: int) -> str:
    return "a new plane" if p >= len(state.planes[state.turn]) else f"plane {p + 1}"


def _plane_label(state: PCState, p: int) -> str:
    planes = state.planes[state.turn]
    if p >= len(planes):
        return "A new plane"
    free = [SLOT_NAMES[s] for s in SLOTS if s not in planes[p].parts]
    return f"Plane {p + 1} (free: {', '.join(free) or 'none'})"


def _holding(state: PCState) -> tuple[str, tuple[int, str] | None]:
    """The part being placed and, for a move, where it sits now."""
    assert state.holding is not None
    if state.holding.startswith("move:"):
        _, p, s = state.holding.split(":")
        return state.planes[state.turn][int(p)].parts[s], (int(p), s)
    return state.holding, None


def _fits(card: str, slot: str) -> bool:
    p = part(card)
    return p.spare or p.slot == slot


@cache
def _slots_for(card: str) -> tuple[str, ...]:
    """The slots a card fits, in slot order (asked for every hand card on every listing of the Flyer step)."""
    return tuple(s for s in SLOTS if _fits(card, s))


def _targets(
    state: PCState, card: str, source: tuple[int, str] | None, manager: bool | None = None
) -> list[tuple[int, str]]:
    """Where `card` may go (from `source`, for a move): (plane, slot) pairs. `manager`: whether the seat owns a
    Factory Manager, when the caller already knows."""
    planes = state.planes[state.turn]
    if manager is None:
        manager = owned(state, state.turn, "factorymanager") > 0
    indexes = list(range(len(planes))) if manager or source is None else [source[0]]
    if manager and planes[-1].parts:
        indexes.append(len(planes))
    slots = _slots_for(card)
    if source is None:
        return [(p, s) for p in indexes for s in slots]
    out: list[tuple[int, str]] = []
    for p in indexes:
        parts = planes[p].parts if p < len(planes) else {}
        for s in slots:
            if (p, s) == source:
                continue
            there = parts.get(s)
            if there is not None and not _fits(there, source[1]):
                continue
            out.append((p, s))
    return out


def _target_label(state: PCState, p: int, s: str) -> str:
    planes = state.planes[state.turn]
    if p >= len(planes):
        return f"a new plane's {SLOT_NAMES[s]}"
    there = planes[p].parts.get(s)
    extra = f" (replaces {part_label(there)})" if there else ""
    return f"plane {p + 1} {SLOT_NAMES[s]}{extra}"


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
    if state.draws_left <= 0 or not (state.stack or any(state.depot)):
        seat = state.turn
        state.uses = {k: count(state, seat, k) for k in ("agent", "spy", "thief")}
        back_to_abilities(state)
    return []


def back_to_abilities(state: PCState) -> None:
    """Return to the Acquire abilities, or straight on to the Flyer step when none is left to use (one click less
    for every turn without an Agent, Spy or Thief at work)."""
    state.step = "abilities"
    uses = state.uses
    # With no ability left to use the step offers "flyer" alone: no need to list it to know.
    if not (uses.get("agent") or uses.get("spy") or uses.get("thief")) or len(options(state)) == 1:
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
    events = [event(text=f"{who(seat)} hired the {catalog().employees[kind].name} for {cost} crowns.")]
    return events + (objectives.check(state, seat) if state.objectives else [])


def take(state: PCState, where: str) -> list[Event]:
    seat = state.turn
    if where == "stack":
        card = draw_top(state)
        events = [event(text=f"{who(seat)} took the top card of the stack."),
                  event(text=f"You drew {part_label(card)}.", private_to=seat)]
    else:
        i = int(where)
        card = state.depot[i]
        assert card is not None
        state.depot[i] = draw_top(state) if state.stack else None
        events = [event(text=f"{who(seat)} took {part_label(card)} from the Depot.")]
    state.hands[seat].append(card)
    state.draws_left -= 1
    if state.ending and not state.stack:
        events.append(event(text="The face-down stack is empty: the game ends when this round is complete."))
    return events + _after_draw(state)


def agent_trade(state: PCState, victim: int) -> list[Event]:
    seat = state.turn
    state.uses["agent"] -= 1
    state.hands[seat], state.hands[victim] = state.hands[victim], state.hands[seat]
    back_to_abilities(state)
    mine = ", ".join(part_label(c) for c in state.hands[seat]) or "nothing"
    theirs = ", ".join(part_label(c) for c in state.hands[victim]) or "nothing"
    return [event(text=f"{who(seat)}'s Agent of the Board traded hands with {who(victim)}."),
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
    seat, victim = state.turn, state.target
    assert victim is not None
    card = state.planes[victim][p].parts.pop(slot)
    if not state.planes[victim][p].parts and len(state.planes[victim]) > 1:
        state.planes[victim].pop(p)
    mine = state.planes[seat]
    home = next((pl for pl in mine if slot not in pl.parts), None)
    if home is None and owned(state, seat, "factorymanager"):
        home = Plane()
        mine.append(home)
    home = home or mine[0]
    events = [event(text=f"{who(seat)}'s Thief stole {part_label(card)} from {who(victim)}'s factory.")]
    if slot in home.parts:
        old = home.parts[slot]
        state.stack.append(old)
        events.append(event(text=f"{part_label(old)} went to the bottom of the stack to make room."))
    home.parts[slot] = card
    state.target = None
    back_to_abilities(state)
    return events


def place(state: PCState, p: int, slot: str) -> list[Event]:
    seat = state.turn
    card, source = _holding(state)
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
    state.assign(holding=None, onto=None, step="flyer")
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
    if last and (state.ending or state.turns_taken >= MAX_ROUNDS * state.players):
        state.over, state.step = True, "over"
        return [event(text="The last round is complete: the game is over.")]
    turn = (seat + 1) % state.players
    state.assign(turn=turn, hired=False, collected=[], jack=None, uses={}, draws_left=0, swaps_left=0, holding=None,
                 target=None, step="jack" if owned(state, turn, "jack") else "hire")
    return [event(text=f"{who(turn)}'s turn.")]
