"""Now Boarding pictures for the rule tests, the gallery and the benchmark (see renderers/catalogue.py)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.ai.selfplay import playout
from engine.core.play import apply, new_game
from engine.now_boarding.data import catalog
from engine.now_boarding.game import GAME
from renderers.catalogue import Palette, Sample
from renderers.now_boarding.board import board_image
from renderers.now_boarding.panel import name_stands_tall
from renderers.now_boarding.style import ROUTE_FILL

LONG_NAMES = ["Maximiliana Featherstonehaugh-Wolfeschlegel", "Bartholomew the Unbelievably Patient", "Q",
              "Zoë Ångström-Łukasiewicz of the Northern Isles", "Ana"]


def midgame_view(players: int, seed: int, choices: int, vips: str = "on") -> dict[str, Any]:
    """The public view after the first `choices` choices of a seeded greedy-team game."""
    options = {"vips": vips}
    run = playout(GAME, players, seed, options)
    state = new_game(GAME, players, seed, options)
    for action in run.actions[:choices]:
        state, _ = apply(GAME, state, action.seat, action.choice)
    return GAME.view(state, None)


def long_names(view: dict[str, Any]) -> dict[str, Any]:
    view = copy.deepcopy(view)
    for seat, name in zip(view["seats"], LONG_NAMES, strict=False):
        seat["name"] = name
    return view


def crowded(view: dict[str, Any]) -> dict[str, Any]:
    """Every plane full of VIPs with three anger, and a long queue at every airport: the most the panels hold."""
    view = copy.deepcopy(view)
    card = {"face_up": True, "id": "x", "origin": "ATL", "dest": "MIA", "fare": 1, "anger": 3, "vip": "Grumpy"}
    for seat in view["seats"]:
        seat["seats"] = 5
        seat["cargo"] = [dict(card)] * 5
    for code in view["airports"]:
        view["airports"][code] = [dict(card)] * 4
    return view


def weather_anywhere(view: dict[str, Any]) -> dict[str, Any]:
    """The team placing the Evening's weather: tokens next to airports and on a one-space route, planes stopped in a
    storm's halves and on a plain space between airports."""
    view = copy.deepcopy(view)
    view["weather"] = [{"route": "ATL-DEN", "space": 1, "kind": "storm"},
                       {"route": "DFW-LAX", "space": 3, "kind": "tailwind"},
                       {"route": "LAX-SFO", "space": 1, "kind": "storm"},
                       {"route": "ORD-SFO", "space": 3, "kind": "tailwind"},
                       {"route": "ATL-MIA", "space": 1, "kind": "storm"}]
    view["placing"] = {"route": "JFK-ORD", "kind": "tailwind", "seat": 2, "left": 1}
    view["phase"] = "weather"
    for seat, at in zip(view["seats"], ["ATL-DEN.1s", "LAX-SFO.1", "ORD-SFO.1"], strict=False):
        seat["at"] = at
    return view


def choosing_planes(view: dict[str, Any]) -> dict[str, Any]:
    """Set-up while two of three pilots still choose their planes: only the one taken is on the map."""
    view = copy.deepcopy(view)
    view["phase"] = "setup"
    for seat in view["seats"][1:]:
        seat.update(colour="", letter="", at="", cargo=[], routes=[])
    return view


def swap_green_red(view: dict[str, Any]) -> dict[str, Any]:
    """The same position with the green and red planes exchanged (their colours, letters and places)."""
    view = copy.deepcopy(view)
    swap = {"green": "red", "red": "green"}
    letters = {"green": "R", "red": "G"}
    for seat in view["seats"]:
        if seat["colour"] in swap:
            seat["letter"] = letters[seat["colour"]]
            seat["colour"] = swap[seat["colour"]]
    return view


def _map_and_stage(view: dict[str, Any]) -> list[str]:
    """The stage the day is in (or how it ended) and the airports' codes on the map (the routes a pilot picks, the
    queues' places)."""
    headline = {"won": "Everyone wins!", "lost": "Out of business"}.get(view["result"] or "", view["stage"])
    return [headline, *catalog().side_airports(view["side"])]


def _read_most(view: dict[str, Any]) -> list[str]:
    """The stage, the map's codes and each pilot's name (a name too long or too tall for the larger type is at the
    floor)."""
    return _map_and_stage(view) + [seat["name"] for seat in view["seats"] if name_stands_tall(seat["name"])]


SAMPLES = [
    Sample("now-boarding-board", "board", "Now Boarding, four pilots with VIPs (Afternoon)",
           lambda: midgame_view(4, 5, 200), board_image, swap_colours=swap_green_red, read_most=_read_most),
    Sample("now-boarding-small", "board", "Now Boarding, two pilots on the small map",
           lambda: midgame_view(2, 3, 90, vips="off"), board_image, swap_colours=swap_green_red,
           read_most=_read_most),
    Sample("now-boarding-weather", "board", "Now Boarding: weather placed anywhere, planes stopped between airports",
           lambda: weather_anywhere(midgame_view(3, 4, 120, vips="off")), board_image, swap_colours=swap_green_red,
           read_most=_read_most),
    Sample("now-boarding-choosing", "board", "pilots still choosing their planes",
           lambda: choosing_planes(midgame_view(3, 4, 120, vips="off")), board_image, docs=False,
           read_most=_read_most),
    Sample("now-boarding-five", "board", "five pilots", lambda: midgame_view(5, 8, 330), board_image, docs=False,
           read_most=_read_most),
    Sample("now-boarding-long-names", "board", "long names", lambda: long_names(midgame_view(5, 2, 150)),
           board_image, docs=False, read_most=_map_and_stage),
    Sample("now-boarding-crowded", "board", "full planes and long queues", lambda: crowded(midgame_view(5, 2, 150)),
           board_image, docs=False, read_most=_map_and_stage),
]

PALETTES = [Palette("Now Boarding route colours", dict(ROUTE_FILL), live=ROUTE_FILL)]
