"""The Planecrafters board and hand in words (renderers/words.py): what board.py and hand.py draw, from the same views.

The board, most important first: the round and whose turn, the crowns and what each award would give now, the
depot, then each player's planes slot by slot, sales and employees, the objectives and the employees for hire.
"""

from __future__ import annotations

from typing import Any

from engine.planecrafters.data import SLOT_NAMES
from renderers.planecrafters.style import SLOT_ORDER
from renderers.words import count, listing, seat_name


def describe(view: dict[str, Any]) -> str:
    lines = [_headline(view), _scores(view), _awards(view), _depot(view), *(_factory(view, s) for s in view["seats"]),
             _objectives(view), _pool(view)]
    return "\n".join(line for line in lines if line)


def describe_hand(view: dict[str, Any]) -> str:
    seat = view["seats"][view["seat"]]
    cards = view.get("hand") or []
    head = (f"{seat['name']}'s hand: {count(len(cards), 'card')}; you keep {seat['hand_limit']} at Clean up.")
    return "\n".join([head, *(_card(c) + "." for c in cards)])


def _card(card: dict[str, Any] | None) -> str:
    if card is None:
        return "empty"
    if not card.get("model"):
        return "a Spare Part (fits any slot, worth 1 crown)"
    return f"{card['model']} {SLOT_NAMES.get(card['slot'], card['slot'])}{_star(card)}"


def _star(card: dict[str, Any]) -> str:
    return " (five-part model)" if card.get("star") else ""


def _in_slot(card: dict[str, Any]) -> str:
    """A part in a plane: its slot says what part it is, so the model alone."""
    return f"{card['model']}{_star(card)}" if card.get("model") else "a Spare Part"


def _headline(view: dict[str, Any]) -> str:
    stack = f"Stack: {count(view['stack'], 'card')}."
    if view["over"]:
        return f"Planecrafters, game over. {stack}"
    last = " Last round." if view["ending"] else ""
    return (f"Planecrafters, round {view['round']}. {seat_name(view, view['turn'])}'s turn: "
            f"{view['step_name'].lower()}.{last} {stack}")


def _scores(view: dict[str, Any]) -> str:
    final = view.get("scores")
    parts = []
    for s in view["seats"]:
        head = f"{s['name']}: final score {final[s['seat']]}, " if final else f"{s['name']}: "
        parts.append(f"{head}{count(s['crowns'], 'crown')}, {count(s['hand_count'], 'card')} in hand")
    return "Crowns: " + "; ".join(parts) + "."


def _awards(view: dict[str, Any]) -> str:
    parts = []
    for kind in ("industry", "enterprise", "distinction"):
        shares = view["awards"].get(kind) or {}
        who = listing((f"{seat_name(view, int(s))} {count(c, 'crown')}" for s, c in shares.items()), "nobody yet")
        parts.append(f"{kind} to {who}")
    text = ("Awards: " if view["over"] else "Awards if the game ended now: ") + "; ".join(parts) + "."
    best = view.get("distinction")
    if best:
        plane = listing(_card(c) for c in best["plane"])
        text += f" Best plane sold, worth {best['value']}, by {seat_name(view, best['seat'])}: {plane}."
    return text


def _depot(view: dict[str, Any]) -> str:
    return f"Depot: {listing(_card(c) for c in view['depot'])}."


def _factory(view: dict[str, Any], s: dict[str, Any]) -> str:
    planes = []
    for n, plane in enumerate(s["planes"] or [{}], start=1):
        built = [f"{SLOT_NAMES[slot]} {_in_slot(plane[slot])}" for slot in SLOT_ORDER if slot in plane]
        empty = [SLOT_NAMES[slot] for slot in SLOT_ORDER if slot not in plane]
        if not built:
            planes.append(f"plane {n} empty")
            continue
        planes.append(f"plane {n}: {', '.join(built)}" + (f"; {listing(empty)} empty" if empty else ""))
    staff = _staff(view, s["employees"])
    return (f"{s['name']}'s factory: {'; '.join(planes)}. Sold {count(s['parts_sold'], 'part')} and "
            f"{count(s['planes_sold'], 'plane')}. Employees: {staff}, costing {count(s['employee_cost'], 'crown')}.")


def _staff(view: dict[str, Any], kinds: list[str]) -> str:
    names = {e["kind"]: e["name"] for e in view.get("pool") or []}
    counted: dict[str, int] = {}
    for kind in kinds:
        counted[kind] = counted.get(kind, 0) + 1
    return listing((names.get(k, k) + (f" times {n}" if n > 1 else "") for k, n in counted.items()), "none")


def _objectives(view: dict[str, Any]) -> str:
    open_ = [f"{o['text'].rstrip('.')}, for {count(o['crowns'], 'crown')}" for o in view.get("objectives") or []]
    claimed = [f"{seat_name(view, c['seat'])} met: {c['text'].rstrip('.')}" for c in view.get("claimed") or []]
    parts = []
    if open_:
        parts.append(f"Objectives: {'; '.join(open_)}.")
    if claimed:
        parts.append(f"Claimed: {'; '.join(claimed)}.")
    return " ".join(parts)


def _pool(view: dict[str, Any]) -> str:
    hire = [f"{e['name']} (tier {e['tier']}, {count(e['cost'], 'crown')}, {e['left']} left)"
            for e in view.get("pool") or [] if e["left"]]
    return f"For hire: {listing(hire)}." if hire else "For hire: nobody."


def key(view: dict[str, Any]) -> str:
    """What the board's letters mean, for a newcomer: the panel prints it under the picture."""
    return ("Slots N LW F RW T: nose, left wing, fuselage, right wing, tail (a fuselage is a bonus, not a must). "
            "Two letters on a card (PJ, SW…) name its model; * a model with a fuselage. T1–T3: an employee's tier; "
            "what each does is under its Hire button and in /game rules topic:employees.")
