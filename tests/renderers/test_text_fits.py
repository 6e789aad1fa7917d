"""Text that fits: on every board and hand of seeded games of every game, the sample names (one script a seat:
Zoë, 李明, محمد, 🎲 Sam, अर्जुन, Жанна) and names of ten or more letters in several scripts are drawn whole, never cut
with "…"; every word a Planecrafters hand card can carry fits its card at every hand size."""

from __future__ import annotations

from typing import Any

import pytest

from bot.naming import name_view
from engine import registry
from renderers import for_game
from renderers.kit.paint import fit
from renderers.kit.record import recording
from renderers.names import SAMPLE_NAMES
from renderers.planecrafters.hand import CARD_TEXTS, PAD, hand_layout
from tests.renderers.test_text_size_in_play import GAMES, image_of, states

LONGER = {0: "Maximiliana", 1: "Александра", 2: "李明 王芳", 3: "🎲 Samantha", 4: "अर्जुन सिंह", 5: "محمد علي"}
"""Ten or eleven letters (or what a Chinese, Arabic or Devanagari name of that width is): as long as a member's name
may be and still be drawn whole on every board."""


def _drawn(draw: Any, view: dict[str, Any]) -> list[str]:
    with recording() as log:
        draw(view)
    return [t.text for t in log.texts]


@pytest.mark.parametrize("names", [SAMPLE_NAMES, LONGER], ids=["sample names", "longer names"])
@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[f"{g}-{p}p-seed{s}" for g, p, s in GAMES])
def test_every_name_is_drawn_whole(game: str, players: int, seed: int, names: dict[int, str]) -> None:
    engine, renderer = registry.get(game), for_game(game)
    assert renderer is not None
    table = {seat: names[seat] for seat in range(players)}
    for state in states(game, players, seed)[::3]:
        drawn = " | ".join(_drawn(image_of(renderer.render_board), name_view(engine.view(state, None), table)))
        missing = [n for n in table.values() if n not in drawn]
        assert not missing, (missing, [t for t in drawn.split(" | ") if "…" in t])
        for seat in range(players):
            view = name_view(engine.view(state, seat), table)
            hand = " | ".join(_drawn(image_of(renderer.render_hand), view))
            assert "…" not in hand or table[seat] in hand, (seat, hand)


@pytest.mark.parametrize("count", range(16))
def test_every_planecrafters_card_text_fits_its_card(count: int) -> None:
    layout = hand_layout(count)
    room = layout.card_w - 2 * round(PAD * layout.font)
    assert [t for t in CARD_TEXTS if fit(t, layout.font, room) != t] == []
