"""What a player typed is quoted back cut short: a refusal of a 5,000-character typed move or option
value quotes at most QUOTE_MAX characters of it, so the sentence still reaches the player."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.core import IllegalAction, new_game
from engine.core.text import QUOTE_MAX, quoted
from engine.core.typed import commands_for

LONG = "Q" * 5000


def longest_q_run(sentence: str) -> int:
    return max((len(run) for run in re.findall("Q+", sentence)), default=0)


def test_quoted_cuts_what_was_typed_with_an_ellipsis() -> None:
    assert quoted("  take 1 ") == "take 1"
    cut = quoted(LONG)
    assert len(cut) == QUOTE_MAX and cut.endswith("…")
    assert quoted("word " * 40).endswith("word…"), "cut at a word where one is near the limit"


@pytest.mark.parametrize("game_name", registry.names())
@pytest.mark.parametrize("line", [LONG, f"{LONG} > S1", f"go; {LONG}", f"{LONG}; end", f"hub {LONG}",
                                  f"S1 red {LONG}"])
def test_a_typed_move_is_quoted_short(game_name: str, line: str) -> None:
    game = registry.get(game_name)
    state = new_game(game, 2, seed=3)
    seat = game.pending(state)[0].seat
    with pytest.raises(IllegalAction) as refused:
        commands_for(game).parse_command(state, seat, line)
    assert longest_q_run(refused.value.sentence) < QUOTE_MAX, refused.value.sentence[:300]


@pytest.mark.parametrize("game_name", registry.names())
def test_an_option_is_quoted_short(game_name: str) -> None:
    game = registry.get(game_name)
    for options in ({LONG: "x"}, *({spec.key: LONG} for spec in game.option_specs[:1])):  # a game may have none
        with pytest.raises(IllegalAction) as refused:
            game.check_options(game.info.min_players, options)
        assert longest_q_run(refused.value.sentence) < QUOTE_MAX, refused.value.sentence[:300]


def test_a_custom_layout_is_quoted_short() -> None:
    game = registry.get("planes")
    for layout in (f"custom:{LONG}", f"custom:a2={LONG}"):
        with pytest.raises(IllegalAction) as refused:
            game.check_options(2, {"pois": layout})
        assert longest_q_run(refused.value.sentence) < QUOTE_MAX, refused.value.sentence[:300]
