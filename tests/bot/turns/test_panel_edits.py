"""Async play-by-post stays readable: one Planes turn is several clicks (action, pick-up, a drop per space, confirm,
goal), and while the same member goes on with their turn the bot edits its panel in place (a new board, the new
lines of what happened, buttons for the new state) instead of posting a message per click. A new message, with its
ping, comes when the turn passes to someone else; an edit that fails falls back to a new message."""

from __future__ import annotations

import logging

import discord

from bot.discord.limits import latest
from engine import registry
from engine.core.turns import turn_name
from renderers import for_game
from tests.bot.helpers import (
    Policy,
    click_option,
    field_of,
    items,
    latest_panel,
    make_table,
    mentioned_actor,
    messages_after,
    newest_id,
    now_shown,
    one_game,
    panel_version,
    prompt_of,
    start_with_all,
    stored_state,
    title_of,
)

SEED = 2026

simcord_bot, bot_seed = one_game("planes", SEED)


def _happened(message) -> list[str]:
    return field_of(message, "What just happened", "").splitlines()


async def test_a_turn_of_many_clicks_is_one_new_message(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    policy = Policy(game, SEED)
    turns: list[int] = []  # clicks per finished turn
    clicks = 0
    while len(turns) < 4:
        panel = latest_panel(table.channel)
        actor = mentioned_actor(table, panel)
        state = await stored_state(table)
        (decision,) = game.pending(state)
        mark = newest_id(table.channel)
        await click_option(actor, panel, policy.choose(state, decision))
        clicks += 1
        new = messages_after(table.channel, mark)  # what everyone in the channel sees appear
        shown = latest_panel(table.channel)
        assert title_of(shown) == f"Planes — {turn_name(game, await stored_state(table))}", "it names the turn"
        assert panel_version(shown) == state.version + 1, "the newest panel shows the move"
        if for_game("planes") is not None:
            assert shown.attachments[0].url != panel.attachments[0].url, "with a new board"
        if mentioned_actor(table, shown) is actor:
            assert not new and shown.id == panel.id, "the same member goes on: the panel is edited in place"
            assert _happened(shown)[:len(_happened(panel))] == _happened(panel), "what happened grows"
            assert all(f":{state.version + 1}:" in (c.custom_id or "") for c in items(shown)), (
                "its buttons carry the new state version")
        else:
            assert [m.id for m in new] == [shown.id], "the turn passed: one new message"
            assert prompt_of(shown).startswith(mentioned_actor(table, shown).mention), "that calls on the next member"
            turns.append(clicks)
            clicks = 0
            # The finished turn's panel gives its buttons up, which could only be refused as out of date now.
            assert not items(now_shown(table.channel, panel)), "the finished turn's panel keeps no buttons"
    assert all(n >= 1 for n in turns) and sum(n >= 3 for n in turns) >= 2, turns


async def test_a_failed_edit_posts_a_new_panel(simcord_env):
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    # The panel was deleted (or the bot may no longer edit it): Discord answers Unknown Message.
    simcord_env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{panel.id}", status=404, code=10008,
                             message="Unknown Message", times=1)
    result = await actor.click(panel, label="No action")
    assert not simcord_env.backend.faults, "the edit did fail"
    assert not [m for m in result.followups if m.ephemeral], "the move was shown: nothing to apologise for"
    fresh = latest_panel(table.channel)
    assert fresh.id != panel.id and panel_version(fresh) == 1, "a new panel took its place"
    assert title_of(fresh) == "Planes — Turn 1 · round 1"
    assert mentioned_actor(table, fresh) is actor
    # The member goes on from the new panel, which is the one edited from now on.
    state = await stored_state(table)
    (decision,) = registry.get("planes").pending(state)
    await click_option(actor, fresh, Policy(registry.get("planes"), SEED).choose(state, decision))
    assert latest_panel(table.channel).id == fresh.id
    assert panel_version(latest_panel(table.channel)) == 2


