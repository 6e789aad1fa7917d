"""The /game commands besides clicking: board, hand, status, log, rules, resign, panel and the lobby by command."""

from __future__ import annotations

import logging
import random

import discord

from tests.bot.helpers import (
    Table,
    choice_ids,
    field_of,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    message_text,
    open_lobby,
    panel_version,
    panels,
    prompt_of,
    refusal,
    resign,
    start_with_all,
    state_version,
    title_of,
)


def reply(result) -> discord.Message:
    """The message a command answered with (its response, or after a defer its last followup)."""
    shown = [m for m in [result.response, *result.followups] if m is not None]
    assert shown, f"no reply to {result!r}"
    return shown[-1].message if hasattr(shown[-1], "message") else shown[-1]


def is_ephemeral(result) -> bool:
    return all(m.ephemeral for m in [result.response, *result.followups] if m is not None)


async def pass_turns(table: Table, count: int) -> None:
    for _ in range(count):
        panel = latest_panel(table.channel)
        await mentioned_actor(table, panel).click(panel, label="Pass")


async def finish(table: Table) -> None:
    """Everyone passes until the toy game ends (twice round the table)."""
    while items(latest_panel(table.channel)):
        await pass_turns(table, 1)


async def seat_cards(table: Table) -> list[set[str]]:
    session = await table.bot.store.get_session(1)
    state = await table.bot.parts.sessions.state(session)
    return [set(hand) for hand in state.hands]


