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
                                  "anger": 0, "vip": ""}]
    view["complaints"] = 2
    with recording() as log:
        board_image(view)
    texts = [t.text for t in log.texts]
    assert "DEN" in texts and "MIA" in texts and "?" in texts and "JFK" in texts
    assert view["stage"] in texts and texts.count("!") == 2
    # Two anger squares on the DEN>MIA card: small filled rectangles on the right of its chip.
    squares = [s for s in log.shapes if s.kind == "rectangle" and s.bbox[2] - s.bbox[0] < 10]
    assert len(squares) >= 2
    for seat in view["seats"]:
        assert seat["letter"] in texts and seat["name"] in " ".join(texts)


def test_the_end_says_who_won() -> None:
    view = copy.deepcopy(midgame_view(2, 3, 90, vips="off"))
    view["result"] = "won"
    assert "Everyone wins!" in drawn_texts(view)
    view["result"] = "lost"
    assert "Out of business" in drawn_texts(view)
