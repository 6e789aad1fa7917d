"""The Flight Plan picture through the bot's entry point (the picture rules run in tests/renderers)."""

from __future__ import annotations

from PIL import Image

import renderers
from engine.core.play import new_game
from engine.flight_plan.game import GAME
from renderers.flight_plan.board import status_line
from renderers.flight_plan.table import cells
from tests.flight_plan.helpers import give, play_state


def test_registered_and_renders_a_png() -> None:
    renderer = renderers.for_game("flight-plan")
    assert renderer is not None
    png = renderer.render_board(GAME.view(new_game(GAME, 6, 1, {}), None))
    assert png.startswith(b"\x89PNG")


def test_the_table_lists_what_the_airline_owns_and_what_is_off() -> None:
    st = play_state()
    give(st, 0, routes=(11, 43), fleets=("short", "medium"), hubs=("LON",))
    st.airlines[0].off["fleet:medium"] = st.airlines[0].turns_played + 3
    assert cells(GAME.view(st, None)["airlines"][0])["lists"] == (("S", "M(off 3)"), ("LON",), ("11", "43"))


def test_status_line_names_the_offer() -> None:
    st = play_state()
    give(st, 1, routes=(11,))
    from tests.flight_plan.helpers import play

    st, _ = play(st, 0, "trade", "with:1", "asset:route:11", "price:45")
    assert "offer: route 11 London–Paris for $45M" in status_line(GAME.view(st, None))


def test_the_map_shows_a_new_route() -> None:
    st = play_state()
    before = renderers.for_game("flight-plan").board_image(GAME.view(st, None))  # type: ignore[union-attr]
    give(st, 0, routes=(63,))
    after = renderers.for_game("flight-plan").board_image(GAME.view(st, None))  # type: ignore[union-attr]
    assert isinstance(before, Image.Image) and before.tobytes() != after.tobytes()


def test_the_words_say_what_lifts_the_two_region_limit() -> None:
    """The board's picture leaves the limit to the words: they name the book's conditions, not a hub."""
    from renderers.flight_plan.describe import describe

    st = play_state()
    give(st, 0, routes=(11,), fleets=("short",))
    text = describe(GAME.view(st, None))
    assert "two at most, until it earns $120M a turn or flies fleets worth $500M" in text
    assert "hub lifts" not in text
