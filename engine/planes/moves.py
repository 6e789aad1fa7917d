"""The move phase: pick up a group, step along the arrows dropping one cube per space, stop, board, redo, confirm.

Options are only offered when the move can still be finished from where they lead, so a move never gets stuck
half-way (see docs/planes-rulings.md, "No dead ends").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from engine.core._fast.pydantic_bypass import trusted_model
from engine.core.contract import Event, Option, event, option
from engine.planes.sides import Reward, side
from engine.planes.state import (
    BLOCKAGE,
    PLANE_CAPACITY,
    WILD,
    Move,
    Plane,
    PlanesState,
    add_cube,
    party_count,
    remove_cube,
)
from engine.planes.terrain import is_gate, neighbours, terrain


def plane_at(state: PlanesState, gate: str) -> Plane:
    for plane in state.planes:  # a plain loop: next() on a generator costs more, and every listing asks
        if plane.gate == gate:
            return plane
    raise StopIteration(gate)


def blocked(state: PlanesState, space: str) -> bool:
    counts = state.cubes.get(space)
    # Most spaces hold far fewer cubes than a blockage: the total alone settles them without sorting out colours.
    return counts is not None and sum(counts.values()) >= BLOCKAGE and party_count(counts) >= BLOCKAGE


def picked_up(state: PlanesState, seat: int, space: str) -> list[str]:
    """The cubes that become active when `seat` starts a move at `space`, given this turn's action."""
    counts = state.cubes.get(space, {})
    if not (state.only_own or state.ignore_neutral or state.only_neutral):
        return sorted([colour for colour, n in counts.items() for _ in range(n)])  # the usual case, asked most
    own = state.colour_of(seat)
    out: list[str] = []
    for colour, n in counts.items():
        if state.only_own and colour != own:
            continue
        if state.ignore_neutral and state.is_neutral(colour):
            continue
        if state.only_neutral and not state.is_neutral(colour):
            continue
        out.extend([colour] * n)
    return sorted(out)


def can_board(state: PlanesState, gate: str, active: list[str]) -> bool:
    if len(active) != 1:  # settled before looking for the plane: most groups asked about hold several cubes
        return False
    plane = plane_at(state, gate)
    return (active[0] == plane.colour or plane.colour == WILD) and len(plane.slots) < PLANE_CAPACITY


def slot_choices(plane: Plane) -> list[int]:
    """Free slots worth offering: the first free slot of each distinct reward (identical slots are one choice)."""
    rewards = _reward_keys(plane.side)
    seen: set[tuple[int, int, int]] = set()
    out = []
    for i in plane.free:
        if rewards[i] not in seen:
            seen.add(rewards[i])
            out.append(i)
    return out


@cache
def _reward_keys(side_id: str) -> tuple[tuple[int, int, int], ...]:
    """Each slot's reward of a plane side as a plain tuple: comparing pydantic models was a listing's slowest part."""
    return tuple((r.cards, r.tokens, r.stars) for r in side(side_id).slots)


def can_go_on(state: PlanesState, space: str, active: list[str]) -> bool:
    """From `space`, can a group holding `active` enter some next space (and so finish the move)?"""
    board = terrain(state)
    gates = board.gate_ids
    nexts = (board.backwards if state.backwards else board.forwards)[space]  # neighbours(), the board read once
    for nxt in nexts:  # noqa: SIM110 (a plain loop: any() on a generator costs more, and listings ask it a lot)
        if nxt not in gates or can_board(state, nxt, active):
            return True
    return False


def blocks(state: PlanesState, space: str) -> bool:
    return blocked(state, space) and not state.ignore_blockages


def start_spaces(state: PlanesState, seat: int) -> Iterator[tuple[str, list[str]]]:
    """Each space a move of `seat` may start from, in order, with the cubes it picks up there."""
    own = state.colour_of(seat)
    cubes = state.cubes
    for space in sorted(cubes):
        if not cubes[space].get(own):
            continue
        active = picked_up(state, seat, space)
        if active and can_go_on(state, space, active):
            yield space, active


def start_options(state: PlanesState, seat: int) -> list[Option]:
    return [option(id=f"from:{space}", label=f"Start at {space}", detail=f"pick up {_cubes_text(active)}")
            for space, active in start_spaces(state, seat)]


def start_ids(state: PlanesState, seat: int) -> list[str]:
    """The ids of `start_options`, without their labels (what a playout lists)."""
    return [f"from:{space}" for space, _ in start_spaces(state, seat)]


