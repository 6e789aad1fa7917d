"""The sandbox shows each member what Discord would DM them as a message only they can see in the channel (its page
shows one channel and no DMs). On SimCord, with the toy game, without a browser."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from simcord import Env

from bot.discord import TarmacBot, create_bot
from bot.sandbox.presenter import TOKEN_LIFE, SandboxPresenter
from bot.store import SqliteStore
from tests.bot.helpers import make_table, messages_after, newest_id, prompt_of, start_with_all, title_of
from tests.support.discord_spec import assert_requests_valid
from tests.support.toy_game import GAME as TOY


@pytest.fixture
async def simcord_bot(tmp_path: Path) -> AsyncIterator[TarmacBot]:
    bot = create_bot(SqliteStore(tmp_path / "sandbox.sqlite3"), games={"toy": TOY}, presenter=SandboxPresenter)
    yield bot
    await bot.store.close()  # SimCord detaches the bot without closing it


def hands_seen_by(table, member_id: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [title_of(m) for m in messages_after(table.channel, 0, viewer=member_id)
            if m.embeds and title_of(m).endswith("your hand")]


async def test_each_hand_reaches_its_member_alone_as_an_ephemeral_message(simcord_env: Env) -> None:
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    # Alice's hand answers her Start click, Bob's his Join click: each sees one hand, the channel none.
    assert hands_seen_by(table, alice.id) == ["Toy Cards — your hand"]
    assert hands_seen_by(table, bob.id) == ["Toy Cards — your hand"]
    assert not [m for m in messages_after(table.channel, 0) if m.embeds and "hand" in title_of(m)]
    assert_requests_valid(simcord_env)


async def test_a_hand_with_no_live_interaction_waits_for_the_members_next_command(simcord_env: Env) -> None:
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = (await alice.slash(table.channel, "game new", game="toy")).response
    assert lobby is not None
    await bob.click(lobby.message, label="Join")
    # Bob's Join is too old to answer by the time the game starts.
    await simcord_env.advance_time(TOKEN_LIFE.total_seconds() + 60)
    mark = newest_id(table.channel)
    await alice.click(lobby.message, label="Start")
    assert hands_seen_by(table, bob.id) == []
    notice = [prompt_of(m) for m in messages_after(table.channel, mark) if str(bob.id) in prompt_of(m)]
    assert len(notice) == 1 and "waiting" in notice[0] and "toy:" not in notice[0].lower()

    await bob.slash(table.channel, "game status")
    assert hands_seen_by(table, bob.id) == ["Toy Cards — your hand"]
    assert hands_seen_by(table, alice.id) == ["Toy Cards — your hand"]  # her own, still only one
    assert_requests_valid(simcord_env)
