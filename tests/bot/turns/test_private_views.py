"""A private message only where a game has something private: Flight Plan and Now Boarding hide nothing a seat
holds, so no member gets a "your hand" picture (it was the board again), and /game hand says why; Planes still
sends each member their hand, titled as what it is."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.discord import TarmacBot
from engine import registry
from tests.bot.helpers import (
    click_first,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    refusal,
    start_with_all,
)

NOTHING_PRIVATE = [name for name in registry.names() if not registry.get(name).info.private_view]
"""The games where no seat holds anything the channel does not see (`GameInfo.private_view` empty)."""
GAMES = (*NOTHING_PRIVATE, "planes")


@pytest.fixture
def simcord_bot(make_bot: Callable[..., TarmacBot]) -> TarmacBot:
    return make_bot({name: registry.get(name) for name in GAMES})


def private_titles(table, member) -> list[str]:  # type: ignore[no-untyped-def]
    """Titles of the private messages a member got: DMs and messages only they see in the channel."""
    dms = messages_after(member.user.dm_channel, 0)
    own = [m for m in messages_after(table.channel, 0, viewer=member.id) if m.flags.ephemeral]
    return [m.embeds[0].title or "" for m in dms + own if m.embeds]


@pytest.mark.parametrize("game", NOTHING_PRIVATE)
async def test_a_game_with_nothing_private_sends_no_hand(simcord_env, game: str) -> None:  # type: ignore[no-untyped-def]
    table = make_table(simcord_env)
    await start_with_all(table, game)
    panel = latest_panel(table.channel)
    await click_first(mentioned_actor(table, panel), panel)  # a move: the hand used to come with each change
    for member in table.players:
        assert not [t for t in private_titles(table, member) if "your hand" in t], member.name
        said = refusal(await member.slash(table.channel, "game hand"))
        assert "has no hands" in said and "/game board" in said


async def test_planes_still_sends_each_member_their_hand(simcord_env) -> None:  # type: ignore[no-untyped-def]
    table = make_table(simcord_env)
    await start_with_all(table, "planes")
    for member in table.players:
        assert "Planes in #games — your hand" in private_titles(table, member)


async def test_a_hand_picture_says_where_every_word_of_it_is(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """A big hand's picture shortens card texts; its message points to the whole hand in words."""
    table = make_table(simcord_env)
    await start_with_all(table, "planes")
    for member in table.players:
        [dm] = [m for m in messages_after(member.user.dm_channel, 0) if m.embeds and m.embeds[0].image]
        assert dm.embeds[0].footer.text == "Every word of it: /game hand text:True"
