"""The Now Boarding board shows what the issue asks for, read from the renderer's own record of its drawing: every
airport, every route colour by its letter, the weather, each waiting passenger's destination and anger, each plane
with its seats, the complaints and the stage."""

from __future__ import annotations

import copy
import math
from typing import Any

from engine.core.ai.selfplay import playout
from engine.core.play import apply, new_game
from engine.now_boarding.game import GAME
from renderers.kit.record import check_layout, recording
from renderers.now_boarding.board import board_image
from renderers.now_boarding.places import (
    STORM_R,
    airport_xy,
    gap,
    marker_places,
    node_xy,
    storm_halves,
    token_places,
)
from renderers.now_boarding.samples import choosing_planes, crowded, long_names, midgame_view, weather_anywhere
from renderers.now_boarding.style import AIRPORT_HALF, TOKEN_R


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
    for code in view["airports"]:
        view["airports"][code] = []
    for seat in view["seats"]:
        seat["cargo"] = []
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


def test_a_storm_is_drawn_as_two_spaces_and_a_tailwind_as_one() -> None:
    view = copy.deepcopy(midgame_view(3, 4, 120, vips="off"))
    view["weather"] = [{"route": "ATL-DEN", "space": 1, "kind": "storm"},
                       {"route": "LAX-SFO", "space": 1, "kind": "storm"},
                       {"route": "DFW-LAX", "space": 3, "kind": "tailwind"}]
    texts = drawn_texts(view)
    assert texts.count("S") == 4 and texts.count("T") == 1
    weather = (("ATL-DEN", 1, "storm"),)
    first, second = storm_halves("ATL-DEN", 1)
    assert node_xy("ATL-DEN.1", weather) == first and node_xy("ATL-DEN.1s", weather) == second
    assert node_xy("ATL-DEN.1", ()) != first  # without the storm the space has one place, between the two


def test_storm_halves_keep_clear_of_the_airports_on_a_one_space_route() -> None:
    for route in ("LAX-SFO", "ATL-MIA"):
        a, b = route.split("-")
        for half in storm_halves(route, 1):
            for code in (a, b):
                x, y = airport_xy(code)
                dx, dy = abs(half[0] - x), abs(half[1] - y)
                assert dx > AIRPORT_HALF[0] + STORM_R - 1 or dy > AIRPORT_HALF[1] + STORM_R - 1, (route, code)
        (x1, y1), (x2, y2) = storm_halves(route, 1)
        assert math.dist((x1, y1), (x2, y2)) >= 2 * STORM_R - 4  # two discs, not one


def test_the_weather_being_placed_and_planes_between_airports() -> None:
    view = weather_anywhere(midgame_view(3, 4, 120, vips="off"))
    texts = drawn_texts(view)
    assert "Tailwind on JFK-ORD" in texts and "Placing weather" in texts
    assert all(seat["letter"] in texts for seat in view["seats"])


def test_pilots_still_choosing_have_no_plane_yet() -> None:
    view = choosing_planes(midgame_view(3, 4, 120, vips="off"))
    texts = drawn_texts(view)
    assert texts.count("choosing a plane") == 2 and "?" in texts


def layout_problems(view: dict[str, Any]) -> list[str]:
    with recording() as log:
        image = board_image(view)
    return check_layout(log, image.size)


def test_tokens_on_routes_that_leave_an_airport_side_by_side_keep_apart() -> None:
    # SEA-ORD and SEA-JFK leave Seattle almost together: their second spaces' places are 18 px apart.
    weather = (("SEA-ORD", 2, "tailwind"), ("SEA-JFK", 2, "storm"))
    places = token_places(weather)
    tailwind, halves = places[("SEA-ORD", 2)][0], places[("SEA-JFK", 2)]
    half = (TOKEN_R, TOKEN_R)
    assert all(gap(tailwind, half, h, half) >= 0 for h in halves)
    view = copy.deepcopy(midgame_view(4, 5, 200))
    view["weather"] = [{"route": r, "space": k, "kind": kind} for r, k, kind in weather]
    assert layout_problems(view) == []


def test_a_token_beside_an_airport_slides_clear_of_its_box() -> None:
    # DEN-LAX's first space is next to Denver's box: the storm's halves move along the route, away from it.
    den = airport_xy("DEN")
    for half in token_places((("DEN-LAX", 1, "storm"),))[("DEN-LAX", 1)]:
        assert gap(half, (TOKEN_R, TOKEN_R), den, AIRPORT_HALF) >= 0


def test_planes_crowding_a_corner_airport_never_cover_its_code() -> None:
    view = copy.deepcopy(midgame_view(5, 8, 330))
    view["weather"] = [{"route": "SEA-SFO", "space": 1, "kind": "tailwind"}]
    for seat in view["seats"]:
        seat["at"] = "SEA"
    assert layout_problems(view) == []
    (cluster,) = marker_places("large", (("SEA-SFO", 1, "tailwind"),), (("SEA", 5),))
    # By Seattle: nearer it than any other airport, so that they are read as being there.
    for centre in cluster:
        assert math.dist(centre, airport_xy("SEA")) < min(
            math.dist(centre, airport_xy(c)) for c in ("SFO", "DEN", "ORD"))


def test_five_pilots_fit_with_full_planes_and_the_temporary_seat() -> None:
    view = crowded(long_names(midgame_view(5, 2, 150)))
    view["temp"] = {"seat": 0, "speed": 1}
    view["seats"][0]["cargo"] = view["seats"][0]["cargo"][:5]
    assert layout_problems(view) == []
    texts = drawn_texts(view)
    assert "+1" in texts and sum("spd" in t for t in texts) == 5


def test_the_cards_to_come_fit_the_panel_with_two_digit_piles() -> None:
    view = copy.deepcopy(midgame_view(4, 5, 200))
    view["piles"] = [30, 35, 37]
    line = next(t for t in drawn_texts(view) if t.startswith("To come"))
    assert "…" not in line and all(str(n) in line for n in (30, 35, 37))
    assert layout_problems(view) == []


def test_the_key_names_only_the_marks_on_the_board() -> None:
    view = copy.deepcopy(midgame_view(2, 3, 90, vips="off"))
    view["weather"] = []
    texts = drawn_texts(view)
    assert not any("storm" in t or "tailwind" in t or "VIP" in t for t in texts)
    view["weather"] = [{"route": "ATL-DEN", "space": 1, "kind": "storm"}]
    texts = drawn_texts(view)
    assert any("storm" in t for t in texts) and not any("tailwind" in t for t in texts)


def test_boards_of_a_five_pilot_game_are_never_clipped_or_crowded() -> None:
    """Every few choices of a seeded five-pilot game, with members' names: nothing clipped, covered or too small."""
    names = ["Ada", "Bartholomew the Patient", "Chen", "Dagny Featherstonehaugh", "Esperanza"]
    run = playout(GAME, 5, 3, {"vips": "on"})
    state = new_game(GAME, 5, 3, {"vips": "on"})
    for n, action in enumerate(run.actions):
        state, _ = apply(GAME, state, action.seat, action.choice)
        if n % 25:
            continue
        view = GAME.view(state, None)
        for seat, name in zip(view["seats"], names, strict=True):
            seat["name"] = name
        assert layout_problems(view) == [], n
