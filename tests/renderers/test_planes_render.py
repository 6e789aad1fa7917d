"""Planes images: valid PNGs of the landscape size, deterministic, drawn from a view only, and showing what the
issue asked for (the carried group where it is, marks without letters, seats told apart without colour)."""

from __future__ import annotations

import copy
import inspect
import io
import json
from typing import Any

import pytest
from PIL import Image

import renderers.planes
from engine.core.ai.selfplay import playout
from engine.core.play import new_game
from engine.planes.game import GAME
from renderers import for_game
from renderers.kit.record import check_layout, recording
from renderers.planes import board as planes
from renderers.planes.board import layout_for
from renderers.planes.hand import hand_image
from renderers.planes.layout import HEIGHT, WIDTH
from renderers.planes.samples import long_names, longest_cards, midgame_view, moving_view

AIRPORTS = ["flying_cloud", "zephyr"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def setup_view(airport_id: str, players: int, seat: int | None = None) -> dict[str, Any]:
    return GAME.view(new_game(GAME, players, 11, {"airport": airport_id}), seat)


def texts(draw: Any, view: dict[str, Any]) -> list[str]:
    with recording() as log:
        draw(view)
    return [t.text for t in log.texts]


def test_registry_finds_the_planes_renderer() -> None:
    assert for_game("planes") is renderers.planes


@pytest.mark.parametrize("airport_id", [*AIRPORTS, "practice"])
@pytest.mark.parametrize("players", [2, 4])
def test_setup_board_is_a_landscape_png(airport_id: str, players: int) -> None:
    data = planes.render_board(setup_view(airport_id, players))
    assert decode(data).size == (WIDTH, HEIGHT) == (1200, 900)
    assert len(data) < 500_000


@pytest.mark.parametrize("airport_id", AIRPORTS)
def test_every_phase_of_a_whole_game_renders(airport_id: str) -> None:
    """Sample views across a seeded random game, through to the end, and render each one."""
    seen: dict[str, dict[str, Any]] = {}

    def keep(_before: Any, _action: Any, after: Any) -> None:
        view = GAME.view(after, None)
        seen.setdefault(view["phase"], view)
        if view["move"] and "moving" not in seen:
            seen["moving"] = view

    result = playout(GAME, 3, 5, {"airport": airport_id}, on_step=keep)
    assert GAME.view(result.state, None)["phase"] == "over"
    assert {"action", "move", "over", "moving"} <= set(seen)
    for view in seen.values():
        assert decode(planes.render_board(view)).size == (WIDTH, HEIGHT)
    assert "Game over. Won by" in " ".join(texts(planes.board_image, seen["over"]))


def test_the_carried_group_is_drawn_where_it_is() -> None:
    view = moving_view("zephyr", 3)
    move = view["move"]
    with recording() as log:
        planes.board_image(view)
    _board, layout = layout_for(view)
    x0, y0, x1, y1 = layout.boxes[move["at"]]
    inside = [t.text for t in log.texts if x0 <= t.bbox[0] and t.bbox[2] <= x1 and y0 <= t.bbox[1] and t.bbox[3] <= y1]
    carried = {c: move["active"].count(c) for c in move["active"]}
    letters = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "grey": "N"}
    for colour, count in carried.items():
        assert f"{letters[colour]}{count}" in inside, (colour, inside)
    without = copy.deepcopy(view)
    without["move"]["active"] = []
    assert planes.render_board(view) != planes.render_board(without)


def test_no_letter_means_two_things_on_the_board() -> None:
    """Points of interest are pictograms named in the legend; a lone letter is only ever a cube colour."""
    view = midgame_view("flying_cloud", 13, 1014)
    drawn = texts(planes.board_image, view)
    singles = {t for t in drawn if len(t) == 1 and t.isalpha()}
    assert singles <= {"R", "B", "G", "Y", "N", "S"}  # S: the start of the path, on a round badge
    for name in ("restroom", "fast food", "gift shop", "help desk", "fine dining", "blocked", "carried", "path"):
        assert name in drawn


def test_the_seat_to_play_is_marked_without_colour() -> None:
    view = setup_view("zephyr", 4)
    other = copy.deepcopy(view)
    other["turn"] = (view["turn"] + 1) % 4
    assert planes.render_board(view) != planes.render_board(other)


def test_a_crowded_space_and_a_cone_still_render() -> None:
    view = setup_view("zephyr", 4)
    view["cubes"]["C"] = {"red": 3, "blue": 3, "green": 3, "yellow": 3, "grey": 15}
    view["cones"] = ["C"]
    plain = setup_view("zephyr", 4)
    assert planes.render_board(view) != planes.render_board(plain)


