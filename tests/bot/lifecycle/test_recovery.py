"""Restart recovery: when the bot stops after a move is saved but before its panel is posted, the newest panel in
the channel refuses every click as out of date. On start-up, and on such a click, the current panel is posted. A
game finished by the move saved last gets its final message (with its replay) at the next start, once."""

from __future__ import annotations

import asyncio
import io
import signal
import sys
from pathlib import Path

from PIL import Image

from tests.bot.helpers import (
    latest_panel,
    make_table,
    mentioned_actor,
    panel_version,
    panels,
    refusal,
    start_with_all,
    state_version,
    text_of,
    title_of,
)
from tests.support.toy_pictures import picture_toy

ROOT = Path(__file__).resolve().parents[3]


def shown_version(message) -> int:
    """The state a panel shows: the version its controls carry (its heading names the turn, which many clicks
    share); a panel with no controls (the game over) is never asked about here."""
    found = panel_version(message)
    assert found is not None, title_of(message)
    return found


async def test_a_bot_killed_between_saving_a_move_and_posting_its_panel_posts_it_when_it_starts(
        simcord_env, make_bot, db_path):
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.crash_bot_child", str(db_path), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(child.communicate(), timeout=120)
    assert child.returncode == -signal.SIGKILL, err.decode()[-2000:]
    assert out.decode().split() == ["saved"]

    table = make_table(simcord_env)  # same order as the child's table, so the same channel and member ids
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert await state_version(table) == 2, "the move made just before the kill is saved"
    panel = latest_panel(table.channel)
    assert shown_version(panel) == 2, "the new process posted the current panel"
    await mentioned_actor(table, panel).click(panel, label="Pass")
    assert await state_version(table) == 3, "its buttons work"


async def test_a_panel_that_failed_to_post_is_posted_when_the_bot_starts_again(simcord_env, make_bot, monkeypatch):
    table = make_table(simcord_env)
    await start_with_all(table)
    old = latest_panel(table.channel)
    presenter = simcord_env.bot.parts.presenter

    async def lost(_update) -> None:
        raise ConnectionError("Discord went away")

    monkeypatch.setattr(presenter, "show_turn", lost)
    await mentioned_actor(table, old).click(old, label="Pass")
    monkeypatch.undo()
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert shown_version(latest_panel(table.channel)) == 1


async def test_a_stale_click_posts_the_current_panel_when_the_newest_is_behind(simcord_env, monkeypatch):
    table = make_table(simcord_env)
    await start_with_all(table)
    old = latest_panel(table.channel)
    presenter = simcord_env.bot.parts.presenter
    show = presenter.show_turn

    async def lost(_update) -> None:
        raise ConnectionError("Discord went away")

    presenter.show_turn = lost
    result = await mentioned_actor(table, old).click(old, label="Pass")
    assert "could not post" in refusal(result)
    presenter.show_turn = show
    assert latest_panel(table.channel).id == old.id, "no panel shows the saved move"

    second = await table.players[0].click(old, label="Pass")
    assert "out of date" in refusal(second)
    panel = latest_panel(table.channel)
    assert panel.id != old.id and shown_version(panel) == 1, "the current panel came with the refusal"
    await mentioned_actor(table, panel).click(panel, label="Pass")
    assert await state_version(table) == 2


async def test_a_bot_killed_while_drawing_the_final_replay_posts_the_final_message_once_when_it_starts(
        simcord_env, make_bot, db_path):
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.crash_final_child", str(db_path), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(child.communicate(), timeout=120)
    assert child.returncode == -signal.SIGKILL, err.decode()[-2000:]
    assert out.decode().split() == ["saved"]

    table = make_table(simcord_env)  # same order as the child's table, so the same channel and member ids
    store = simcord_env.bot.store
    session = await store.get_session(1)
    assert session is not None and session.status == "finished", "the move that ended the game is saved"
    assert len(await store.results()) == 1, "and its result"
    assert not panels(table.channel), "nothing of the child's is in this channel"

    for _start in range(2):  # the final message comes with the first start, and only then
        await simcord_env.restart_bot(picture_toy(make_bot()))
        await simcord_env.settle()
        finals = [p for p in panels(table.channel) if "Best score" in text_of(p)]
        assert len(finals) == 1, [text_of(p) for p in panels(table.channel)]
    (final,) = finals
    assert "passed" in text_of(final), "with what happened since the last panel posted"
    gifs = [a for a in final.attachments if a.filename.endswith("-replay.gif")]
    assert len(gifs) == 1, "the final message carries the whole game's replay"
    replay = Image.open(io.BytesIO(simcord_env.backend.cdn.get(gifs[0].url)))
    assert replay.n_frames == 5, "the start and each of the four passes"
    assert await simcord_env.bot.store.finals_due() == []


async def test_a_final_message_posted_as_the_game_ended_is_not_posted_again(simcord_env, make_bot):
    table = make_table(simcord_env)
    await start_with_all(table)
    for _ in range(4):  # four passes in a row end a two-player game
        panel = latest_panel(table.channel)
        await mentioned_actor(table, panel).click(panel, label="Pass")
    assert [p for p in panels(table.channel) if "Best score" in text_of(p)]
    assert await simcord_env.bot.store.finals_due() == []
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert len([p for p in panels(table.channel) if "Best score" in text_of(p)]) == 1