def step_ids(state: PlanesState) -> list[str]:
    """The steps open to the move in progress, as option ids (what a playout lists); `step_option` labels each."""
    move = state.move
    assert move is not None
    if move.finished:
        return ["confirm", "redo"]
    active = move.active
    endings: list[str] = []
    steps: list[str] = []
    skips: list[str] = []
    board = terrain(state)
    gates = board.gate_ids
    for nxt in (board.backwards if state.backwards else board.forwards)[move.at]:  # neighbours(), board read once
        if nxt in gates:
            if can_board(state, nxt, active):
                choices = slot_choices(plane_at(state, nxt))
                if len(choices) == 1:
                    endings.append(f"board:{nxt}")
                else:
                    endings += [f"board:{nxt}:{i + 1}" for i in choices]
            continue
        is_blocked = blocked(state, nxt)
        stops_here = is_blocked and not state.ignore_blockages  # blocks(state, nxt)
        endings.append(f"stop:{nxt}")
        if not stops_here and len(active) >= 2:
            for colour in sorted(set(active)):
                rest = list(active)
                rest.remove(colour)
                if can_go_on(state, nxt, rest):
                    steps.append(f"drop:{nxt}:{colour}")
        if not stops_here and len(move.doubles) < state.double_drops and len(active) >= 3:
            for pair in sorted({tuple(sorted((a, b))) for i, a in enumerate(active) for b in active[i + 1:]}):
                rest = list(active)
                rest.remove(pair[0])
                rest.remove(pair[1])
                if can_go_on(state, nxt, rest):
                    steps.append(f"pair:{nxt}:{pair[0]}:{pair[1]}")
        free_pass = state.skips_left > 0 and len(move.skips) < state.skips_left
        if ((state.skip_pending and move.skipped is None) or free_pass) and not is_blocked \
                and can_go_on(state, nxt, active):
            skips.append(f"skip:{nxt}")
    if skips and state.skip_pending and move.skipped is None:
        endings = []  # the shortcut must be used while it still can be (Express Lane's passes are optional)
    # Redo is offered from the pick-up on: a player who chose the wrong start space takes it back at once.
    return [*steps, *skips, *endings, "redo"]


def step_option(state: PlanesState, choice: str) -> Option:
    """The labelled option for a step id that `step_ids` offers now."""
    move = state.move
    assert move is not None
    if choice == "confirm":
        where = f"board at {move.boarded}" if move.boarded else f"end at {move.at}"
        return option(id="confirm", label="Confirm the move", detail=where)
    if choice == "redo":
        if move.finished:
            return option(id="redo", label="Redo the move", detail="put every cube back and start this move again")
        if move.path:
            return option(id="redo", label="Redo the move", detail="start this move again")
        return option(id="redo", label="Pick another start", detail="put the cubes back and choose again")
    kind, _, rest = choice.partition(":")
    if kind == "board":
        gate, _, slot = rest.partition(":")
        if not slot:
            return option(id=choice, label=f"Board the {move.active[0]} cube at {gate}")
        pays = slot_pays(state, side(plane_at(state, gate).side).slots[int(slot) - 1], move.active[0], state.turn)
        # In the label, not only the detail: a button shows its label alone.
        return option(id=choice, label=f"Board the {move.active[0]} cube at {gate}, slot {slot}: {pays}",
                      detail=pays)
    if kind == "stop":
        stops_here = blocked(state, rest) and not state.ignore_blockages  # blocks(state, rest)
        stop_detail = "the space is blocked: the group stops here" if stops_here else "drop every active cube"
        return option(id=choice, label=f"Stop at {rest}", detail=stop_detail)
    if kind == "drop":
        space, colour = rest.split(":")
        return option(id=choice, label=f"Leave a {colour} cube at {space}", detail="and keep moving")
    if kind == "pair":
        space, first, second = rest.split(":")
        return option(id=choice, label=f"Leave a {first} and a {second} cube at {space}",
                      detail="two cubes here, and keep moving")
    assert kind == "skip", choice
    return option(id=choice, label=f"Pass over {rest}", detail="leave no cube there")


def slot_pays(state: PlanesState, reward: Reward, colour: str, mover: int) -> str:
    """What boarding a `colour` cube on a slot with `reward` gives, and to whom: cards and VP tokens to the mover
    now, the yellow stars at the end to the seat of that colour, or to nobody when the colour is neutral (a slot
    must not promise points nobody will get)."""
    now = []
    if reward.cards:
        now.append(f"draw {reward.cards} card{'s' if reward.cards > 1 else ''}")
    if reward.tokens:
        now.append(f"{reward.tokens} VP token{'s' if reward.tokens > 1 else ''}")
    parts = [f"{' and '.join(now)} for you now"] if now else []
    if reward.stars:
        owner = state.owner_of(colour)
        if owner is None:
            parts.append(f"its {reward.stars} VP at the end go to nobody ({colour} is neutral)")
        else:
            parts.append(f"{reward.stars} VP at the end for {'you' if owner == mover else f'Seat {owner + 1}'}")
    return "; ".join(parts) or "nothing"