async def test_board_status_and_log_while_running_and_after_the_end(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    await pass_turns(table, 3)

    board = await bob.slash(table.channel, "game board")
    assert is_ephemeral(board) and title_of(reply(board)) == "Toy Cards — Turn 4", "three turns passed"
    assert not items(reply(board)), "the copy of the board has no buttons: the live panel is in the channel"
    status = await bob.slash(table.channel, "game status")
    assert "running" in prompt_of(reply(status)) and "Turn 4; waiting for bob" in prompt_of(reply(status))
    log = await alice.slash(table.channel, "game log", count=2)
    lines = reply(log).embeds[0].description.splitlines()
    # The log names players as the table knows them, not by the engine's seat numbers.
    assert is_ephemeral(log) and lines == ["**Turn 2** (bob): bob passed.", "**Turn 3** (alice): alice passed."]

    await finish(table)
    assert (await table.bot.store.get_session(1)).status == "finished"
    board = await bob.slash(table.channel, "game board")
    assert field_of(reply(board), "Final scores", "")
    status = await alice.slash(table.channel, "game status")
    assert "finished" in prompt_of(reply(status)) and "Final scores" in prompt_of(reply(status))
    log = await alice.slash(table.channel, "game log")
    assert "passed" in reply(log).embeds[0].description
    hand = await alice.slash(table.channel, "game hand")
    assert is_ephemeral(hand) and "your hand" in title_of(reply(hand))

    # A new lobby in the channel: status speaks of it, the board is still the last game's, resigning makes no sense.
    await bob.slash(table.channel, "game new", game="toy")
    assert "waiting in the lobby" in reply(await alice.slash(table.channel, "game status")).content
    board = await alice.slash(table.channel, "game board")
    assert field_of(reply(board), "Final scores", "")
    assert "not started yet" in refusal(await bob.slash(table.channel, "game resign"))


async def test_commands_in_a_channel_without_a_game_say_so(simcord_env):
    table = make_table(simcord_env)
    for command in ("game board", "game hand", "game status", "game log", "game panel", "game resign"):
        assert "no game running in this channel" in refusal(await table.players[0].slash(table.channel, command))


async def test_hand_is_private_and_belongs_to_the_game_of_this_channel(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    other = table.guild.create_text_channel("elsewhere")
    await open_lobby(table)
    await bob.slash(table.channel, "game join")
    await alice.slash(table.channel, "game start")
    cards = await seat_cards(table)

    shown = await bob.slash(table.channel, "game hand")
    text = message_text(reply(shown))
    assert is_ephemeral(shown)
    assert all(card.split(":")[1] in text for card in cards[1])
    assert not any(card in text for card in cards[0]), "only Bob's own cards"
    assert not any("your hand" in message_text(m) for m in table.channel.history(viewer=alice))
    assert "not in the game" in refusal(await carol.slash(table.channel, "game hand"))
    assert "no game running" in refusal(await bob.slash(other, "game hand")), "another channel has no game"
    channel_text = "".join(message_text(m) for m in table.channel.history())
    assert not any(card in channel_text for hand in cards for card in hand)


async def test_rules_by_topic_with_autocomplete(simcord_env):
    table = make_table(simcord_env)
    alice = table.players[0]
    offered = await alice.autocomplete(table.channel, "game rules", "topic", "ov", game="toy")
    assert [c["value"] for c in offered] == ["overview"]
    assert await alice.autocomplete(table.channel, "game rules", "topic", "zzz", game="toy") == []

    page = await alice.slash(table.channel, "game rules", topic="overview")
    assert is_ephemeral(page) and title_of(reply(page)) == "Toy Cards — overview"
    unknown = await alice.slash(table.channel, "game rules", game="toy", topic="flying")
    assert "No topic 'flying'" in reply(unknown).embeds[0].footer.text


async def test_lobby_by_command_and_who_may_start_or_cancel(simcord_env):
    table = make_table(simcord_env, ("alice", "bob"))
    alice, bob = table.players
    moderators = table.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[moderators])
    await alice.slash(table.channel, "game new", game="toy")

    assert is_ephemeral(await bob.slash(table.channel, "game join"))
    assert "already in this lobby" in refusal(await bob.slash(table.channel, "game join"))
    await alice.slash(table.channel, "game host option", name="Rated", value="off")  # a rated game is not cancelled
    await bob.slash(table.channel, "game leave")
    assert [s.user_id for s in (await table.bot.store.get_session(1)).seats] == [alice.id]
    assert "host" in refusal(await alice.slash(table.channel, "game leave"))
    await bob.slash(table.channel, "game join")

    assert "Only the host" in refusal(await bob.slash(table.channel, "game start"))
    assert (await table.bot.store.get_session(1)).status == "lobby"
    await mod.slash(table.channel, "game start")  # Manage Channels may start someone else's game
    assert (await table.bot.store.get_session(1)).status == "active" and panels(table.channel)
    assert "already started" in refusal(await bob.slash(table.channel, "game join"))

    assert "Only the host" in refusal(await bob.slash(table.channel, "game host cancel"))
    asked = await mod.slash(table.channel, "game host cancel")  # a started game: asked to confirm first
    cancelled = await mod.click(asked.response.message, label="Yes, cancel the game")
    assert not cancelled.followups[0].ephemeral, "the whole table learns the game is cancelled"
    assert (await table.bot.store.get_session(1)).status == "cancelled"


async def test_resign_hands_the_seat_to_the_ai_and_the_game_goes_on(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    alice, bob, carol = table.players
    await start_with_all(table)
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention)

    await carol.slash(table.channel, "game vacation", days=3)
    assert "Away: " in prompt_of(reply(await alice.slash(table.channel, "game status")))
    # Resigning is final, so the command only asks, privately, saying so; nothing changes until the member says yes.
    asked = await carol.slash(table.channel, "game resign")
    assert asked.response.ephemeral and "Resigning is final" in asked.response.content
    assert "/game rejoin` cannot give it back" in asked.response.content
    assert [i.label for i in items(asked.response.message)] == ["Yes, resign"]
    assert not (await table.bot.store.get_session(1)).seats[2].is_ai, "asking changed nothing"
    said = await carol.click(asked.response.message, label="Yes, resign")
    assert said.response is not None and "You resigned" in said.response.message.content
    assert not items(now_shown_reply(said)), "the question keeps no button to press twice"
    [announced] = said.followups
    assert not announced.ephemeral and "AI plays their seat" in announced.content
    session = await table.bot.store.get_session(1)
    assert session.status == "active" and session.seats[2].is_ai and session.seats[2].user_id is None
    assert "not in this game" in refusal(await carol.slash(table.channel, "game resign"))
    # And rejoin cannot undo it: it says why.
    assert "resignation is final" in refusal(await carol.slash(table.channel, "game rejoin"))
    # Status says it once, and no longer counts her as away from a table she left.
    status = prompt_of(reply(await alice.slash(table.channel, "game status")))
    assert "carol (resigned; AI, Normal)" in status and "(resigned) (" not in status
    assert "Away: " not in status, status

    # Alice and Bob pass; the AI plays Carol's turn by itself and the turn comes back to Alice.
    await pass_turns(table, 2)
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention)
    assert [a.seat for a in await table.bot.store.actions(1)] == [0, 1, 2]

    # Resigning on one's own turn: the AI moves at once.
    await resign(alice, table.channel)
    assert prompt_of(latest_panel(table.channel)).startswith(bob.mention)
    assert (await table.bot.store.actions(1))[-1].seat == 0

    # The last member leaves: nobody is left to play, so the AI plays the game out and it ends with its result.
    ended = await resign(bob, table.channel)
    assert "AI plays the game out now" in ended.followups[0].content
    assert (await table.bot.store.get_session(1)).status == "finished"
    [result] = await table.bot.store.results()
    assert [s.place for s in sorted(result.seats, key=lambda s: s.place)] == [1, 2, 3]
    assert [s.user_id for s in sorted(result.seats, key=lambda s: s.place)] == [bob.id, alice.id, carol.id], \
        "the latest resigner above the earlier ones"
    again = await bob.slash(table.channel, "game new", game="toy")
    assert not again.response.ephemeral, "the channel is free for a new game"


