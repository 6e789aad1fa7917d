"""The rating chart (renderers/rating): a valid PNG with one point a rated game and the band drawn, to the picture
rules (every text large enough, nothing clipped, matplotlib's texts included through the recording), provisional
games told by shape, names in every script drawn rather than "?", and words that name the start, now, high, low
and the games."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.kit.record import Recording, check_layout, recording
from renderers.names import WORLD_NAMES
from renderers.rating.chart import BAND, LINE, SIZE, rating_chart
from renderers.rating.history import RatingHistory, RatingPoint
from renderers.rating.words import rating_words
from tests.renderers.test_names_in_every_script import missing_glyphs, question_marks

RATINGS = [1434, 1496, 1537, 1548, 1602, 1601, 1570, 1589, 1640, 1612]


def history(name: str = "Zoë", ratings: list[int] = RATINGS, first: int = 1) -> RatingHistory:
    points = [RatingPoint(number=first + i, rating=r, top=r + max(60, 400 - 20 * i), provisional=first + i < 5)
              for i, r in enumerate(ratings)]
    return RatingHistory(name=name, game="Planecrafters", points=points)


def drawn(view: RatingHistory) -> tuple[Image.Image, Recording]:
    with recording() as log:
        data = rating_chart(view)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(data)).verify()
    return Image.open(io.BytesIO(data)).convert("RGB"), log


def near(image: Image.Image, colour: tuple[int, int, int], within: int = 10) -> int:
    return sum(1 for p in image.get_flattened_data() if all(abs(a - b) <= within for a, b in zip(p, colour,
                                                                                                 strict=True)))


@pytest.mark.parametrize("count", [2, 10, 50])
def test_one_point_a_rated_game_inside_a_band_and_to_the_rules(count: int) -> None:
    view = history(ratings=[1500 + (17 * i) % 90 for i in range(count)], first=1 if count < 50 else 31)
    image, log = drawn(view)
    assert image.size == SIZE
    points = [s for s in log.shapes if s.kind == "point"]
    assert len(points) == count, "one point a rated game"
    xs = [(s.bbox[0] + s.bbox[2]) / 2 for s in points]
    assert xs == sorted(xs) and len(set(xs)) == count, "oldest first, each game at its own place"
    [band] = [s for s in log.shapes if s.kind == "band"]
    assert band.bbox[0] <= xs[0] and band.bbox[2] >= xs[-1]
    assert near(image, BAND) > 5_000, "the band is drawn"
    assert near(image, LINE) > 300, "the line is drawn"
    assert check_layout(log, SIZE) == []
    said = [t.text for t in log.texts]
    assert "rated game" in said and f"{view.points[-1].rating:,}" + ("?" if count < 5 else "") in said


def test_provisional_games_are_hollow_and_the_key_says_so() -> None:
    _image, log = drawn(history())
    fills = [s.fill for s in log.shapes if s.kind == "point"]
    assert fills[:4] != fills[4:8] and len(set(fills[:4])) == 1 and len(set(fills[4:])) == 1
    assert "provisional (?)" in [t.text for t in log.texts]
    _image, settled = drawn(history(first=20))
    assert "provisional (?)" not in [t.text for t in settled.texts], "no key for what the chart does not show"


@pytest.mark.parametrize("name", ["محمد", "דוד", "李明", "さくら", "민준", "🎲 Sam", "👨\u200d👩\u200d👧 Kim",
                                  "🇯🇵 Aiko", "สมชาย", "अर्जुन"])
def test_names_in_every_script_are_drawn(name: str) -> None:
    assert name in WORLD_NAMES
    _image, log = drawn(history(name))
    assert missing_glyphs(log) == [] and question_marks(log, {0: name}) == []
    assert any(t.text.startswith(name) for t in log.texts)
    assert check_layout(log, SIZE) == []


def test_two_names_give_two_pictures_and_a_long_name_is_cut_before_the_game() -> None:
    assert rating_chart(history("李明")) != rating_chart(history("王芳"))
    assert rating_chart(history("محمد")) != rating_chart(history("دوري"))
    _image, log = drawn(history("Ωμέγα" * 30))
    [title] = [t.text for t in log.texts if t.text.startswith("Ωμέγα")]
    assert title.endswith("…: Planecrafters rating") and check_layout(log, SIZE) == []


def test_the_words_say_start_now_high_low_and_games() -> None:
    said = rating_words(history("محمد"))
    assert "Chart of محمد's Planecrafters rating over their 10 rated games" in said
    assert "Start: 1,434? after game 1. Now: 1,612 after game 10 (up 178)." in said
    assert "High: 1,640 after game 9. Low: 1,434? after game 1." in said
    assert "Provisional (hollow points, \"?\"): games 1 to 4." in said
    assert "up to μ" in said
    later = rating_words(history(first=41))
    assert "over their last 10 rated games (games 41 to 50)" in later and "Provisional" not in later


def test_fewer_than_two_games_give_no_chart_and_say_so() -> None:
    one = history(ratings=[1480])
    assert rating_words(one) == "Zoë's Planecrafters rating: no chart before 2 rated games (1 rated game so far)."
    with pytest.raises(ValueError, match="two rated games"):
        rating_chart(one)
