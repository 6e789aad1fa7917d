"""What the seat whose turn it is may choose: the option ids of each step, and their labels.

`option_ids` lists the ids alone, in order: that is what a playout or a search rollout reads (`play.legal`), which
then builds no label nobody reads there. `options` labels those very ids, each label made
from its id and the state (`_option`), so the two listings cannot drift apart. The ids of each step are listed in
engine.planecrafters.steps' docstring.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from engine.core.contract import Option, option
from engine.core.text import OPTION_TEXT, counted, shorten
from engine.planecrafters.data import (
    SLOT_NAMES,
    SLOTS,
    TIER1,
    catalog,
    employee_kind,
    employee_name,
    is_spare,
    maker_label,
    part_label,
)
from engine.planecrafters.mechanics import (
    complete,
    count,
    earnings,
    hire_cost,
    owned,
    plane_cards,
    sellable,
    staff_kinds,
    who,
)
from engine.planecrafters.places import held, slots_for, targets
from engine.planecrafters.state import PCState

_OPTIONS: dict[tuple[str, str, str], Option] = {}
"""Options already built, by id, label and detail: a game lists the same few hundred options again and again.
Options are never changed after they are made, so equal ones can be shared between listings."""
_OPTIONS_KEPT = 100_000
"""The most options kept (a few thousand in practice): a bound, so that no run of games can grow it without end."""


def opt(oid: str, label: str, detail: str = "") -> Option:
    key = (oid, label, detail)
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) >= _OPTIONS_KEPT:
            _OPTIONS.clear()
        # Most labels fit: the length test first spares two calls on every option built.
        # Cut to a select entry's room (a button cuts its label again to its 80): visibly, never silently.
        found = _OPTIONS[key] = option(
            id=oid, label=label if len(label) <= OPTION_TEXT else shorten(label, OPTION_TEXT),
            detail=detail if len(detail) <= OPTION_TEXT else shorten(detail, OPTION_TEXT))
    return found


_TAKE = ("take:0", "take:1", "take:2", "take:3")
_BACK = {"build": "Choose another plane", "pick_move": "Choose something else", "place_plane": "Choose another part",
         "place": "Choose another part"}


def option_ids(state: PCState) -> list[str]:
    """The ids of the open decision's options, in the order `options` lists them."""
    seat, step = state.turn, state.step
    hand = state.hands[seat]
    if step == "flyer":
        manager = "factorymanager" in staff_kinds(state, seat)
        # Moves of built parts hide behind one entry, so the hand's plays stay a short list.
        out = ["moves"] if _can_move(state, manager) else []
        planes = state.planes[seat]
        # sellable(), with the Contractor counted only if some plane is not complete
        if any(map(complete, planes)) or (count(state, seat, "contractor") >= 1 and any(pl.parts for pl in planes)):
            out.append("buyer")
        else:
            out.append("cleanup")
        if not hand:
            return out
        if manager:
            return out + [f"build:{p}" for p in _build_planes(state)]
        return out + _play_ids(state, 0, manager)
    if step in ("acquire", "draw"):
        out = [_TAKE[i] for i, c in enumerate(state.depot) if c]
        return out + ["take:stack"] if state.stack else out
    if step == "hire":
        out = [] if state.hired else _hireable(state, seat)
        kinds = staff_kinds(state, seat)
        if "accountant" in kinds and "accountant" not in state.collected:
            out.append("collect:accountant")
        if "taxcollector" in kinds and "tax" not in state.collected:
            out.append("collect:tax")
        out.append("acquire")
        return out
    if step == "abilities":
        return ability_ids(state)
    if step == "buyer":
        return [*(f"sell:{p}" for p, pl in enumerate(state.planes[seat]) if sellable(state, seat, pl)), "cleanup"]
    if step == "discard":
        return [f"discard:{c}" for c in hand]
    if step == "jack":
        return [f"jack:{k}" for k in TIER1]
    if step == "swap_give":
        return [*(f"give:{c}" for c in hand), "stop"]
    if step == "swap_slot":
        return [f"slot:{i}" for i, c in enumerate(state.depot) if c]
    if step == "spy_take":
        assert state.target is not None
        return [f"steal:{n}" for n in range(len(state.hands[state.target]))]
    if step == "thief_take":
        assert state.target is not None
        return [f"steal:{p}:{s}" for p, plane in enumerate(state.planes[state.target]) for s in plane.parts]
    if step == "thief_plane":
        assert state.holding is not None
        return [f"aim:{p}" for p in sorted({p for p, _ in targets(state, state.holding, None)})]
    if step == "thief_place":
        assert state.holding is not None
        return [f"put:{p}:{s}" for p, s in targets(state, state.holding, None) if state.onto in (None, p)]
    if step == "build":
        assert state.onto is not None
        return ["back", *_play_ids(state, state.onto, "factorymanager" in staff_kinds(state, seat))]
    if step == "pick_move":
        return [*(f"move:{p}:{s}" for p, plane in enumerate(state.planes[seat]) for s, c in plane.parts.items()
                  if targets(state, c, (p, s))), "back"]
    if step == "place_plane":
        card, source = held(state)
        return [*(f"onto:{p}" for p in sorted({p for p, _ in targets(state, card, source)})), "back"]
    if step == "place":
        card, source = held(state)
        return [*(f"to:{p}:{s}" for p, s in targets(state, card, source) if state.onto is None or p == state.onto),
                "back"]
    return []


