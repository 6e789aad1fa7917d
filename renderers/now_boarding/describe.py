"""The Now Boarding board in words (renderers/words.py): what board.py draws, from the same view.

Most important first: the round and phase, the complaints, the passengers waiting at each airport with their anger,
each plane (where it is, its passengers and fare money), then the weather and the cards to come. The game has no
hands: a seat's view is the board.
"""

from __future__ import annotations

from typing import Any

from engine.now_boarding.board import SECOND_HALF
from renderers.words import count, listing

COMPLAINTS_LOST = 3
PHASES = {"setup": "set-up", "weather": "placing the weather", "flight": "flying", "maintenance": "maintenance",
          "over": "over"}


def describe(view: dict[str, Any]) -> str:
    lines = [_headline(view), _waiting(view), _planes(view), _weather(view), _piles(view)]
    return "\n".join(line for line in lines if line)


def describe_hand(view: dict[str, Any]) -> str:
    """Now Boarding has no hands: every pilot sees the board."""
    return describe(view)


def _headline(view: dict[str, Any]) -> str:
    complaints = f"Complaints: {view['complaints']} ({COMPLAINTS_LOST} lose the day)."
    if view["result"]:
        result = "Everyone wins!" if view["result"] == "won" else "Out of business: the game is lost."
        return f"Now Boarding, game over. {result} {complaints}"
    text = f"Now Boarding, {view['round_name']}: {PHASES.get(view['phase'], view['phase'])}. {complaints}"
    placing = view.get("placing")
    if placing:
        a, b = placing["route"].split("-")
        text += (f" {_seat(view, placing['seat'])} places a {placing['kind']} on {a}–{b} "
                 f"({count(placing['left'], 'weather card')} left).")
    return text


def _seat(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "Someone"
    return str(view["seats"][seat]["name"])


def _where(at: str) -> str:
    if "." not in at:
        return f"at {at}"
    route, space = at.split(".")
    a, b = route.split("-")
    storm = ", the storm's far half" if space.endswith(SECOND_HALF) else ""
    return f"in the air between {a} and {b} (space {space.removesuffix(SECOND_HALF)} from {a}{storm})"


def _passenger(card: dict[str, Any]) -> str:
    if not card["face_up"]:
        return "one face down"
    anger = f", anger {card['anger']}" if card["anger"] else ""  # as the picture: no mark while calm
    vip = f", VIP {card['vip']}" if card.get("vip") else ""
    return f"to {card['dest']} (${card['fare']}{anger}{vip})"


def _planes(view: dict[str, Any]) -> str:
    parts = []
    for seat in view["seats"]:
        if not seat["colour"]:
            parts.append(f"{seat['name']}: choosing a plane.")
            continue
        speed = f"speed {seat['speed']}" + (" plus 1 this round" if view["temp"].get("speed") == seat["seat"] else "")
        extra = " plus a temporary seat" if view["temp"].get("seat") == seat["seat"] else ""
        load = [_passenger(card) for card in seat["cargo"]]
        routes = listing(seat["routes"])
        done = " Done for this phase." if seat["done"] and view["phase"] in ("flight", "maintenance") else ""
        credit = f", credit ${seat['credit']}" if seat.get("credit") else ""
        parts.append(
            f"{seat['name']}, {seat['colour']} plane ({seat['letter']}), {_where(seat['at'])}, {speed}, "
            f"flies {routes} routes; {count(seat['seats'], 'seat')}{extra}, carrying "
            f"{listing(load, 'nobody')}; ${seat['money']} in fares{credit}, "
            f"{seat['delivered']} delivered, ${seat['earned']} earned.{done}")
    return "Planes: " + " ".join(parts)


def _waiting(view: dict[str, Any]) -> str:
    parts, nobody = [], []
    for code, cards in view["airports"].items():
        if cards:
            parts.append(f"{code}: {listing(_passenger(c) for c in cards)}.")
        else:
            nobody.append(code)
    text = "Waiting: " + (" ".join(parts) if parts else "nobody.")
    if nobody and parts:
        text += f" Nobody at {listing(nobody)}."
    return text


def _weather(view: dict[str, Any]) -> str:
    tokens = [f"{w['kind']} on {w['route'].replace('-', '–')} (space {w['space']})" for w in view["weather"]]
    return f"Weather: {listing(tokens)}." if tokens else ""


def _piles(view: dict[str, Any]) -> str:
    morning, afternoon, evening = view["piles"]
    text = (f"Passengers to come: morning {morning}, afternoon {afternoon}, evening {evening}; "
            f"{view['draw_per_round']} drawn a round.")
    if view.get("complaint_cards"):
        text += f" Complaints from {listing(c.replace('>', ' to ') for c in view['complaint_cards'])}."
    return text


def key(view: dict[str, Any]) -> str:
    """What the board's marks mean, for a newcomer: the panel prints it under the picture."""
    return ("To come M A E: passengers still in the Morning, Afternoon and Evening piles. ?: a passenger who just "
            "checked in, turned face up when the next flight starts. Round marks: the pilots' planes, by letter. "
            "Square marks: a route's colour, which a plane needs to fly it; white dots are open to all.")