def now_shown_reply(result):  # type: ignore[no-untyped-def]
    """The message a component's press edited, as it reads now."""
    return result.response.message


async def test_a_panel_that_failed_to_post_comes_back_with_game_panel(simcord_env, caplog):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start_with_all(table)
    panel = latest_panel(table.channel)
    # 403 (the bot lost the right to post there); a 500 would be retried by discord.py itself.
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=403, code=50013,
                             message="Missing Permissions", times=1)

    with caplog.at_level(logging.ERROR, logger="tarmac.service"):
        clicked = await alice.click(panel, label="Pass")
    sorry = refusal(clicked)
    assert "your move is saved" in sorry and "/game panel" in sorry and "Traceback" not in sorry
    assert [getattr(r, "session_id", None) for r in caplog.records] == [1]
    assert await state_version(table) == 1
    assert latest_panel(table.channel).id == panel.id, "the new panel never reached the channel"

    shown = await bob.slash(table.channel, "game panel")
    assert is_ephemeral(shown)
    fresh = latest_panel(table.channel)
    assert fresh.id != panel.id and prompt_of(fresh).startswith(bob.mention)
    assert title_of(fresh) == "Toy Cards — Turn 2" and panel_version(fresh) == 1
    await bob.click(fresh, custom_id=choice_ids(fresh)[-1])
    assert await state_version(table) == 2, "the reposted panel's buttons work"


async def test_our_own_error_gets_an_apology_and_a_log_line(simcord_env, caplog, monkeypatch):
    table = make_table(simcord_env)
    alice = table.players[0]
    await start_with_all(table)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("the renderer fell over")

    monkeypatch.setattr(table.bot.parts.publisher, "turn_update", broken)
    with caplog.at_level(logging.ERROR, logger="tarmac.discord"):
        result = await alice.slash(table.channel, "game status")
    text = refusal(result)
    assert text.startswith("Sorry, something went wrong") and "RuntimeError" not in text
    [record] = [r for r in caplog.records if r.name == "tarmac.discord"]
    assert record.session_id == 1 and record.exc_info is not None


async def test_private_choices_stay_off_the_channel(simcord_env):
    table = make_table(simcord_env, ("alice", "bob", "carol"))
    await start_with_all(table)
    rng = random.Random(5)
    for _ in range(4):
        panel = latest_panel(table.channel)
        actor = mentioned_actor(table, panel)
        cards = (await seat_cards(table))[[p.id for p in table.players].index(actor.id)]
        labels = [c.label for c in items(panel)]  # type: ignore[attr-defined]
        assert "Show my choices" in labels and not any(label.startswith("Play") for label in labels)

        for other in table.players:
            if other is not actor:
                assert "not your turn" in refusal(await other.click(panel, label="Show my choices"))
        chooser = await actor.click(panel, label="Show my choices")
        assert chooser.response.ephemeral
        offered = [c for c in items(chooser.response.message)]  # type: ignore[attr-defined]
        assert sorted(c.label for c in offered if c.label.startswith("Play")) == sorted(
            f"Play {card.split(':')[1]}" for card in cards)
        before = await state_version(table)
        plays = [c for c in offered if c.label.startswith("Play")]
        await actor.click(chooser.response.message, custom_id=rng.choice(plays).custom_id)
        assert await state_version(table) == before + 1

    channel_text = "".join(message_text(m) for m in table.channel.history())
    held = [card for hand in await seat_cards(table) for card in hand]
    assert held and not any(f"Play {card.split(':')[1]}" in channel_text for card in held)
