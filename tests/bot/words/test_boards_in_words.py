"""Boards in words on SimCord, on a real Planecrafters game: the board picture's alt text is the board in
words, cut to 1024 characters; `/game board text:True` shows the whole description and `/game hand text:True` a
hand's; `/game settings text_boards:True` is kept for the member in every server and sends their hand in words in
place of the picture, by DM and with `/game hand`, while the other players keep their pictures."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.limits import EMBED_TOTAL, EMBEDS
from bot.discord.words import words_messages
from bot.naming import escape, name_view, seat_names
from engine import registry
from renderers.words import alt_text
from renderers.words import for_game as words_for
from tests.bot.helpers import (
    Table,
    make_table,
    messages_after,
    one_game,
    refusal,
    start_with_all,
    stored_state,
    turn_bodies,
)

GAME = "planecrafters"
simcord_bot, bot_seed = one_game(GAME, 3)


async def _words(table: Table, seat: int | None) -> str:
    """What the bot should say of the stored state: the board (seat None) or a seat's hand, named by members."""
    session = await table.bot.store.get_session(1)
    assert session is not None
    view = name_view(registry.get(GAME).view(await stored_state(table), seat), seat_names(session))
    words = words_for(GAME)
    assert words is not None
    return words.describe(view) if seat is None else words.describe_hand(view)


def _descriptions(result: Any) -> str:
    """The text of every embed of an interaction's ephemeral replies, in order."""
    messages = [m.message for m in [result.response, *result.followups] if m is not None and m.ephemeral]
    return "\n".join(e.description or "" for m in messages for e in m.embeds)


def _attachments(body: dict[str, Any]) -> list[dict[str, Any]]:
    return list(body.get("attachments") or [])


async def test_the_board_picture_has_the_board_in_words_as_alt_text(simcord_env):
    table = make_table(simcord_env)
    await start_with_all(table, GAME)
    method, body = turn_bodies(simcord_env, table.channel)[-1]
    [board] = _attachments(body)
    expected = await _words(table, None)
    assert board["filename"] == "board.png" and board["description"] == alt_text(expected)
    assert len(board["description"]) <= 1024 and "alice" in board["description"] and "bob" in board["description"]


async def test_board_text_shows_the_whole_board_in_words(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table, GAME)
    shown = await bob.slash(table.channel, "game board", text=True)
    messages = [m.message for m in [shown.response, *shown.followups] if m is not None and m.ephemeral]
    assert messages and all(not m.attachments and not m.components for m in messages), "words, not the picture"
    assert _descriptions(shown) == escape(await _words(table, None)), "the whole description, uncut"
    assert "the board in words" in messages[0].embeds[0].title


async def test_hand_text_shows_the_hand_in_words_and_only_that_hand(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table, GAME)
    shown = await bob.slash(table.channel, "game hand", text=True)
    assert _descriptions(shown) == escape(await _words(table, 1)), "Bob's own view, in words"
    [reply] = [m.message for m in [shown.response, *shown.followups] if m is not None and m.ephemeral]
    assert not reply.attachments and "your hand" in reply.embeds[0].title


async def test_a_member_with_text_boards_gets_words_in_place_of_pictures_everywhere(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    said = refusal(await alice.slash(table.channel, "game settings", text_boards=True))
    assert "Boards in words: on, in every server" in said
    assert await table.bot.store.get_member_settings(alice.id) == {"text_boards": True}

    await start_with_all(table, GAME)
    alice_dms = messages_after(alice.user.dm_channel, 0)
    bob_dms = messages_after(bob.user.dm_channel, 0)
    assert alice_dms and bob_dms, "both get their hand by DM"
    assert all(not m.attachments for m in alice_dms), "Alice reads her hand in words, with no picture"
    assert escape(await _words(table, 0)) in "\n".join(e.description or "" for e in alice_dms[-1].embeds)
    bobs = alt_text(await _words(table, 1))
    assert any(a.filename == "hand.png" and a.description == bobs for a in bob_dms[-1].attachments), (
        "Bob keeps the picture, with its words as alt text")

    hand = await alice.slash(table.channel, "game hand")
    assert escape(await _words(table, 0)) in _descriptions(hand)
    board = await alice.slash(table.channel, "game board")
    assert _descriptions(board) == escape(await _words(table, None)), "the board she asks for comes in words too"
    board = await bob.slash(table.channel, "game board")
    assert [a.filename for m in [board.response, *board.followups] if m is not None for a in m.message.attachments] == [
        "board.png"], "Bob's is the picture"

    # Kept for the member, not the server: another server shows it on; turning it off brings the picture back.
    elsewhere = simcord_env.create_guild()
    channel = elsewhere.create_text_channel("lounge")
    alice_there = elsewhere.add_member(alice.user)
    assert "Boards in words, in every server: on" in refusal(await alice_there.slash(channel, "game settings"))
    assert "Boards in words, in every server: off" in refusal(await bob.slash(table.channel, "game settings"))
    said = refusal(await alice_there.slash(channel, "game settings", text_boards=False))
    assert "Boards in words: off" in said
    hand = await alice.slash(table.channel, "game hand")
    [reply] = [m.message for m in [hand.response, *hand.followups] if m is not None and m.ephemeral]
    assert [a.filename for a in reply.attachments] == ["hand.png"]


def test_a_long_description_goes_out_whole_in_several_messages(simcord_env):
    text = "\n".join(f"Line {n}: " + "word " * 60 for n in range(400))  # about 125,000 characters
    messages = words_messages(text, "The board in words")
    embeds = [e for m in messages for e in m["embeds"]]
    assert len(messages) > 1
    for message in messages:
        assert len(message["embeds"]) <= EMBEDS
        assert sum(len(e.title or "") + len(e.description or "") for e in message["embeds"]) <= EMBED_TOTAL
    assert "\n".join(e.description for e in embeds) == escape(text)
    assert isinstance(embeds[0], discord.Embed) and embeds[0].title == "The board in words"
