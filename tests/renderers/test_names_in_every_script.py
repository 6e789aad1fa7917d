"""Every member's name as they wrote it, in every script, on every picture: every board and hand of seeded games of
every game, drawn with members named in Latin (with accents), Greek, Cyrillic, Chinese, Japanese, Korean, Devanagari,
Arabic, Hebrew, Thai and emoji (a flag and a ZWJ family among them).

Checked on each picture, from what the Pen recorded of it: no "?" where a face on this machine has the character
(found by drawing it in every face, not by asking the code under test), no missing-glyph box (each character drawn in
the face it was given differs from that face's own .notdef), nothing too small, clipped or hidden (check_layout), and
two members with different names swapped give a different picture."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.naming import name_view
from engine import registry
from engine.core.contract import GameState
from renderers import for_game
from renderers.kit import faces, runs
from renderers.kit.faces import Face
from renderers.kit.record import Recording, check_layout, recording
from renderers.names import WORLD_NAMES
from tests.renderers.test_text_size_in_play import GAMES, image_of, states


def tables(players: int, count: int) -> list[dict[int, str]]:
    """`count` tables of `players` names, turning through WORLD_NAMES, so every name sits somewhere."""
    return [{seat: WORLD_NAMES[(k * players + seat) % len(WORLD_NAMES)] for seat in range(players)}
            for k in range(count)]


def test_the_tables_seat_every_name() -> None:
    for _game, players, _seed in GAMES:
        seated = {name for table in tables(players, 8) for name in table.values()}
        assert seated == set(WORLD_NAMES), players


SIZE = 37


def _ink(font: ImageFont.FreeTypeFont, text: str, colour: bool) -> bytes:
    image = Image.new("RGBA" if colour else "L", (4 * font.size, 2 * font.size))
    ImageDraw.Draw(image).text((font.size // 2, font.size), text, font=font, fill="white" if colour else 255,
                               anchor="ls", embedded_color=colour)
    return image.tobytes()


def _font(face: Face) -> ImageFont.FreeTypeFont:
    return faces.loaded(face, SIZE)


@cache
def _notdef(face: Face) -> bytes:
    """What the face draws for a character it has no glyph for: a private-use one outside its character map."""
    lacking = next(chr(c) for c in range(0xF0000, 0xFFFFD) if c not in faces.coverage(face))
    return _ink(_font(face), lacking, face.colour)


@cache
def drawn_by(char: str, face: Face) -> bool:
    """Whether `face` draws `char` as a glyph of its own (anything but its .notdef, and some ink)."""
    ink = _ink(_font(face), char, face.colour)
    return ink != _notdef(face) and any(ink)


@cache
def some_face_draws(cluster: str) -> bool:
    needed = [c for c in cluster if c not in "\u200c\u200d\u200e\u200f" and not 0xFE00 <= ord(c) <= 0xFE0F]
    return all(any(drawn_by(c, face) for face in faces.available()) for c in needed)


def test_every_name_is_drawn_whole_where_the_machine_has_its_faces() -> None:
    """No '?' where some face draws the character; a '?' wherever none does (a face missing here)."""
    for name in WORLD_NAMES:
        expected = "".join(c if c.isspace() or some_face_draws(c) else "?" for c in runs.graphemes(name))
        assert runs.drawable(name) == expected, name


def missing_glyphs(log: Recording) -> list[str]:
    problems = []
    for mark in log.texts:
        for line in mark.text.split("\n"):
            for placed in runs.layout(line, mark.size).placed:
                for char in placed.run.text:
                    if char.isspace() or char in "\u200c\u200d\u200e\u200f" or 0xFE00 <= ord(char) <= 0xFE0F:
                        continue
                    if not drawn_by(char, placed.run.face):
                        problems.append(f"{char!r} (U+{ord(char):04X}) of {mark.text!r} has no glyph in "
                                        f"{placed.run.face.name}")
    return problems


def question_marks(log: Recording, names: dict[int, str]) -> list[str]:
    """Texts that show a member's name (or its start, when cut) with a '?' the name does not have."""
    problems = []
    for mark in log.texts:
        for name in names.values():
            head = runs.graphemes(name)[0]
            if "?" in mark.text and head in mark.text and "?" not in name:
                problems.append(f"{mark.text!r} (the name {name!r})")
    return problems


def pictures(game: str, players: int, seed: int) -> list[tuple[str, Any, Any, dict[str, Any]]]:
    engine = registry.get(game)
    renderer = for_game(game)
    assert renderer is not None
    made = []
    for state, names in zip(states(game, players, seed), tables(players, 8), strict=False):
        views = [("board", renderer.render_board, engine.view(state, None))]
        if engine.info.private_view:
            views += [(f"hand of seat {s + 1}", renderer.render_hand, engine.view(state, s)) for s in range(players)]
        made += [(f"{what} at version {state.version}", image_of(render), names, view) for what, render, view in views]
    return made


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{p}p-seed{s}" for g, p, s in GAMES])
def test_every_board_and_hand_draws_every_script(game: str, players: int, seed: int) -> None:
    problems: list[str] = []
    for what, draw, names, view in pictures(game, players, seed):
        with recording() as log:
            image = draw(name_view(view, names))
        found = check_layout(log, image.size) + missing_glyphs(log) + question_marks(log, names)
        problems += [f"{what} {sorted(names.values())}: {p}" for p in found]
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(sorted(set(problems))[:20])


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{p}p-seed{s}" for g, p, s in GAMES])
def test_two_members_swapped_give_a_different_picture(game: str, players: int, seed: int) -> None:
    """Two Chinese names were both drawn '??': the board was the same whoever sat where."""
    engine = registry.get(game)
    renderer = for_game(game)
    assert renderer is not None
    state: GameState = states(game, players, seed)[len(states(game, players, seed)) // 2]
    for first, second in [("李明", "王芳"), ("محمد", "دوري"), ("🎲 Sam", "🇯🇵 Sam"), ("민준", "さくら")]:
        names = {seat: f"Member {seat + 1}" for seat in range(players)} | {0: first, 1: second}
        swapped = names | {0: second, 1: first}
        views = [(renderer.render_board, engine.view(state, None))]
        if engine.info.private_view:
            views.append((renderer.render_hand, engine.view(state, 0)))
        for render, view in views:
            assert render(name_view(view, names)) != render(name_view(view, swapped)), (first, second)
