"""The phone rule (every text at least MIN_TEXT_PX tall where Discord shows the picture) over every text the
renderers draw at realistic states: seeded games of every game with pictures, played by the playout policy, each
board and each seat's hand every few moves, with members' names on them as the bot puts them (long ones too).
The samples' test (test_picture_rules) checks a few chosen pictures; this one the pictures a game goes through.

Each text's effective height is the height of its capitals (rules.CAP_HEIGHT of its font size) times the scale the
picture is shown at: `rules.shown_scale`, the narrowest Discord was measured showing a channel image
(renderers/README.md)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from bot.naming import name_view
from engine import registry
from engine.core.ai.selfplay import playout
from engine.core.contract import GameState
from engine.core.play import LoggedAction
from renderers import for_game
from renderers.kit.record import recording
from renderers.kit.rules import MIN_TEXT_PX, shown_cap_px
from tests.support.tables import fewest_and_most

GAMES = [(name, players, seed) for name in registry.names() if for_game(name) is not None
         for players, seed in zip(reversed(fewest_and_most(registry.get(name))), (3, 7), strict=False)]
"""Every game with pictures at its most and its fewest players."""
PICTURES_PER_GAME = 8
NAMES = ["Ada", "Bartholomew the Patient", "Chen", "Dagny Featherstonehaugh", "Esperanza", "Fumiko"]


@cache
def states(game: str, players: int, seed: int) -> tuple[GameState, ...]:
    kept: list[GameState] = []

    def keep(_before: GameState, _action: LoggedAction, after: GameState) -> None:
        kept.append(after)

    playout(registry.get(game), players, seed, on_step=keep)
    step = max(1, len(kept) // PICTURES_PER_GAME)
    return tuple(kept[::step][:PICTURES_PER_GAME - 1] + kept[-1:])


def too_small(draw: Any, view: dict[str, Any]) -> list[str]:
    with recording() as log:
        image = draw(view)
    return [f"{t.text!r}: font {t.size} px on {image.size[0]}x{image.size[1]}, capitals shown "
            f"{shown_cap_px(t.size, image.size):.2f} px" for t in log.texts
            if shown_cap_px(t.size, image.size) < MIN_TEXT_PX - 1e-9]


def image_of(render: Any) -> Any:
    """The renderer's PNG as an image (render_board / render_hand return bytes)."""
    import io

    from PIL import Image

    return lambda view: Image.open(io.BytesIO(render(view)))


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{p}p-seed{s}" for g, p, s in GAMES])
def test_every_text_of_every_board_and_hand_is_readable_where_it_is_shown(game: str, players: int,
                                                                          seed: int) -> None:
    engine = registry.get(game)
    renderer = for_game(game)
    assert renderer is not None
    names = dict(enumerate(NAMES[:players]))
    problems: list[str] = []
    for state in states(game, players, seed):
        views = [("board", renderer.render_board, engine.view(state, None))]
        if engine.info.private_view:
            views += [(f"hand of seat {s + 1}", renderer.render_hand, engine.view(state, s)) for s in range(players)]
        for what, render, view in views:
            problems += [f"{what} at version {state.version}: {p}"
                         for p in too_small(image_of(render), name_view(view, names))]
    assert not problems, f"{len(problems)} texts too small, e.g.:\n" + "\n".join(sorted(set(problems))[:15])


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{p}p-seed{s}" for g, p, s in GAMES])
def test_every_board_names_the_seats_by_member_name(game: str, players: int, seed: int) -> None:
    """The names come from the bot (name_view), never the engine's seat words ("Player 2")."""
    import re

    engine = registry.get(game)
    renderer = for_game(game)
    assert renderer is not None
    names = dict(enumerate(NAMES[:players]))
    for state in states(game, players, seed):
        with recording() as log:
            renderer.render_board(name_view(engine.view(state, None), names))
        texts = [t.text for t in log.texts]
        assert not [t for t in texts if re.search(rf"\b{engine.info.seat_word} \d\b", t)], f"version {state.version}"
        # A long name may be cut ("Bartholomew the Pa…"): its start is enough.
        assert [n for n in names.values() if not any(n[:4] in t for t in texts)] == [], f"version {state.version}"
