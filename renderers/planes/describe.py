"""The Planes board and hand in words (renderers/words.py): what board.py and hand.py draw, from the same views.

The board, most important first: whose turn and what is happening, the scores, a move in progress, each plane's
seats and who is aboard, each space's cubes by colour, what each kind of plane scores, the goals scored, then the
cards and the points of interest.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.planes.board import POI_NAMES
from engine.planes.terrain import load
from renderers.words import count, listing

COLOURS = ("red", "blue", "green", "yellow", "grey")
EFFECTS = {"backwards": "moves go against the arrows", "only_own": "only your own cubes move",
           "ignore_neutral": "grey cubes stay behind", "ignore_blockages": "cones do not block",
           "skip": "one space is skipped", "move_twice": "two moves", "only_neutral": "only grey cubes move",
           "double_drops": "each drop leaves two cubes", "skip_two": "two spaces are skipped"}
REWARDS = {"cards": "card", "tokens": "VP token", "stars": "VP at the end"}


def describe(view: dict[str, Any]) -> str:
    lines = [_headline(view), _scores(view), _move(view), _planes(view), _cubes(view), _sides(view), _goals(view),
             _cards(view), _pois(view)]
    return "\n".join(line for line in lines if line)


def describe_hand(view: dict[str, Any]) -> str:
    seat = view["seats"][view["you"]]
    cards = view.get("hand") or []
    head = f"{seat['name']}'s hand ({seat['colour']} cubes): {count(len(cards), 'card')}."
    return "\n".join([head, *(_card(c) for c in cards)])


def _card(card: dict[str, Any]) -> str:
    met = " Its goal is met on the board now." if card.get("scorable") else ""
    return (f"{card['title']}, {card['vp']} VP. Action: {_sentence(card['action'])} "
            f"Goal: {_sentence(card['goal'])}{met}")


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def owners(view: dict[str, Any]) -> dict[str, str]:
    """Cube colour -> the seat that plays it."""
    return {s["colour"]: s["name"] for s in view["seats"]}


def _colour(view: dict[str, Any], colour: str) -> str:
    name = owners(view).get(colour)
    return f"{colour} ({name})" if name else colour


def _headline(view: dict[str, Any]) -> str:
    title = load(view["airport"]).title
    track = f"Boarding track at {view['track']} of {view['track_end']}."
    if view["phase"] == "over":
        winners = [view["seats"][w]["name"] for w in view.get("winners") or []]
        return f"{title}. Game over, won by {listing(winners, 'nobody')}. {track}"
    seat = view["seats"][view["turn"]]
    last = ", last round" if view.get("end") else ""
    text = f"{title}. {seat['name']}'s turn ({seat['colour']}), {view['phase']} phase{last}. {track}"
    if view.get("action"):
        text += f" Action in play: {view['action']['title']}: {_sentence(view['action']['text'])}"
    effects = [EFFECTS.get(e, e.replace("_", " ")) for e in view.get("effects") or []]
    if effects:
        text += f" In force: {listing(effects)}."
    if view.get("draft"):
        text += (f" Passing cards on: {view['seats'][view['draft']['seat']]['name']} picks, "
                 f"{count(view['draft']['cards'], 'card')} travelling.")
    return text


def _scores(view: dict[str, Any]) -> str:
    parts = []
    for s in view["seats"]:
        if view.get("round_trip"):
            figures = (f"{s['score']} VP, {count(s['tokens'], 'VP token')}, {s['aboard']} aboard, "
                       f"{count(s['hand_size'], 'card')} in hand")
        else:
            figures = (f"{s['score']} VP, {s['goal_vp']} from goals, {s['boarded']} boarded, "
                       f"{count(s['hand_size'], 'card')} in hand")
        parts.append(f"{s['name']} ({s['colour']}): {figures}")
    return "Scores: " + "; ".join(parts) + "."


def _move(view: dict[str, Any]) -> str:
    move = view.get("move")
    if not move:
        path = view.get("last_path") or []
        return f"Last move: {' to '.join(path)}." if len(path) > 1 else ""
    carried = Counter(move["active"])
    group = listing(f"{n} {_colour(view, c)}" for c, n in carried.items()) if carried else "no cubes"
    if not move["path"]:
        return f"Moving {group} from {move['origin']}, not moved yet."
    text = f"Moving {group} from {move['origin']} by way of {', '.join(move['path'])}, now at {move['at']}"
    drops = [f"{_colour(view, c)} at {space}" for space, c in move.get("drops") or []]
    if drops:
        text += f"; dropped {listing(drops)}"
    return text + "."


def _planes(view: dict[str, Any]) -> str:
    parts = []
    for plane in view["planes"]:
        owner = plane.get("owner")
        whose = f"{view['seats'][owner]['name']}'s {plane['colour']} plane" if owner is not None else (
            f"neutral {plane['colour']} plane")
        aboard = Counter(plane["slots"])
        who = listing(f"{n} {_colour(view, c)}" for c, n in aboard.items()) + " aboard" if aboard else "empty"
        free = plane["capacity"] - len(plane["slots"])
        text = f"{plane['gate']}, {whose}: {who}, {count(free, 'seat')} free"
        rewards = plane.get("rewards") or []
        if view.get("round_trip") and free and len(plane["slots"]) < len(rewards):
            earned = rewards[len(plane["slots"])]
            gains = [count(earned[k], REWARDS[k], "VP at the end" if k == "stars" else None)
                     for k in ("cards", "tokens", "stars") if earned.get(k)]
            if gains:
                text += f", the next earns {listing(gains)}"
        parts.append(text + ".")
    return "Planes: " + " ".join(parts)


def _sides(view: dict[str, Any]) -> str:
    """What each plane scores, once per kind of plane (the planes' own line would repeat it for every gate)."""
    gates: dict[str, list[str]] = {}
    for plane in view["planes"]:
        gates.setdefault(plane["title"], []).append(plane["gate"])
    return "Plane sides: " + "; ".join(f"{listing(g)} {'is' if len(g) == 1 else 'are'} {title}"
                                       for title, g in gates.items()) + "."


def _cubes(view: dict[str, Any]) -> str:
    cones = set(view.get("cones") or [])
    parts, empty = [], []
    for space, cubes in view["cubes"].items():
        shown = [f"{cubes[c]} {c}" for c in COLOURS if cubes.get(c)]
        blocked = " (blocked by a cone)" if space in cones else ""
        if shown:
            parts.append(f"{space}{blocked}: {', '.join(shown)}.")
        else:
            empty.append(space + blocked)
    text = "Cubes: " + (" ".join(parts) if parts else "none on the board.")
    if empty:
        text += f" Empty: {', '.join(empty)}."
    return text


def _goals(view: dict[str, Any]) -> str:
    parts = []
    for s in view["seats"]:
        goals = [f"{g['title']} ({g['vp']} VP)" for g in s["goals"]]
        if goals:
            parts.append(f"{s['name']}: {', '.join(goals)}")
    return "Goals scored: " + "; ".join(parts) + "." if parts else ""


def _cards(view: dict[str, Any]) -> str:
    text = f"Draw pile {count(view['deck'], 'card')}, discards {count(view['discard'], 'card')}."
    aside = [f"{c['title']} ({POI_NAMES.get(c['poi'], c['poi'])})" for c in view.get("set_aside") or []]
    if aside:
        text += f" Set aside face up: {listing(aside)}."
    if view.get("scenario"):
        text += f" Scenario: {view['scenario'].replace('_', ' ')}."
    return text


def _pois(view: dict[str, Any]) -> str:
    places = [f"{space} {listing(POI_NAMES.get(p, p).lower() for p in pois)}" for space, pois in view["pois"].items()]
    return "Points of interest: " + "; ".join(places) + "." if places else ""


def key(view: dict[str, Any]) -> str:
    """What the board's letters mean, for a newcomer: the panel prints it under the picture."""
    played = {s["colour"] for s in view["seats"]}
    spare = [c for c in COLOURS[:4] if c not in played]
    nobody = ""
    if spare:
        nobody = f" Nobody plays {' or '.join(spare)}: those cubes and planes are neutral, like grey ones."
    # How a cube boards is the move prompt's: said once on a panel is enough.
    return ("P1–P4: start spaces (P1's cubes board at G1, and so on). G1–G4: gates of the players' colours' planes. "
            "N: gates of grey planes. Other letters: plain spaces. A chip such as R3 is three red cubes (B blue, "
            f"G green, Y yellow, N grey).{nobody}")