def _cubes_text(active: list[str]) -> str:
    counts = {c: active.count(c) for c in sorted(set(active))}
    return ", ".join(f"{n} {c}" for c, n in counts.items())


def start(state: PlanesState, seat: int, space: str) -> list[Event]:
    active = picked_up(state, seat, space)
    snapshot = {k: dict(v) for k, v in state.cubes.items()}
    for colour in set(active):
        remove_cube(state, space, colour, active.count(colour))
    # Built without validation (the values are the engine's own, fresh lists and dicts): validating would re-check
    # the snapshot of every space's cubes at every move start. Same fields, order and fields_set as Move(...).
    state.move = trusted_model(Move, {"origin": space, "active": active, "path": [], "drops": [], "at": space,
                                      "skipped": None, "skips": [], "doubles": [], "slot": None, "boarded": None,
                                      "snapshot": snapshot}, {"origin", "active", "at", "snapshot"})
    return []


def step(state: PlanesState, choice: str) -> list[Event]:
    """Apply a legal step option (already checked against step_ids)."""
    move = state.move
    assert move is not None
    kind, _, rest = choice.partition(":")
    if kind == "drop":
        space, colour = rest.split(":")
        move.active.remove(colour)
        add_cube(state, space, colour)
        move.drops.append([space, colour])
        move.path.append(space)
        move.at = space
    elif kind == "stop":
        for colour in move.active:
            add_cube(state, rest, colour)
            move.drops.append([rest, colour])
        move.active = []
        move.path.append(rest)
        move.at = rest
    elif kind == "pair":
        space, first, second = rest.split(":")
        for colour in (first, second):
            move.active.remove(colour)
            add_cube(state, space, colour)
            move.drops.append([space, colour])
        move.doubles.append(space)
        move.path.append(space)
        move.at = space
    elif kind == "skip":
        if state.skip_pending and move.skipped is None:
            move.skipped = rest
        else:
            move.skips.append(rest)
        move.path.append(rest)
        move.at = rest
    elif kind == "board":
        gate, _, slot = rest.partition(":")
        move.drops.append([gate, move.active[0]])
        move.active = []
        move.boarded = gate
        move.slot = int(slot) - 1 if slot else plane_at(state, gate).free[0]
        move.path.append(gate)
        move.at = gate
    return []


def redo(state: PlanesState, seat: int) -> list[Event]:
    """Put the cubes back. The log says what was undone; what to do next is the panel's to say, not the history's."""
    move = state.move
    assert move is not None
    state.cubes = {k: dict(v) for k, v in move.snapshot.items()}
    state.move = None
    return [event(text=f"Seat {seat + 1} took back their unfinished move from {move.origin}; its cubes went back.")]


def confirm(state: PlanesState, seat: int) -> tuple[list[Event], int]:
    """Finish the move. Returns the events and how many cards the seat earned (drawn by the caller)."""
    if state.round_trip:
        return _confirm_round_trip(state, seat)
    move = state.move
    assert move is not None
    who = f"Seat {seat + 1}"
    route = " > ".join([move.origin, *move.path])
    events = [event(text=f"{who} moved {route}.")]
    earned = 0
    if move.boarded:
        colour = move.drops[-1][1]
        plane = plane_at(state, move.boarded)
        plane.slots.append(colour)
        state.track += 1
        if plane.owner is not None:
            events.append(event(text=f"{who} boarded a {colour} cube at {plane.gate} (+5 VP for Seat "
                                     f"{plane.owner + 1} at the end)."))
        else:
            earned = 2
            events.append(event(text=f"{who} boarded a {colour} cube at {plane.gate} and draws 2 cards."))
    state.last_path = [move.origin, *move.path]
    if move.skipped:
        state.skip_pending = False  # the Shortcut has done its work
    state.move = None
    return events, earned


