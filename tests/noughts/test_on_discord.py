"""Noughts and crosses on SimCord, through tests/support/play.py: what a bot test of a new game looks like (copy it
with the example). The generic bot test, tests/bot/games/test_adding_a_game.py, covers the rest: the lobby, the
pictures and the rules pages of every game."""

from __future__ import annotations

from typing import Any

from tests.bot.conftest import _requests_valid  # every request the bot made is one Discord would take
from tests.bot.helpers import latest_panel, one_game, prompt_of
from tests.support.play import play

SEED = 1

simcord_bot, bot_seed = one_game("noughts", SEED)
__all__ = ["_requests_valid", "bot_seed", "simcord_bot"]


async def test_two_members_play_a_whole_game_and_the_channel_says_how_it_ended(simcord_env: Any) -> None:
    played = await play(simcord_env, "noughts", SEED)
    assert played.over and 5 <= played.clicks <= 9
    final = latest_panel(played.table.channel)
    assert prompt_of(final).startswith("Game over.")
    assert "board.png" in [a.filename for a in final.attachments], "the board its manifest's renderer draws"


async def test_the_same_seed_plays_the_same_game(simcord_env: Any) -> None:
    first = await play(simcord_env, "noughts", SEED, clicks=3)
    again = await play(simcord_env, "noughts", SEED, clicks=3)
    assert first.state.model_dump() == again.state.model_dump()
