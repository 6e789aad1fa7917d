"""The after-the-game charts (renderers/after) on seeded finished games of every game: a valid PNG with a line in
each seat's colour, names in every script at the lines' ends, and alt text that names every seat and the final
order."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.analysis import chances, race, turning_points
from engine.analysis.chances import Budget
from engine.core.ai.hooks import ai_for
from renderers.after.charts import COLOURS, SIZE, chances_chart, race_chart, seat_lines
from renderers.after.words import chances_words, final_order, race_words, turning_point
from renderers.names import SAMPLE_NAMES, WORLD_NAMES
from tests.support.finished import every_game, finished

QUICK = Budget(rollouts=3, choices=6_000, minimum=2)


def _near(image: Image.Image, colour: tuple[int, int, int], within: int = 24) -> int:
    """Pixels of the picture within `within` of `colour` in every channel."""
    pixels = image.convert("RGB").get_flattened_data()
    return sum(1 for p in pixels if all(abs(a - b) <= within for a, b in zip(p, colour, strict=True)))


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.verify()
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize(("name", "players"), every_game())
def test_race_chart_draws_a_line_per_seat(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = race(done.game, done.start, done.turns)
    if found is None:  # a game that keeps no running score has no race to draw
        assert ai_for(done.game).race(done.start) is None
        return
    names = {s: SAMPLE_NAMES[s % len(SAMPLE_NAMES)] for s in range(players)}
    image = _png(race_chart(found, names, done.game.info.turn_word))
    assert image.size == SIZE
    lines = seat_lines(found.points, names)
    assert [line.name for line in lines] == [names[s] for s in range(players)]
    assert len({line.marker for line in lines}) == players  # told apart by shape, not by colour alone
    for seat in range(players):
        assert _near(image, COLOURS[seat]) > 300, f"no line in seat {seat + 1}'s colour"


@pytest.mark.parametrize(("name", "players"), every_game())
def test_alt_text_names_every_seat_and_the_final_order(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = race(done.game, done.start, done.turns)
    if found is None:  # a game that keeps no running score has no race to draw
        assert ai_for(done.game).race(done.start) is None
        return
    names = {s: WORLD_NAMES[s] for s in range(players)}
    said = race_words(found, names, done.game.info.turn_word)
    for seat in range(players):
        assert names[seat] in said
    order = final_order(found, names, bool(found.winners))
    assert order in said
    at = [order.index(names[s]) for place in found.final_order for s in place]
    assert at == sorted(at), "the final order names the seats in their places"
    if not done.game.info.cooperative:
        winner = names[found.final_order[0][0]]
        assert order.startswith(f"Final order: 1. {winner}")


@pytest.mark.parametrize(("name", "players"), every_game())
def test_chances_chart_and_its_words(name: str, players: int) -> None:
    done = finished(name, players, 5)
    found = chances(done.game, done.start, done.turns, seed=5, budget=QUICK)
    points = turning_points(found)
    names = {s: WORLD_NAMES[s + 3] for s in range(players)}
    image = _png(chances_chart(found, names, points, done.game.info.turn_word))
    assert image.size == SIZE
    said = chances_words(found, points, names, done.game.info.turn_word)
    for point in points:
        assert turning_point(point, names, done.game.info.turn_word, found.team) in said
    if not found.team:
        for seat in range(players):
            assert names[seat] in said


def test_names_in_every_script_are_drawn() -> None:
    done = finished("flight-plan", 6, 5)
    found = race(done.game, done.start, done.turns)
    assert found is not None
    plain = race_chart(found, {s: f"Seat {s + 1}" for s in range(6)})
    world = race_chart(found, {s: WORLD_NAMES[6 + s] for s in range(6)})
    assert plain != world
