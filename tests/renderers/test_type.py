"""The type every picture is set in (renderers.kit.faces, renderers.kit.runs): each character in a face that has it,
right-to-left names in their order, emoji in colour, names cut between grapheme clusters, what is measured is what
is drawn, and a face missing on the machine is named (with its package) and costs only its own characters."""

from __future__ import annotations

import logging

import pytest
from PIL import Image, ImageChops

from renderers.kit import faces, runs
from renderers.kit.paint import ELLIPSIS, INK, PAPER, canvas, fit, font, pen, text_width
from renderers.kit.record import recording

HAVE = {face.package for face in faces.available()}
needs_cjk = pytest.mark.skipif("debian:fonts-noto-cjk" not in HAVE, reason="fonts-noto-cjk is not installed")
needs_emoji = pytest.mark.skipif("debian:fonts-noto-color-emoji" not in HAVE,
                                 reason="fonts-noto-color-emoji is not installed")
needs_hebrew = pytest.mark.skipif("debian:fonts-noto-core" not in HAVE, reason="fonts-noto-core is not installed")


def drawn(text: str, size: int = 37, mode: str = "L") -> Image.Image:
    image = Image.new(mode, (900, 90), 0 if mode == "L" else PAPER)
    pen(image).text((20, 10), text, font=font(size), fill=255 if mode == "L" else INK)
    return image


def faces_of(text: str) -> list[str]:
    return [placed.run.face.name for placed in runs.layout(runs.drawable(text), 37).placed]


def test_the_pypi_faces_are_installed_with_the_project() -> None:
    assert {"pypi:fontpkg-noto-sans", "pypi:fontpkg-noto-sans-arabic", "pypi:fontpkg-noto-sans-thai"} <= HAVE


def test_each_script_is_drawn_in_a_face_that_has_it() -> None:
    assert faces_of("Zoë Ωμέγα Жанна अर्जुन") == ["Noto Sans"]
    assert faces_of("محمد") == ["Noto Sans Arabic"]
    assert faces_of("สมชาย") == ["Noto Sans Thai"]


@needs_cjk
def test_two_chinese_names_are_two_pictures() -> None:
    """Both used to be drawn '??'."""
    assert faces_of("李明") == ["Noto Sans CJK SC"]
    assert drawn("李明").tobytes() != drawn("王芳").tobytes()
    assert ImageChops.difference(drawn("李明"), drawn("??")).getbbox()


def test_a_right_to_left_name_is_one_run_read_from_the_right() -> None:
    placed = runs.layout("محمد علي", 37).placed
    assert [(p.run.text, p.direction) for p in placed] == [("محمد علي", "rtl")]
    # Inside left-to-right text the name stays whole, and a number after a right-to-left name goes to its left.
    placed = runs.layout("Ada (محمد) 12 VP", 37).placed
    assert "".join(p.text for p in placed) == "Ada (محمد) 12 VP"
    assert [p.direction for p in placed if "محمد" in p.text] == ["rtl"]
    assert runs.levels(runs.graphemes("abc محمد 12")) == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2]


@needs_hebrew
def test_a_hebrew_name_and_its_number() -> None:
    assert [(p.text, p.direction) for p in runs.layout("דוד 2", 37).placed] == [("2", "ltr"), ("דוד ", "rtl")]


@needs_emoji
def test_emoji_are_drawn_whole_and_in_colour() -> None:
    for cluster in ("🎲", "👨\u200d👩\u200d👧", "🇯🇵", "👍🏽"):
        assert runs.graphemes(cluster) == [cluster] and faces_of(cluster) == ["Noto Color Emoji"]
    on_palette = canvas((300, 90))
    pen(on_palette).text((20, 10), "🇯🇵 Aiko", font=font(37), fill=INK)
    flag = on_palette.convert("RGB").crop((20, 10, 60, 60))
    assert any(r > 150 and g < 90 and b < 90 for _count, (r, g, b) in flag.getcolors(4096) or []), "the red disc"
    assert drawn("🇯🇵 Sam", mode="RGB").tobytes() != drawn("🇫🇷 Sam", mode="RGB").tobytes()


