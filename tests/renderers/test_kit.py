"""The shared drawing kit: the Pen draws what Pillow draws, the recording sees every breach of the picture rules,
the colour-vision maths matches its published references, and a cached layer is never handed out to be drawn on."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from renderers.kit.layer import MoveLayers, forget_moves, static_layer
from renderers.kit.paint import ELLIPSIS, INK, PAPER, canvas, fit, font, pen, text_width, wrap
from renderers.kit.record import check_layout, recording, unlabelled_patches
from renderers.kit.rules import CAP_HEIGHT, MIN_TEXT_PX, min_font_px, shown_cap_px, shown_scale
from renderers.kit.vision import delta_e2000, difference, palette_problems, simulate


def scene(draw: ImageDraw.ImageDraw) -> None:
    draw.rounded_rectangle((10, 10, 290, 120), radius=12, fill=(236, 228, 206), outline=INK, width=3)
    draw.text((20.5, 14.25), "Seat 1  12 VP", font=font(24), fill=INK)
    draw.text((150, 80), "N17", font=font(30), fill=(200, 40, 40), anchor="mm")
    draw.text((280, 100), "TO PLAY", font=font(20), fill=INK, anchor="rs")
    draw.ellipse((200, 20, 240, 60), fill=(40, 90, 200), outline=INK, width=2)
    draw.polygon([(50, 60), (70, 100), (30, 100)], fill=(245, 120, 20), outline=INK)
    draw.rectangle((100, 100, 130, 115), outline=INK, width=2)
    draw.text((20, 130), "two\nlines", font=font(18), fill=INK)


@pytest.mark.parametrize("mode", ["P", "RGB"])
def test_the_pen_draws_exactly_what_pillow_draws(mode: str) -> None:
    plain, kit = (Image.new(mode, (300, 180), PAPER) for _ in range(2))
    scene(ImageDraw.Draw(plain))
    scene(pen(kit))
    scene(pen(kit.copy()))  # the second time the glyphs come from the cache
    again = Image.new(mode, (300, 180), PAPER)
    scene(pen(again))
    for image in (kit, again):
        assert ImageChops.difference(plain.convert("RGB"), image.convert("RGB")).getbbox() is None


def test_recording_logs_every_text_and_shape_once() -> None:
    with recording() as log:
        scene(pen(canvas((300, 180))))
    assert [t.text for t in log.texts] == ["Seat 1  12 VP", "N17", "TO PLAY", "two\nlines"]
    assert [t.size for t in log.texts] == [24, 30, 20, 18]
    assert [s.kind for s in log.shapes] == ["box", "ellipse", "polygon", "rectangle"]
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    assert log.texts[1].bbox == measure.textbbox((150, 80), "N17", font=font(30), anchor="mm")
    outside = pen(canvas((50, 50)))
    outside.text((1, 1), "x", font=font(12), fill=INK)
    assert len(log.texts) == 4, "nothing is logged once the recording is over"


def layout_problems(draw_it: object, size: tuple[int, int] = (400, 300)) -> list[str]:
    with recording() as log:
        draw_it(pen(canvas(size)))  # type: ignore[operator]
    return check_layout(log, size)


def test_a_clean_layout_has_no_problems() -> None:
    assert layout_problems(scene, (300, 180)) == []


def test_small_text_is_measured_at_the_shown_size() -> None:
    # 1200 px wide is shown 373 px wide: a 35 px font has capitals 7.8 px tall there, a 37 px font 8.2 (an em rule
    # let 26 px fonts pass with capitals of 5.6 px: the letters were measured).
    def two(draw: ImageDraw.ImageDraw) -> None:
        draw.text((10, 10), "small", font=font(35), fill=INK)
        draw.text((10, 60), "big enough", font=font(37), fill=INK)

    problems = layout_problems(two, (1200, 900))
    assert len(problems) == 1 and "'small'" in problems[0] and "7.8 px" in problems[0]


def test_text_leaving_the_canvas_or_its_box_or_hidden_by_a_later_shape_is_found() -> None:
    def bad(draw: ImageDraw.ImageDraw) -> None:
        draw.text((380, 10), "cut at the edge", font=font(20), fill=INK)
        draw.rectangle((10, 100, 80, 140), fill=PAPER, outline=INK)
        draw.text((15, 105), "Thunder Barrel", font=font(20), fill=INK)
        draw.text((10, 200), "under a badge", font=font(20), fill=INK)
        draw.ellipse((20, 195, 60, 235), fill=(255, 196, 0))
        draw.rectangle((200, 200, 420, 250), outline=INK)

    problems = layout_problems(bad)
    assert any("'cut at the edge'" in p and "leaves the 400x300 canvas" in p for p in problems)
    assert any("'Thunder Barrel'" in p and "spills out of its rectangle" in p for p in problems)
    assert any("'under a badge'" in p and "covered by a ellipse" in p for p in problems)
    assert any(p.startswith("rectangle (200, 200, 420, 250) leaves") for p in problems)
    assert len(problems) == 4


def test_an_outline_drawn_around_a_text_does_not_hide_it() -> None:
    def ringed(draw: ImageDraw.ImageDraw) -> None:
        draw.text((50, 50), "M1", font=font(24), fill=INK)
        draw.rounded_rectangle((30, 30, 150, 150), radius=10, outline=INK, width=6)

    assert layout_problems(ringed) == []


def test_a_colour_patch_without_a_label_is_found() -> None:
    red, green = (180, 10, 0), (60, 150, 120)
    with recording() as log:
        draw = pen(canvas((200, 100)))
        draw.rounded_rectangle((10, 10, 40, 40), radius=4, fill=red)
        draw.text((25, 26), "R", font=font(24), fill=INK, anchor="mm")
        draw.rectangle((60, 10, 90, 40), fill=green)
        draw.text((100, 10), "G", font=font(24), fill=INK)  # beside the patch, not on it
        draw.rectangle((120, 10, 150, 40), fill=PAPER)  # not a palette colour: no label needed
    problems = unlabelled_patches(log, {red, green})
    assert problems == ["rectangle (60, 10, 90, 40) filled (60, 150, 120) carries no letter or label"]


def test_shown_scale_fits_the_embed_box() -> None:
    assert shown_scale((1200, 900)) == pytest.approx(373 / 1200)  # a narrow channel column shows 373 px of 1200
    assert shown_scale((1200, 1538)) == pytest.approx(280 / 1538)  # a portrait board: shown by its height
    assert shown_scale((300, 200)) == 1.0
    assert min_font_px((1200, 900)) == 37
    assert shown_cap_px(37, (1200, 900)) >= MIN_TEXT_PX > shown_cap_px(36, (1200, 900))


def test_the_rule_measures_the_bundled_fonts_capitals() -> None:
    """CAP_HEIGHT is what the primary face (Noto Sans) draws: flat capitals at a large size, measured by their ink."""
    for glyph in "HEI":
        top, bottom = font(1000).getbbox(glyph)[1::2]
        assert (bottom - top) / 1000 == pytest.approx(CAP_HEIGHT, abs=0.01)


def test_fit_and_wrap_keep_within_the_width() -> None:
    assert fit("Ana", 24, 200) == "Ana"
    cut = fit("Maximiliana Featherstonehaugh-Wolfeschlegel", 24, 200)
    assert cut.endswith(ELLIPSIS) and text_width(cut, 24) <= 200
    text = "A Restroom space holds at least one cube of your colour (others may share it)."
    lines = wrap(text, 24, 300)
    assert " ".join(lines).split() == text.split() and len(lines) > 1
    assert all(text_width(line, 24) <= 300 for line in lines)


# Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 17 and 25 with their published CIEDE2000.
@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
])
def test_ciede2000_matches_the_published_test_pairs(lab1: tuple[float, float, float], lab2: tuple[float, float, float],
                                                    expected: float) -> None:
    assert delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_simulations_keep_greys_and_merge_red_with_green() -> None:
    for kind in ("protanopia", "deuteranopia", "tritanopia"):
        for v in (0, 128, 255):
            assert max(abs(a - b) for a, b in zip(simulate((v, v, v), kind), (v, v, v), strict=True)) <= 1
    red, green = (200, 40, 40), (30, 140, 60)  # the cube colours Planes once used
    assert difference(red, green) > 40
    assert difference(red, green, "deuteranopia") < 8
    assert palette_problems({"red": red, "green": green}) == [
        "red and green: 5.9 apart under deuteranopia (at least 12.0 needed)"]


def test_a_static_layer_is_drawn_once_and_handed_out_as_a_copy() -> None:
    calls: list[int] = []

    @static_layer()
    def layer(width: int) -> Image.Image:
        calls.append(width)
        return canvas((width, 10))

    first = layer(20)
    pen(first).rectangle((0, 0, 5, 5), fill=INK)
    second = layer(20)
    assert calls == [20] and second.tobytes() != first.tobytes()
    with recording():
        layer(20)
    assert calls == [20, 20], "a recording draws the layer afresh"


def test_a_move_layer_is_drawn_once_a_key_handed_out_as_a_copy_and_forgotten_between_benchmark_runs() -> None:
    calls: list[int] = []

    def draw(view: dict[str, Any]) -> tuple[Image.Image, tuple[int, ...]]:
        calls.append(view["width"])
        return canvas((view["width"], 10)), (view["width"],)

    layers = MoveLayers(draw, key=lambda view: view["width"], size=2)
    first, state = layers.layer({"width": 20, "turn": 1})
    pen(first).rectangle((0, 0, 5, 5), fill=INK)
    second, again = layers.layer({"width": 20, "turn": 2})  # another move that leaves the layer alone
    assert calls == [20] and again == state == (20,) and second.tobytes() != first.tobytes()
    layers.layer({"width": 30})
    layers.layer({"width": 40})
    layers.layer({"width": 20})
    assert calls == [20, 30, 40, 20], "the least recently used layer was forgotten past the size"
    with recording():
        layers.layer({"width": 20})
    assert calls[-1] == 20 and len(calls) == 5, "a recording draws the layer afresh"
    forget_moves()
    assert len(layers) == 0, "the benchmark forgets what a move drew"


@pytest.mark.parametrize("mode", ["P", "RGB"])
def test_a_stamped_rounded_box_is_pillows_own(mode: str) -> None:
    """The Pen stamps rounded boxes from a cached mask: every size, radius, ring and corner set gives Pillow's
    pixels, wherever the box goes (and a box not on whole pixels is left to Pillow)."""
    boxes = [((10, 10, 60, 40), 6, 2, None), ((3, 70, 40, 110), 20, 1, None), ((50, 60, 140, 96), 8, 4, None),
             ((150, 10, 190, 48), 19, 3, None), ((150, 60, 260, 100), 12, 2, (True, False, False, True)),
             ((200, 110, 280, 150), 0, 2, None), ((12.5, 120, 80, 160.25), 9, 2, None),
             ((90, 120, 92, 170), 5, 1, None)]
    for fill, outline in ((PAPER, INK), (None, INK), ((200, 40, 40), None), (INK, INK)):
        plain, kit = Image.new(mode, (300, 180), (240, 240, 240)), Image.new(mode, (300, 180), (240, 240, 240))
        for xy, radius, width, corners in boxes:
            ImageDraw.Draw(plain).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width,
                                                    corners=corners)
            pen(kit).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width, corners=corners)
        assert ImageChops.difference(plain.convert("RGB"), kit.convert("RGB")).getbbox() is None, (fill, outline)


@pytest.mark.parametrize("mode", ["P", "RGB"])
def test_a_rounded_box_off_whole_pixels_is_pillows_own(mode: str) -> None:
    """A box a fraction of a pixel off (a row of five pilots' seats) is stamped too, where Pillow draws it as the box
    on whole pixels; everywhere else it is left to Pillow. Each box on a canvas of its own, at every fraction."""
    rng = random.Random(7)
    for _ in range(300):
        x0, y0 = rng.uniform(2, 40), rng.uniform(2, 40)
        w, h = rng.choice([rng.uniform(8, 20), rng.uniform(20, 90)]), rng.choice([rng.uniform(8, 20), 36.0, 38.4])
        xy = (round(x0, rng.choice([0, 1, 2])), y0, x0 + w, y0 + h)
        radius, width = rng.choice([3, 6, 6.5, 8, 12]), rng.choice([1, 2, 4])
        corners = rng.choice([None, (True, False, False, True), (False,) * 4])
        fill, outline = rng.choice([(PAPER, INK), (None, INK), ((200, 40, 40), None)])
        plain, kit = Image.new(mode, (140, 140), (240, 240, 240)), Image.new(mode, (140, 140), (240, 240, 240))
        try:
            ImageDraw.Draw(plain).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width,
                                                    corners=corners)
        except ValueError:  # Pillow cannot draw some small boxes with their corners apart: nor can the Pen
            with pytest.raises(ValueError):
                pen(kit).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width, corners=corners)
            continue
        pen(kit).rounded_rectangle(xy, radius, fill=fill, outline=outline, width=width, corners=corners)
        assert plain.convert("RGB").tobytes() == kit.convert("RGB").tobytes(), (xy, radius, width, corners)