def test_the_last_path_and_boarded_slots_change_the_picture() -> None:
    base = setup_view("flying_cloud", 3)
    moved = copy.deepcopy(base)
    moved["last_path"] = ["P1", "a2", "a3"]
    boarded = copy.deepcopy(base)
    boarded["planes"][0]["slots"] = ["red", "red"]
    images = {planes.render_board(v) for v in (base, moved, boarded)}
    assert len(images) == 3


def test_rendering_is_deterministic() -> None:
    view = midgame_view("zephyr", 3, 90)
    again = json.loads(json.dumps(view))
    assert planes.render_board(view) == planes.render_board(again)
    hand = midgame_view("zephyr", 3, 90, seat=1)
    assert renderers.planes.render_hand(hand) == renderers.planes.render_hand(json.loads(json.dumps(hand)))


def test_board_does_not_use_a_seats_private_part() -> None:
    public = midgame_view("flying_cloud", 4, 80)
    private = midgame_view("flying_cloud", 4, 80, seat=2)
    assert "hand" in private and "hand" not in public
    assert planes.render_board(public) == planes.render_board(private)


def test_renderer_only_ever_receives_a_view() -> None:
    for fn in (renderers.planes.render_board, renderers.planes.render_hand):
        assert list(inspect.signature(fn).parameters) == ["view"]
    for module in (planes, renderers.planes.hand, renderers.planes.panel):
        source = inspect.getsource(module)
        assert "PlanesState" not in source and "engine.planes.game" not in source


def test_hand_lists_every_card_and_marks_scorable_goals() -> None:
    view = setup_view("zephyr", 3, seat=0)
    assert view["hand"]
    for card in view["hand"]:
        card["scorable"] = False
    assert "scorable now" not in texts(hand_image, view)
    view["hand"][0]["scorable"] = True
    drawn = texts(hand_image, view)
    assert drawn.count("scorable now") == 1
    for card in view["hand"]:
        assert any(card["title"].startswith(t.rstrip("…")) or t in card["title"] for t in drawn)
    view["hand"] = []
    assert "No cards in hand." in texts(hand_image, view)


@pytest.mark.parametrize("cards", [1, 3, 5, 8, 12, 20])
def test_a_bigger_hand_stays_readable(cards: int) -> None:
    """More cards take more columns and shorter texts, keeping the image within 1200 x 900 (the shown third of it)."""
    view = setup_view("zephyr", 3, seat=0)
    pool = view["hand"] * 7
    view["hand"] = pool[:cards]
    with recording() as log:
        image = hand_image(view)
    assert image.width == 1200 and image.height <= 900
    assert check_layout(log, image.size) == []


@pytest.mark.parametrize("cards", [1, 2, 3])
def test_a_usual_hand_shows_every_word_of_its_longest_cards(cards: int) -> None:
    view = setup_view("zephyr", 3, seat=0)
    view["hand"] = longest_cards(cards)
    drawn = " ".join(texts(hand_image, view))
    assert "…" not in drawn.replace(view["seats"][0]["name"], "")
    for card in view["hand"]:
        assert card["action"] in drawn and card["goal"] in drawn


@pytest.mark.parametrize("cards", [4, 6, 8, 12, 16, 20])
def test_every_card_of_a_big_hand_keeps_its_names_points_and_mark(cards: int) -> None:
    """The longest cards, every one scorable: texts may be cut ('…'), never a card's points or its band, and each
    card still shows the start of its action and goal names."""
    view = long_names(setup_view("zephyr", 3, seat=0))
    view["hand"] = longest_cards(cards, scorable=True)
    with recording() as log:
        image = hand_image(view)
    assert image.width == 1200 and image.height <= 900
    assert check_layout(log, image.size) == []
    drawn = [t.text for t in log.texts]
    assert drawn.count("scorable now") == cards
    assert len([t for t in drawn if t.endswith(" VP")]) == cards
    for card in view["hand"]:
        for name in card["title"].split(" / "):
            assert any(t.rstrip("…") and name.startswith(t.rstrip("…")[:4]) for t in drawn), name


def test_a_hand_too_big_for_the_picture_shows_what_fits_scorable_ones_first() -> None:
    """The rules set no hand limit: past what fits by the names alone the picture says how many it shows, and the
    hand's description (describe_hand) lists every card."""
    view = setup_view("zephyr", 3, seat=0)
    cards = longest_cards(30)
    view["hand"] = cards + [{**c, "scorable": True} for c in cards[:10]]
    with recording() as log:
        image = hand_image(view)
    assert image.width == 1200 and image.height <= 900
    assert check_layout(log, image.size) == []
    drawn = [t.text for t in log.texts]
    shown = len([t for t in drawn if t.endswith(" VP")])
    assert 20 <= shown < 40
    assert any(f"40 cards, {shown} shown" in t for t in drawn)
    assert drawn.count("scorable now") == 10


@pytest.mark.parametrize(("airport_id", "players", "seed"), [("flying_cloud", 4, 21), ("zephyr", 3, 8),
                                                              ("practice", 2, 4)])
