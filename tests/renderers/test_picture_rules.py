"""The picture rules (renderers/README.md), checked on every registered sample of every game (renderers/catalogue):
from what each renderer records of its own drawing, not by eye. A game's pictures join these tests by listing its
samples; a rule a sample still breaks is listed in its `known` and expected (strictly) to fail here."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from PIL import Image

from renderers import catalogue
from renderers.catalogue import Palette, Sample
from renderers.kit.record import Recording, check_layout, recording, unlabelled_patches
from renderers.kit.rules import ASPECT, MIN_DELTA_E, READ_MOST_PX, phone_cap_px, reads_most
from renderers.kit.vision import palette_problems


def cases(rule: str, only: Any = None) -> list[Any]:
    """Every sample (or those `only` keeps), expected to fail where it lists `rule` as known."""
    params = []
    for sample in catalogue.samples():
        if only is not None and not only(sample):
            continue
        marks = [pytest.mark.xfail(strict=True, reason=f"{sample.name} still breaks the {rule} rule")] \
            if rule in sample.known else []
        params.append(pytest.param(sample, id=sample.name, marks=marks))
    return params


@cache
def drawn(name: str) -> tuple[Recording, tuple[int, int]]:
    sample = catalogue.sample(name)
    with recording() as log:
        image = sample.draw(sample.view())
    return log, image.size


def test_every_sample_name_is_unique_and_every_known_rule_exists() -> None:
    names = [s.name for s in catalogue.samples()]
    assert len(names) == len(set(names))
    for sample in catalogue.samples():
        assert sample.known <= set(catalogue.RULES), sample.name


@pytest.mark.parametrize("sample", cases("drawn"))
def test_the_picture_is_drawn_with_the_kits_pen(sample: Sample) -> None:
    """Texts and shapes drawn without the kit's Pen escape every check below."""
    log, _size = drawn(sample.name)
    assert log.texts and log.shapes


@pytest.mark.parametrize("sample", cases("phone"))
def test_every_text_is_readable_at_the_shown_size(sample: Sample) -> None:
    log, size = drawn(sample.name)
    assert log.texts, "nothing recorded"
    problems = [p for p in check_layout(log, size) if "shown" in p]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("sample", cases("clipping"))
def test_nothing_is_clipped_or_hidden(sample: Sample) -> None:
    log, size = drawn(sample.name)
    assert log.texts, "nothing recorded"
    problems = [p for p in check_layout(log, size) if "shown" not in p]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("sample", cases("read", only=lambda s: s.read_most is not None))
def test_what_players_read_most_is_set_large(sample: Sample) -> None:
    """Whose turn, the scores, what a player acts on: each drawn at least once with capitals READ_MOST_PX tall where
    a phone shows the picture (400 x 300), above the floor the rest of the picture keeps."""
    assert sample.read_most is not None
    log, size = drawn(sample.name)
    wanted = sample.read_most(sample.view())
    assert wanted, "nothing named"
    problems = []
    for text in wanted:
        sizes = [t.size for t in log.texts if text in t.text]
        if not sizes:
            problems.append(f"{text!r} is not drawn")
        elif not reads_most(max(sizes), size):
            problems.append(f"{text!r}: font {max(sizes)} px at most, capitals {phone_cap_px(max(sizes), size):.1f} px "
                            f"at a phone's size; at least {READ_MOST_PX} needed")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("sample", cases("shape"))
def test_a_phone_shows_the_picture_by_its_width(sample: Sample) -> None:
    """At least 4:3 wide, so a phone's 400 x 300 is filled by its width, not shrunk to its height; at most 2:1."""
    _log, (width, height) = drawn(sample.name)
    assert ASPECT[0] - 1e-9 <= width / height <= ASPECT[1], f"{width}x{height}"


def _palette_of(sample: Sample) -> Palette:
    return next(p for p in catalogue.palettes(sample.game) if p.live is not None)


@pytest.mark.parametrize("sample", cases("colour", only=lambda s: s.swap_colours is not None))
def test_no_information_rides_on_colour_alone(sample: Sample, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paint every colour of the palette the same grey, then swap two players' (models') colours: the picture must
    still change (a letter, pattern or shape tells them apart)."""
    palette = _palette_of(sample)
    assert palette.live is not None and sample.swap_colours is not None
    for name in palette.live:
        monkeypatch.setitem(palette.live, name, (128, 128, 128))
    view = sample.view()
    with recording():  # draws every layer afresh, in the grey palette
        before = sample.draw(view).convert("RGB")
        after = sample.draw(sample.swap_colours(view)).convert("RGB")
    assert before.size == after.size
    assert before.tobytes() != after.tobytes()


@pytest.mark.parametrize("sample", cases("letters"))
def test_every_colour_patch_carries_a_letter(sample: Sample) -> None:
    """No information by colour alone: every shape filled with a colour of the game's palettes has a letter or label
    drawn on it (a cube chip 'R3', a plane's 'G'), so red and green seats and cubes are told apart without colour."""
    palettes = catalogue.palettes(sample.game)
    colours = {c for p in palettes for c in p.colours.values()} - {c for p in palettes for c in p.backgrounds}
    log, _size = drawn(sample.name)
    assert colours
    problems = unlabelled_patches(log, colours)
    assert not problems, "\n".join(problems[:20])


def palette_cases() -> list[Any]:
    return [pytest.param(p, id=p.name, marks=[pytest.mark.xfail(strict=True, reason="palette not redesigned yet")]
                         if p.known else []) for p in catalogue.palettes()]


@pytest.mark.parametrize("palette", palette_cases())
def test_colours_stay_apart_under_every_colour_vision(palette: Palette) -> None:
    problems = palette_problems(palette.colours)
    assert not problems, f"CIEDE2000 below {MIN_DELTA_E}:\n" + "\n".join(problems)


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


@pytest.mark.parametrize("sample", [pytest.param(s, id=s.name) for s in catalogue.samples() if s.docs])
def test_a_cached_static_layer_draws_the_same_pixels_as_a_fresh_one(sample: Sample) -> None:
    view = sample.view()
    sample.draw(view)  # warms every cache
    cached = sample.draw(view)
    with recording():  # draws every layer afresh
        fresh = sample.draw(view)
    assert _same(cached, fresh)
    assert _same(sample.draw(view), cached), "drawing on a cached layer must not change it"