def options(state: PCState, ids: list[str] | None = None) -> list[Option]:
    """The open decision's options, labelled for people: `ids`, if the caller has just listed them, else
    `option_ids(state)`."""
    return [_option(state, oid) for oid in (option_ids(state) if ids is None else ids)]


def ability_ids(state: PCState) -> list[str]:
    """The Acquire abilities open now, then "flyer"."""
    out = ["logistician"] if state.draws_left > 0 and (state.stack or any(state.depot)) else []
    uses = state.uses
    agent, spy, thief = uses.get("agent", 0), uses.get("spy", 0), uses.get("thief", 0)
    victims = opponents(state, unguarded=True) if agent or spy or thief else []
    if agent:
        out += [f"agent:trade:{s}" for s in victims]
        if state.hands[state.turn] and any(state.depot):
            out.append("agent:swap")
    if spy:
        out += [f"spy:{s}" for s in victims if state.hands[s]]
    if thief:
        out += [f"thief:{s}" for s in victims if any(p.parts for p in state.planes[s])]
    out.append("flyer")
    return out


def opponents(state: PCState, *, unguarded: bool) -> list[int]:
    seats = [s for s in range(state.players) if s != state.turn]
    return [s for s in seats if not (unguarded and owned(state, s, "guard"))]


def _hireable(state: PCState, seat: int) -> list[str]:
    """The ids hiring each kind in the pool that seat can afford, in catalogue order."""
    crowns = state.crowns[seat]
    if crowns < 0:  # never in play; kept so the test below is exactly hire_cost's max(0, ...) <= crowns
        return []
    in_pool = _kinds_in(tuple(state.pool))
    discount = count(state, seat, "recruiter")
    return [oid for kind, oid, cost, tier in _menu() if kind in in_pool and cost - tier * discount <= crowns]


@lru_cache(maxsize=1024)
def _kinds_in(pool: tuple[str, ...]) -> frozenset[str]:
    """The employee kinds in a pool, which changes only on a hire while the Hire step is listed every turn."""
    return frozenset(map(employee_kind, pool))


@cache
def _menu() -> tuple[tuple[str, str, int, int], ...]:
    """Each employee kind with its hire id, cost and tier, in catalogue order."""
    return tuple((kind, f"hire:{kind}", emp.cost, emp.tier) for kind, emp in catalog().employees.items())


def private(state: PCState) -> bool:
    """Whether the step shows "Show my choices": from the hand's size only, never from whether a card in it happens
    to be playable, since the button itself is public."""
    return state.step in ("flyer", "build") and bool(state.hands[state.turn])


def secret_options(state: PCState) -> set[str]:
    """Option ids of the open decision whose labels name a card only the chooser may know of: a hand card to play,
    give or discard, and a card the Spy is looking at."""
    step = state.step
    if step in ("swap_give", "discard"):
        # Every hand card's id under that step's verb: cheaper than listing (secrets() runs on every publish), and
        # an id that is not on offer right now marks nothing.
        return {f"{'give' if step == 'swap_give' else 'discard'}:{c}" for c in state.hands[state.turn]}
    if step == "spy_take" and state.target is not None:
        return {f"steal:{n}" for n in range(len(state.hands[state.target]))}
    if step in ("flyer", "build"):
        return {i for i in option_ids(state) if i.startswith("play:")}
    return set()


