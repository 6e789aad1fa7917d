"""The Now Boarding board shows what the issue asks for, read from the renderer's own record of its drawing: every
airport, every route colour by its letter, the weather, each waiting passenger's destination and anger, each plane
with its seats, the complaints and the stage."""

from __future__ import annotations

import copy
from typing import Any

from renderers.kit.record import recording
from renderers.now_boarding.board import board_image
from renderers.now_boarding.samples import midgame_view


def drawn_texts(view: dict[str, Any]) -> list[str]:
    with recording() as log:
        board_image(view)
    return [t.text for t in log.texts]


def test_map_airports_route_letters_and_weather() -> None:
    view = midgame_view(4, 5, 200)
    texts = drawn_texts(view)
    for code in view["airports"]:
        assert code in texts
    assert {"G", "O", "R", "B", "P"} <= set(texts)
    assert texts.count("S") + texts.count("T") >= len(view["weather"])


def test_passengers_planes_complaints_and_stage() -> None:
    view = copy.deepcopy(midgame_view(3, 4, 120, vips="off"))
    view["airports"]["DEN"] = [{"face_up": True, "id": "pax:DEN>MIA", "origin": "DEN", "dest": "MIA", "fare": 3,
                                "anger": 2, "vip": ""}, {"face_up": False, "origin": "DEN"}]
    view["seats"][0]["cargo"] = [{"face_up": True, "id": "pax:ATL>JFK", "origin": "ATL", "dest": "JFK", "fare": 2,
                                  "anger": 0, "vip": ""}, {"face_up": True, "id": "pax:ATL>SEA", "origin": "ATL",
                                  "dest": "SEA", "fare": 2, "anger": 3, "vip": "impatient"}]
    view["complaints"] = 2
    with recording() as log:
        board_image(view)
    texts = [t.text for t in log.texts]
    assert "DEN" in texts and "MIA" in texts and "?" in texts and "JFK" in texts
    assert view["stage"] in texts and texts.count("!") == 2
    # The anger is written as a number: 2 on the waiting DEN>MIA card, 3 on the impatient passenger aboard, and no
    # number at all on the calm one.
    assert texts.count("2") == 1 and texts.count("3") == 1 and "0" not in texts
    for seat in view["seats"]:
        assert seat["letter"] in texts and seat["name"] in " ".join(texts)


def test_the_end_says_who_won() -> None:
    view = copy.deepcopy(midgame_view(2, 3, 90, vips="off"))
    view["result"] = "won"
    assert "Everyone wins!" in drawn_texts(view)
    view["result"] = "lost"
    assert "Out of business" in drawn_texts(view)