def _confirm_round_trip(state: PlanesState, seat: int) -> tuple[list[Event], int]:
    """Finish the move with Round Trip planes: the slot's cards and VP tokens go to the mover at once, its yellow
    stars to the cube's owner at the end (counted by scoring from the slot)."""
    move = state.move
    assert move is not None
    who = f"Seat {seat + 1}"
    events = [event(text=f"{who} moved {' > '.join([move.origin, *move.path])}.")]
    earned = 0
    if move.boarded:
        colour = move.drops[-1][1]
        plane = plane_at(state, move.boarded)
        slot = move.slot if move.slot is not None else plane.free[0]
        reward = side(plane.side).slots[slot]
        plane.placed = plane.slot_numbers() + [slot]
        plane.slots.append(colour)
        state.track += 1
        earned = reward.cards
        state.tokens[seat] += reward.tokens
        owner = state.owner_of(colour)
        gains = []
        if reward.cards:
            gains.append(f"draws {reward.cards} card{'s' if reward.cards > 1 else ''}")
        if reward.tokens:
            gains.append(f"takes {reward.tokens} VP token{'s' if reward.tokens > 1 else ''}")
        later = f" (+{reward.stars} VP for Seat {owner + 1} at the end)" if reward.stars and owner is not None else ""
        now = f" and {' and '.join(gains)}" if gains else ""
        events.append(event(text=f"{who} boarded a {colour} cube at {plane.gate}, slot {slot + 1}{now}{later}."))
    state.last_path = [move.origin, *move.path]
    if move.skipped:
        state.skip_pending = False
    state.move = None
    return events, earned


def all_aboard(state: PlanesState) -> bool:
    """Round Trip end: has some player boarded all five of their cubes (on any planes)?"""
    return any(sum(p.slots.count(state.colour_of(s)) for p in state.planes) >= 5 for s in range(state.players))


def full_colour(state: PlanesState) -> bool:
    """Has some colour (grey included) filled every plane of its colour?"""
    # One pass (asked after every move): a colour is full when none of its planes has a free slot.
    colours = set()
    open_colours = set()
    for p in state.planes:
        colours.add(p.colour)
        if len(p.slots) < PLANE_CAPACITY:  # not p.full
            open_colours.add(p.colour)
    return len(open_colours) < len(colours)


def explain_illegal(state: PlanesState, seat: int, choice: str) -> str:
    """A sentence for a move choice that is not on offer right now, naming the real reason."""
    kind, _, rest = choice.partition(":")
    move = state.move
    own = state.colour_of(seat)
    if kind == "from":
        if move is not None:
            return f"Your move has already started at {move.origin}: carry on, or redo it to start somewhere else."
        if state.cubes.get(rest, {}).get(own, 0) == 0:
            return f"You have no {own} cube at {rest} to start a move from."
        if not neighbours(state, rest):
            way = "against the arrows" if state.backwards else "along the arrows"
            return f"A move from {rest} could not go anywhere: no space follows it {way}."
        return f"A move from {rest} could not go anywhere: every way on is a gate that group cannot board."
    if move is None:
        return "Pick the space your move starts from first."
    if move.finished:
        return "This move is complete: confirm it or redo it."
    if choice == "confirm":
        return "The move is not finished yet: keep going, or stop in the next space."
    space, _, colour = rest.partition(":")
    shortcut_due = state.skip_pending and move.skipped is None
    if space and space not in neighbours(state, move.at):
        direction = "against the arrows" if state.backwards else "along the arrows"
        return f"{space} is not one step {direction} from {move.at}."
    if kind == "skip":
        if not state.skip_pending:
            return "Only the Shortcut card lets a move pass over a space."
        if move.skipped:
            return f"This move has already passed over {move.skipped}; only one space may be passed over."
        if not space:
            return "Say which space the move passes over."
        if is_gate(state, space):
            return f"{space} is a gate; only an ordinary space can be passed over."
        if blocked(state, space):
            return f"{space} is blocked, so it cannot be passed over."
        return f"{space} cannot be passed over: your group would have nowhere to go after it."
    if space and is_gate(state, space):
        plane = plane_at(state, space)
        if plane.full:
            return f"The plane at {space} is full."
        if can_board(state, space, move.active):
            if kind == "board":  # the only thing holding it back is the pass-over still to make
                return "Your Shortcut card says this move must pass over a space first."
            return f"A cube that steps into gate {space} boards the plane there: choose to board it."
        return f"Gate {space} only takes a {plane.colour} cube, and only as the last cube of a move."
    if kind == "board":
        return f"{space or 'That'} is not a gate; only gates can be boarded."
    if kind == "stop" and shortcut_due:
        return "Your Shortcut card says this move must pass over a space first."
    if kind == "drop":
        if colour not in move.active:
            return f"There is no {colour or 'such'} cube among the cubes you are moving."
        if len(move.active) == 1:
            return f"That {colour} cube is your last: stop at {space} to put it down."
        if blocks(state, space):
            return f"{space} is blocked: your group may end its move there but cannot go past it."
        return f"Leaving that cube at {space} would leave the rest of the group with nowhere to go."
    return "That is not one of the steps you can take now."