def test_names_are_cut_between_clusters() -> None:
    for name in ("अर्जुन क्षत्रिय प्रियंका", "👨\u200d👩\u200d👧👨\u200d👩\u200d👧👨\u200d👩\u200d👧 Kim", "Zoë Ångström"):
        for width in (60, 90, 120, 160):
            cut = fit(name, 37, width)
            assert text_width(cut, 37) <= width or runs.graphemes(cut) == [ELLIPSIS]
            kept = cut.removesuffix(ELLIPSIS)
            assert runs.graphemes(kept) == runs.graphemes(name)[:len(runs.graphemes(kept))], (name, width, cut)


def test_a_cut_right_to_left_name_ends_on_its_left() -> None:
    cut = fit("محمد عبد الرحمن", 37, 130)
    assert ELLIPSIS in cut
    placed = runs.layout(cut, 37).placed
    assert len(placed) == 1 and placed[0].direction == "rtl" and ELLIPSIS in placed[0].text


@pytest.mark.parametrize("text", ["Zoë 12 VP", "Seat 李明 · 3", "🎲 Sam: محمد", "สมชาย + अर्जुन"])
def test_what_is_measured_is_what_is_drawn(text: str) -> None:
    with recording() as log:
        image = drawn(text)
    ink = image.getbbox()
    assert ink is not None
    left, top, right, bottom = log.texts[0].bbox
    # Pillow's box starts at the pen's origin, a side bearing left of the first letter's ink: the ink lies inside it
    assert left - 1 <= ink[0] <= left + 3 and right - 3 <= ink[2] <= right + 1, (log.texts[0].bbox, ink)
    assert abs(top - ink[1]) <= 1 and abs(bottom - ink[3]) <= 1, (log.texts[0].bbox, ink)
    assert text_width(text, 37) == pytest.approx(right - left, abs=1)


def test_every_run_sits_on_the_same_baseline() -> None:
    """A name in any script lines up with the Latin text beside it: 'H' ends on the baseline in each run."""
    for other in ("H李明H", "HمحمدH", "HสมชายH"):
        image = drawn(other)
        ink = image.getbbox()
        assert ink is not None
        # the first and last H: their bottoms are the baseline, the same on both sides
        first, last = (image.crop((x, 0, x + 6, 90)).getbbox() for x in (ink[0], ink[2] - 6))
        assert first is not None and last is not None and first[3] == last[3], other


@pytest.fixture
def without_cjk(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    real = faces.Face.path

    def path(face: faces.Face):  # type: ignore[no-untyped-def]
        return None if face.package == "debian:fonts-noto-cjk" else real(face)

    monkeypatch.setattr(faces.Face, "path", path)
    runs.clear()
    yield
    monkeypatch.undo()
    runs.clear()


@pytest.mark.usefixtures("without_cjk")
def test_a_missing_face_is_named_and_costs_only_its_characters(caplog: pytest.LogCaptureFixture) -> None:
    assert runs.drawable("李明 Zoë محمد") == "?? Zoë محمد"
    with caplog.at_level(logging.WARNING, logger="tarmac.renderers"):
        lines = faces.report_missing()
    assert any("fonts-noto-cjk" in line and "Chinese, Japanese and Korean" in line for line in lines)
    assert any("fonts-noto-cjk" in record.getMessage() for record in caplog.records)


@pytest.mark.usefixtures("without_cjk")
def test_the_faces_command_installs_or_names_the_missing_package(capsys: pytest.CaptureFixture[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import renderers.__main__ as command

    assert command.debian_packages() == ["fonts-noto-cjk"]
    monkeypatch.setattr(command.os, "geteuid", lambda: 1000)  # not root: it says what to run instead
    command.main(["faces", "--install"])
    out = capsys.readouterr().out
    assert "missing: apt-get install fonts-noto-cjk" in out
    assert "sudo apt-get install -y -qq fonts-noto-cjk" in out
    ran: list[list[str]] = []
    monkeypatch.setattr(command.os, "geteuid", lambda: 0)
    monkeypatch.setattr(command.shutil, "which", lambda _name: "/usr/bin/apt-get")
    monkeypatch.setattr(command.subprocess, "run",
                        lambda args, **_kw: ran.append(args) or command.subprocess.CompletedProcess(args, 0))
    command.main(["faces", "--install"])
    assert ran == [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "fonts-noto-cjk"]]
    assert "Installed fonts-noto-cjk." in capsys.readouterr().out