def names_hidden_card(state: PCState, oid: str) -> bool:
    """`oid in secret_options(state)` for an option id just listed from this state, without listing again."""
    if state.step in ("flyer", "build"):
        return oid.startswith("play:")
    return oid in secret_options(state)


def _build_planes(state: PCState) -> list[int]:
    """A Factory Manager's planes to build onto: each of them, and a new one when the last has parts."""
    planes = state.planes[state.turn]
    return list(range(len(planes) + (1 if planes[-1].parts else 0)))


def _play_ids(state: PCState, p: int, manager: bool) -> list[str]:
    """Every hand card that may be played now onto plane p, with each slot it could go to there: the targets
    `targets(state, card, None)` gives on plane p, for a seat that owns a Factory Manager or not (`manager`)."""
    planes = state.planes[state.turn]
    if not (p < len(planes) or (manager and p == len(planes) and planes[-1].parts)):
        return []
    out: list[str] = []
    free = state.plays_left > 0
    for card in state.hands[state.turn]:
        if free or is_spare(card):
            out += _card_plays(card, p)
    return out


@cache
def _card_plays(card: str, p: int) -> tuple[str, ...]:
    """The play ids of a card onto plane p, one a slot it fits (a finite set: the catalogue's cards, a few planes)."""
    return tuple(f"play:{card}:{p}:{s}" for s in slots_for(card))


def _can_move(state: PCState, manager: bool) -> bool:
    """Whether "pick_move" would offer a part, without listing it. Without a Factory Manager a part stays on its
    plane, and one that is not a Spare Part fits only the slot it sits in: only Spare Parts need asking."""
    for p, plane in enumerate(state.planes[state.turn]):
        for s, c in plane.parts.items():
            if (manager or is_spare(c)) and targets(state, c, (p, s), manager):
                return True
    return False


def _option(state: PCState, oid: str) -> Option:
    """The labelled option for an id `option_ids(state)` lists."""
    head, _, rest = oid.partition(":")
    seat, step = state.turn, state.step
    if head == "play":
        card, p, s = rest.rsplit(":", 2)
        return _play_option(state, card, int(p), s)
    if head == "take":
        if rest == "stack":
            return opt(oid, "Take the top card of the stack")
        depot_card = state.depot[int(rest)]
        assert depot_card is not None
        return _take_option(int(rest), depot_card)
    if head == "hire":
        return _hire_option(rest, hire_cost(state, seat, rest))
    if head == "collect":
        return _collect_option("accountant" if rest == "accountant" else "taxcollector", rest)
    if head == "sell":
        cards = plane_cards(state.planes[seat][int(rest)])
        key = (int(rest), earnings(state, seat, cards), tuple(cards))
        found = _SELL_OPTIONS.get(key)
        return _keep(_SELL_OPTIONS, key, _sell_option(*key)) if found is None else found
    if head == "build":
        return opt(oid, f"Build onto {_plane_name(state, int(rest))}...")
    if head == "back":
        return opt(oid, _BACK[step])
    if head == "steal" and step == "spy_take":
        assert state.target is not None
        return opt(oid, f"Take {part_label(state.hands[state.target][int(rest)])}")
    if head == "steal":
        assert state.target is not None
        p, s = rest.split(":")
        return opt(oid, f"Steal {part_label(state.planes[state.target][int(p)].parts[s])} from plane {int(p) + 1}")
    if head == "move":
        p, s = rest.split(":")
        return opt(oid, f"Move {part_label(state.planes[seat][int(p)].parts[s])} of plane {int(p) + 1}")
    if head in ("onto", "aim"):
        return opt(oid, _plane_label(state, int(rest)))
    if head == "put":
        p, s = rest.split(":")
        return opt(oid, f"Put it into {_target_label(state, int(p), s)}")
    if head == "to":
        p, s = rest.split(":")
        return opt(oid, _target_label(state, int(p), s))
    if head == "slot":
        depot_card = state.depot[int(rest)]
        assert depot_card is not None
        return opt(oid, f"Take {part_label(depot_card)}")
    if head == "cleanup":
        return opt(oid, _CLEANUP[step])
    if head in _FIXED:
        return opt(oid, *_FIXED[head])
    return _named_option(oid)


_FIXED: dict[str, tuple[str, ...]] = {
    "acquire": ("Go on to Acquire",),
    "flyer": ("Go on to the Flyer step",),
    "logistician": ("Logistician: take one more card",),
    "stop": ("Stop swapping",),
    "moves": ("Move a part you have built...", "As often as you like."),
    "buyer": ("Go on to the Buyer step",),
}
_CLEANUP = {"flyer": "Nothing to sell: clean up and end the turn", "buyer": "Clean up and end the turn"}