def test_every_rule_holds_all_through_a_game(airport_id: str, players: int, seed: int) -> None:
    """Positions every so often through a seeded game (moves in progress among them), with long names: no text is
    small, clipped or hidden and every colour patch carries its letter, on the board and the hand of the seat to
    play."""
    from renderers.kit.record import unlabelled_patches
    from renderers.planes.style import CUBE_FILL

    views: list[dict[str, Any]] = []

    def keep(_before: Any, _action: Any, after: Any) -> None:
        views.append(GAME.view(after, after.turn))

    playout(GAME, players, seed, {"airport": airport_id}, on_step=keep)
    picked = [*views[:: max(1, len(views) // 6)], *[v for v in views if v["move"]][::60], views[-1]]
    for view in picked:
        named = long_names(view)
        public = {k: v for k, v in named.items() if k not in ("you", "hand")}
        for draw, shown in ((planes.board_image, public), (hand_image, named)):
            with recording() as log:
                image = draw(shown)
            problems = check_layout(log, image.size) + unlabelled_patches(log, set(CUBE_FILL.values()))
            assert not problems, f"turn {view['turns']}, {draw.__name__}:\n" + "\n".join(problems[:10])


def test_a_space_too_full_for_its_chips_shows_the_first_ones_and_how_many_more() -> None:
    """Five colours with two-digit counts and a cone do not fit a short space at 38 px: the chips that fit are drawn,
    then a white '+n' chip for the n cubes left out; a space with room shows every chip and no '+'."""
    view = setup_view("azure", 4)
    _board, layout = layout_for(view)
    space = min((s for s in view["cubes"] if not s.startswith(("G", "N"))),
                key=lambda s: layout.boxes[s][3] - layout.boxes[s][1])
    counts = {"red": 12, "blue": 10, "green": 11, "yellow": 13, "grey": 20}
    view["cubes"][space] = dict(counts)
    x0, y0, x1, y1 = layout.boxes[space]
    with recording() as log:
        planes.board_image(view)
    inside = [t.text for t in log.texts if x0 <= t.bbox[0] and t.bbox[2] <= x1 and y0 <= t.bbox[1] and t.bbox[3] <= y1]
    more = [t for t in inside if t.startswith("+")]
    assert len(more) == 1, inside
    shown = sum(int(t[1:]) for t in inside if t[:1] in "RBGYN" and t[1:].isdigit())
    assert shown + int(more[0][1:]) == sum(counts.values())
    assert check_layout(log, (WIDTH, HEIGHT)) == []
    roomy = setup_view("azure", 4)
    roomy["cubes"][space] = {"red": 1, "grey": 2}
    assert not any(t.startswith("+") for t in texts(planes.board_image, roomy))


# Three seats under Zephyr's legend (its reward tiles too) leave no room for three lines with the name and VP set
# large: two lines, as four seats.
@pytest.mark.parametrize(("players", "lines"), [(2, 3), (3, 2), (4, 2)])
def test_a_seat_takes_three_lines_when_the_panel_has_room(players: int, lines: int) -> None:
    """Two or three seats: name, then VP (set large) with the part from goals, then boarded and hand. Four seats: the
    name on a line of its own, then VP and hand; the goals and the cubes boarded left to the gates and the board in
    words."""
    view = setup_view("zephyr", players)
    for seat in view["seats"]:
        seat.update(score=9, goal_vp=4, boarded=1, hand_size=3)
    drawn = texts(planes.board_image, view)
    assert drawn.count("9 VP") == players
    assert (drawn.count(" (goals 4)") == players) == (lines == 3)
    assert (drawn.count(", hand 3") == players) == (lines == 2)
    if lines == 3:
        assert drawn.count("1 boarded, hand 3") == players or drawn.count("1 aboard, hand 3") == players


def test_four_seats_give_a_name_the_whole_line() -> None:
    """A name is what a table reads first: with four seats it no longer shares its line with the VP."""
    view = setup_view("zephyr", 4)
    names = ["Maximiliana", "Александра", "🎲 Samantha", "李明 王芳"]  # ten or eleven letters, and a cluster each
    for seat, name in zip(view["seats"], names, strict=True):
        seat["name"] = name
    drawn = texts(planes.board_image, view)
    assert all(name in drawn for name in names), [t for t in drawn if "…" in t]


def test_a_space_reaches_towards_an_empty_stretch_of_its_column() -> None:
    """Spaces share one width but not one height: each reaches up and down to the boxes above and below it, so one
    with no close neighbour in its column holds more rows of chips than the tightest one."""
    _board, layout = layout_for(setup_view("zephyr", 4))
    heights = {s: b[3] - b[1] for s, b in layout.boxes.items() if not s.startswith(("G", "N"))}
    assert max(heights.values()) > min(heights.values()) + 2 * 35
    assert len({b[2] - b[0] for s, b in layout.boxes.items() if s in heights}) == 1
