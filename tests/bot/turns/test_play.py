"""Playing by clicking: whole games, who may click, stale panels, double clicks, restarts, DMs and secrets."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.session import Refusal
from tests.bot.helpers import (
    Table,
    choice_ids,
    field_of,
    gallery_items,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    message_text,
    now_shown,
    panels,
    prompt_of,
    refusal,
    start_with_all,
    state_version,
    texts,
)


async def play_out(table: Table, rng: random.Random, *, limit: int = 200) -> int:
    """Click offered options (chosen by rng) on the newest panel until the game is over; returns the clicks.
    The cards in a hand are offered only privately ("Show my choices", ephemeral), so half the time the player
    opens that chooser and picks there."""
    clicks = 0
    while items(panel := latest_panel(table.channel)):
        actor = mentioned_actor(table, panel)
        private = [c.custom_id for c in items(panel)
                   if c.label == "Show my choices"]
        if private and rng.random() < 0.5:
            chooser = await actor.click(panel, custom_id=private[0])
            assert chooser.response.ephemeral
            shown = chooser.response.message
            await actor.click(shown, custom_id=rng.choice(choice_ids(shown)))
        else:
            await actor.click(panel, custom_id=rng.choice(choice_ids(panel)))
        clicks += 1
        assert clicks < limit, "the game should have ended"
    return clicks


async def test_a_whole_game_by_clicking(simcord_env):
    table = make_table(simcord_env)
    await start_with_all(table)
    clicks = await play_out(table, random.Random(7))

    final = latest_panel(table.channel)
    assert prompt_of(final).startswith("Game over.")
    assert field_of(final, "Final scores", "")
    session = await table.bot.store.get_session(1)
    assert session.status == "finished"
    assert await state_version(table) == clicks
    # One panel per applied choice, plus the opening one.
    assert len(panels(table.channel)) == clicks + 1


async def test_game_with_an_ai_seat_plays_its_turns(simcord_env):
    table = make_table(simcord_env, ("alice",))
    await start_with_all(table, ai=1)
    await play_out(table, random.Random(3))
    actions = await table.bot.store.actions(1, last=500)
    assert {a.seat for a in actions} == {0, 1}, "both the human and the AI made moves"
    assert prompt_of(latest_panel(table.channel)).startswith("Game over.")


async def test_outsiders_and_waiting_players_change_nothing(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    mallory = table.guild.add_member(simcord_env.create_user("mallory"))  # in the server, not in the game
    await start_with_all(table)
    panel = latest_panel(table.channel)
    assert prompt_of(panel).startswith(alice.mention)
    before = await state_version(table)

    assert "not in this game" in refusal(await mallory.click(panel, custom_id=choice_ids(panel)[0]))
    assert "not your turn" in refusal(await bob.click(panel, custom_id=choice_ids(panel)[0]))
    assert await state_version(table) == before
    assert latest_panel(table.channel).id == panel.id, "a refused click posts nothing in the channel"


async def test_a_superseded_panel_loses_its_controls_and_a_stale_click_is_refused(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    first = latest_panel(table.channel)
    chooser = (await alice.click(first, label="Show my choices")).response.message
    await alice.click(first, custom_id=choice_ids(first)[-1])  # pass
    second = latest_panel(table.channel)
    await bob.click(second, custom_id=choice_ids(second)[-1])
    version = await state_version(table)

    # The old panels keep their heading and board for whoever scrolls back, but no live-looking buttons.
    for old in (first, second):
        retired = now_shown(table.channel, old)
        assert not items(retired) and prompt_of(retired) == "-# The game moved on: the newest panel is below."
        assert " — Turn " in texts(retired)[0] and gallery_items(retired) == gallery_items(old)
    # Alice's turn again, and she clicks in the list of her choices she opened two moves ago.
    assert "out of date" in refusal(await alice.click(chooser, custom_id=choice_ids(chooser)[0]))
    assert await state_version(table) == version


async def test_two_simultaneous_clicks_apply_once(simcord_env):
    # SimCord refuses overlapping actor operations ("operation overlaps active click"), so the two clicks meet
    # where they would race in production: two concurrent calls into Turns for the same panel button.
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)
    panel = latest_panel(table.channel)
    turns = table.bot.parts.turns
    click = turns.choose(1, alice.id, version=0, seat=0, index=0)
    again = turns.choose(1, alice.id, version=0, seat=0, index=len(choice_ids(panel)) - 1)
    results = await asyncio.gather(click, again, return_exceptions=True)
    assert await state_version(table) == 1
    assert len(await table.bot.store.actions(1, last=10)) == 1
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(refused) == 1 and "out of date" in refused[0].sentence
    assert len(panels(table.channel)) == 2, "one new panel, not two"


async def test_a_second_click_on_the_same_panel_is_refused(simcord_env):
    # The first click retires the panel; a second one already on its way (sent before the edit reached the
    # member's client) arrives as a call with the panel's old version.
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)
    panel = latest_panel(table.channel)
    await alice.click(panel, custom_id=choice_ids(panel)[0])
    with pytest.raises(Refusal, match="out of date"):
        await table.bot.parts.turns.choose(1, alice.id, version=0, seat=0, index=0)
    assert await state_version(table) == 1


async def test_restart_mid_game_and_finish_with_the_old_panel(simcord_env, make_bot):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    await alice.click(latest_panel(table.channel), custom_id=choice_ids(latest_panel(table.channel))[-1])
    old_panel = latest_panel(table.channel)
    version = await state_version(table)

    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot())
    assert simcord_env.bot is not old_bot

    # The panel posted by the previous bot instance still works: Bob plays from it.
    await bob.click(old_panel, custom_id=choice_ids(old_panel)[0])
    assert await state_version(table) == version + 1
    await play_out(table, random.Random(11))
    assert prompt_of(latest_panel(table.channel)).startswith("Game over.")


async def hidden_cards(table: Table) -> dict[int, set[str]]:
    session = await table.bot.store.get_session(1)
    state = await table.bot.parts.sessions.state(session)
    return {seat: set(hand) for seat, hand in enumerate(state.hands)}


async def test_hands_go_only_to_their_owners(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_with_all(table)
    # A few moves, so hands change and private "you drew" events happen.
    for _ in range(4):
        panel = latest_panel(table.channel)
        await mentioned_actor(table, panel).click(panel, custom_id=choice_ids(panel)[-1])

    hands = await hidden_cards(table)
    channel_text = "".join(message_text(m) for m in table.channel.history())
    for seat, player in enumerate(table.players):
        dms = player.user.dm_channel.history()
        assert dms, f"{player.name} got their hand by DM"
        dm_text = "".join(message_text(m) for m in dms)
        assert all(card in dm_text for card in hands[seat])
        assert "https://discord.com/channels/" in dm_text and "Toy Cards" in dm_text
        for other, cards in hands.items():
            if other != seat:
                assert not any(card in dm_text for card in cards), "no DM shows another seat's cards"
        assert not any(card in channel_text for card in hands[seat]), "the channel never shows a hand"
        # Nor a hand card as the label of a choice ("Play 7"): those are offered to their owner alone.
        assert not any(f"Play {card.split(':')[1]}" in channel_text for card in hands[seat])
    assert "You drew" not in channel_text


async def test_closed_dms_get_a_channel_sentence_and_nothing_private(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    dm = bob.user.dm_channel
    simcord_env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                             message="Cannot send messages to this user", times=None)
    await start_with_all(table)
    sentences = [m for m in table.channel.history() if prompt_of(m).startswith(f"{bob.mention}, I cannot send you DMs")]
    assert sentences and "/game hand shows your hand" in prompt_of(sentences[0])
    assert not sentences[0].embeds and not sentences[0].attachments

    # /game hand is the fallback: ephemeral, Bob's cards only.
    hands = await hidden_cards(table)
    shown = await bob.slash(table.channel, "game hand")
    text = message_text(shown.followups[0].message) if shown.followups else message_text(shown.response.message)
    assert all(card in text for card in hands[1]) and not any(card in text for card in hands[0])
    assert (shown.followups[0] if shown.followups else shown.response).ephemeral


async def test_the_ai_pauses_before_its_own_moves_only(simcord_env):
    # On SimCord's clock (virtual time): the pause that lets humans follow an AI move must not delay a click that
    # leaves no AI turn.
    table = make_table(simcord_env, ("alice",))
    simcord_env.bot.parts.turns.ai_delay = 0.25
    began = simcord_env.now()
    await start_with_all(table, ai=1)
    assert simcord_env.now() == began, "Alice moves first: starting waits for no AI"
    await table.players[0].click(latest_panel(table.channel), label="Pass")
    assert (simcord_env.now() - began).total_seconds() >= 0.25
    assert [a.seat for a in await table.bot.store.actions(1)] == [0, 1], "the AI answered after its pause"