async def test_game_panel_posts_anew_and_the_turn_goes_on_there(simcord_env):
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    await actor.slash(table.channel, "game panel")
    reposted = latest_panel(table.channel)
    assert reposted.id != panel.id
    await actor.click(reposted, label="No action")
    edited = latest_panel(table.channel)
    assert edited.id == reposted.id and panel_version(edited) == 1, "the newest panel is edited"


def test_a_long_turn_keeps_its_newest_lines() -> None:
    lines = [f"ana moved a{i} > G{i} and boarded a red cube there (+5 VP at the end)." for i in range(40)]
    shown = latest(lines, 1024)
    assert len(shown) <= 1024 and shown.startswith("…\n") and shown.endswith(lines[-1])
    assert latest(lines[:3], 1024) == "\n".join(lines[:3])


async def test_chat_below_the_panel_brings_the_board_back_to_the_bottom(simcord_env):
    """Mid-turn, once someone has written in the channel, the next board is a new message under the chat: an edit
    up the scroll would go unseen."""
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    game = registry.get("planes")
    policy = Policy(game, SEED)
    # Play until a click leaves the same member acting (an edit would follow), then chat before their next click.
    while True:
        panel = latest_panel(table.channel)
        actor = mentioned_actor(table, panel)
        state = await stored_state(table)
        (decision,) = game.pending(state)
        await click_option(actor, panel, policy.choose(state, decision))
        if latest_panel(table.channel).id == panel.id:
            break
    panel = latest_panel(table.channel)
    chat = await table.players[1].send(table.channel, "nice move")
    state = await stored_state(table)
    (decision,) = game.pending(state)
    await click_option(actor, panel, policy.choose(state, decision))
    shown = latest_panel(table.channel)
    assert shown.id != panel.id and shown.id > chat.id, "the new board is below the chat"
    assert panel_version(shown) == state.version + 1


async def test_a_panel_a_moderator_deleted_is_tried_once_and_logged_as_info(simcord_env, caplog, monkeypatch):
    """Deleted while its member goes on with the turn (the moderator's delete lands just before the bot edits it):
    the one edit finds the message gone, a new panel is posted, and the deleted message is not tried again nor the
    deletion logged as a fault of ours."""
    table = make_table(simcord_env, ("ana", "ben", "cleo"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    actor = mentioned_actor(table, panel)
    presenter = simcord_env.bot.parts.presenter
    show = presenter.show_turn

    async def deleted_first(update):
        if update.replaces == panel.id:
            simcord_env.backend.delete_message(table.channel.id, panel.id)
        await show(update)

    monkeypatch.setattr(presenter, "show_turn", deleted_first)
    path = f"/channels/{table.channel.id}/messages/{panel.id}"
    with caplog.at_level(logging.INFO, logger="tarmac.discord"):
        await actor.click(panel, label="No action")
    fresh = latest_panel(table.channel)
    assert fresh.id != panel.id and panel_version(fresh) == 1, "a new panel took its place"
    tries = [e for e in simcord_env.http_requests if e.method == "PATCH" and e.path.endswith(path)]
    assert len(tries) == 1, "one attempt at the deleted message"
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "tarmac.discord"]
    assert ("INFO", "the panel is gone; posting a new one") in said
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], said


async def test_game_panel_after_a_moderator_deleted_the_panel_posts_it_without_a_warning(simcord_env, caplog):
    """The other path: /game panel brings the deleted panel back, and the old one it would take the buttons off is
    gone: one try, at INFO."""
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "planes")
    panel = latest_panel(table.channel)
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await mod.delete(panel)
    path = f"/channels/{table.channel.id}/messages/{panel.id}"
    with caplog.at_level(logging.INFO, logger="tarmac.discord"):
        await table.players[1].slash(table.channel, "game panel")
    assert latest_panel(table.channel).id != panel.id
    assert len([e for e in simcord_env.http_requests if e.method == "PATCH" and e.path.endswith(path)]) == 1
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "tarmac.discord"]
    assert ("INFO", "the old panel is gone; no buttons to take off") in said
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], said