@cache
def _named_option(oid: str) -> Option:
    """The options whose label depends on their id alone: an employee, a seat or a hand card it names."""
    head, _, rest = oid.partition(":")
    if head == "jack":
        return opt(oid, f"Copy the {employee_name(rest)}")
    if head == "agent" and rest == "swap":
        return opt(oid, f"Agent: swap up to {catalog().agent_swap_cards} cards with the Depot")
    if head == "agent":
        return opt(oid, f"Agent: trade hands blindly with {who(int(rest.split(':')[1]))}")
    if head == "spy":
        return opt(oid, f"Spy on {who(int(rest))}'s hand")
    if head == "thief":
        return opt(oid, f"Thief: steal a part from {who(int(rest))}")
    if head == "give":
        return opt(oid, f"Give {part_label(rest)}")
    assert head == "discard", oid
    return opt(oid, f"Discard {part_label(rest)}")


_PLAY_OPTIONS: dict[tuple[str, int, str, str | None, bool], Option] = {}
"""Play options by what their labels depend on (`_new_play_option`'s arguments)."""
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


def _play_option(state: PCState, card: str, p: int, s: str) -> Option:
    planes = state.planes[state.turn]
    key = (card, p, s, planes[p].parts.get(s) if p < len(planes) else None, p == len(planes))
    found = _PLAY_OPTIONS.get(key)
    return _keep(_PLAY_OPTIONS, key, _new_play_option(*key)) if found is None else found


def _new_play_option(card: str, p: int, s: str, there: str | None, new: bool) -> Option:
    """The option that builds `card` into slot s of plane p, where `there` sits now (`new`: a plane not started)."""
    # A part of a model fits its own slot only, which its name already says: the slot is named again only for a
    # Spare Part, so that the longest label ("Build Thunder Barrel right wing into plane 1 (replaces Thunder
    # Barrel)") still fits a button's 80 characters.
    slot = f" {SLOT_NAMES[s]}" if is_spare(card) else ""
    if new:
        target = f"a new plane's {SLOT_NAMES[s]}" if slot else "a new plane"
    else:
        extra = f" (replaces {maker_label(there)})" if there else ""
        target = f"plane {p + 1}{slot}{extra}"
    return opt(f"play:{card}:{p}:{s}", f"Build {part_label(card)} into {target}")


def _sell_option(p: int, crowns: int, cards: tuple[str, ...]) -> Option:
    # The figure on the button; the parts, counted by model, under it (a list of five parts' names would not fit
    # a button's 80 characters and hid its last ones).
    models: dict[str, int] = {}
    for c in cards:
        models[maker_label(c)] = models.get(maker_label(c), 0) + 1
    return opt(f"sell:{p}", f"Sell plane {p + 1}: {counted(crowns, 'crown')}",
               ", ".join(f"{n} {model}" for model, n in models.items()))


@cache
def _hire_option(kind: str, cost: int) -> Option:
    emp = catalog().employees[kind]
    return opt(f"hire:{kind}", f"Hire {employee_name(kind)} for {cost}", f"Tier {emp.tier}. {emp.text}")


@cache
def _collect_option(kind: str, key: str) -> Option:
    return opt(f"collect:{key}", f"Collect the {employee_name(kind)}'s crowns")


@cache
def _take_option(i: int, card: str) -> Option:
    return opt(f"take:{i}", f"Take {part_label(card)}")


def _plane_name(state: PCState, p: int) -> str:
    return "a new plane" if p >= len(state.planes[state.turn]) else f"plane {p + 1}"


def _plane_label(state: PCState, p: int) -> str:
    planes = state.planes[state.turn]
    if p >= len(planes):
        return "A new plane"
    free = [SLOT_NAMES[s] for s in SLOTS if s not in planes[p].parts]
    return f"Plane {p + 1} (free: {', '.join(free) or 'none'})"


def _target_label(state: PCState, p: int, s: str) -> str:
    planes = state.planes[state.turn]
    if p >= len(planes):
        return f"a new plane's {SLOT_NAMES[s]}"
    there = planes[p].parts.get(s)
    extra = f" (replaces {maker_label(there)})" if there else ""
    return f"plane {p + 1} {SLOT_NAMES[s]}{extra}"
