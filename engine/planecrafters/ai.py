"""The playout policy (selfplay, conformance, AI seats): random, but it builds and sells planes the way people do.

Uniform clicks wander (pick a part up, put it back, replace good parts, sell one-part planes), which makes games
long and their figures meaningless. This policy still draws every choice from the seeded RNG, but it only plays
parts into empty slots, takes Depot cards its plane can use, sells complete planes (or, with a Contractor, planes
of three parts or more), hires now and then, always takes a Logistician's extra card and uses the other Acquire
abilities most of the time.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.ai.hooks import GameAI
from engine.core.contract import GameState, Offer
from engine.core.rng import Rng
from engine.planecrafters.data import SLOTS, employee_kind, is_spare
from engine.planecrafters.mechanics import complete, final_scores, staff_kinds, winner
from engine.planecrafters.places import slots_for, targets
from engine.planecrafters.state import PCState

HIRE_ONE_IN = 3
"""Hire on about one turn in three when something is affordable: often enough that every employee sees use."""


def _free_slots(state: PCState) -> set[str] | None:
    """The slots empty on some plane of the seat's, or None when a new plane may be started (a Factory Manager's,
    once the last plane has parts): then every card has an empty place among `targets(state, card, None)`."""
    planes = state.planes[state.turn]
    if "factorymanager" in staff_kinds(state, state.turn) and planes[-1].parts:
        return None
    return {s for plane in planes for s in SLOTS if s not in plane.parts}


@cache
def _play(option: str) -> tuple[int, str, bool]:
    """A play option's plane, slot and whether its card is a Spare Part (play:<card>:<plane>:<slot>)."""
    card, p, slot = option[5:].rsplit(":", 2)
    return int(p), slot, is_spare(card)


def _useful_planes(state: PCState) -> set[int]:
    """The planes (a new one included) with a free slot that a playable hand card fits."""
    planes = state.planes[state.turn]
    manager = "factorymanager" in staff_kinds(state, state.turn)
    hand = [c for c in state.hands[state.turn] if is_spare(c) or state.plays_left > 0]
    return {q for c in hand for q, s in targets(state, c, None, manager)
            if q >= len(planes) or s not in planes[q].parts}


def _worth_selling(state: PCState, option: str) -> bool:
    plane = state.planes[state.turn][int(option.split(":")[1])]
    return complete(plane) or len(plane.parts) >= 3


def plan_ids(state: PCState, ids: list[str], rng: Rng) -> list[str]:
    """The policy's plan for the open step, whose option ids are `ids` (`choices.option_ids(state)`)."""
    step = state.step
    if step == "hire":
        collects = [i for i in ids if i.startswith("collect:")]
        hires = [i for i in ids if i.startswith("hire:")]
        if collects:
            return [collects[0]]
        if hires and rng.below(HIRE_ONE_IN) == 0:
            return [rng.choice(hires)]
        return ["acquire"]
    if step in ("acquire", "draw"):
        # The Depot cards that would go into an empty slot (or onto a new plane).
        free = _free_slots(state)
        useful = [i for i in ids if i != "take:stack"
                  and (free is None or not free.isdisjoint(slots_for(state.depot[int(i[5:])] or "")))]
        return [rng.choice(useful or ids)]
    if step == "abilities":
        if "logistician" in ids:  # an extra card is almost always worth taking, and people take it first
            return ["logistician"]
        uses = [i for i in ids if i != "flyer"]
        return [rng.choice(uses) if uses and rng.below(4) else "flyer"]
    if step in ("flyer", "build"):
        # Plays into an empty slot or onto a new plane; Spare Parts are free plays: keep them for last so they do
        # not crowd out a real part's slot.
        plays, real = [], []
        mine = state.planes[state.turn]
        for i in ids:
            if i.startswith("play:"):
                p, slot, spare = _play(i)
                if p >= len(mine) or slot not in mine[p].parts:
                    plays.append(i)
                    if not spare:
                        real.append(i)
        if real and state.plays_left > 0:
            return [rng.choice(real)]
        if plays:
            return [rng.choice(plays)]
        # A Factory Manager names the plane first: one whose free slots a hand card fits, if any.
        builds = [i for i in ids if i.startswith("build:")]
        if builds:
            fitting = _useful_planes(state)
            onto = [i for i in builds if int(i[6:]) in fitting]
            if onto:
                return [rng.choice(onto)]
        return ["back" if step == "build" else ids[1] if ids[0] == "moves" else ids[0]]
    if step in ("place", "thief_place"):
        factory = state.planes[state.turn]

        def empty_slot(option: str) -> bool:
            _, p, slot = option.split(":")
            return int(p) >= len(factory) or slot not in factory[int(p)].parts

        # A stolen part too goes into an empty slot when there is one.
        empty = [i for i in ids if i.startswith(("to:", "put:")) and empty_slot(i)]
        return [rng.choice(empty or [i for i in ids if i != "back"] or ids)]
    if step == "buyer":
        sells = [i for i in ids if i.startswith("sell:") and _worth_selling(state, i)]
        return [sells[0] if sells else "cleanup"]
    return [rng.choice(ids)]


def _crafters(state: GameState) -> PCState:
    assert isinstance(state, PCState)
    return state


class PlanecraftersAI(GameAI):
    """Planecrafters for the AI: the playout policy above, the crowns as they stand, and "back" left out."""

    search_beats_policy = True  # docs/notes/ai.md: hard and normal beat the policy in arena runs
    take_backs = frozenset({"back"})
    race_label = "crowns"
    race_unit = "{} crowns"

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        return plan_ids(_crafters(state), offer.ids, rng)

    def score_now(self, state: GameState) -> list[float] | None:
        return [float(v) for v in final_scores(_crafters(state))]

    def summary(self, state: GameState) -> dict[str, Any]:
        st = _crafters(state)
        scores = final_scores(st)
        best = winner(scores)
        # The winner's seat shows whether turn order favours anyone (balance across seats, and the tie rule's
        # lean towards later seats).
        return {"turns": st.turns_taken // st.players, "winning crowns": scores[best],
                "winning seat": f"seat {best + 1}", "winner hired": sorted({employee_kind(e) for e in st.staff[best]})}


AI = PlanecraftersAI
