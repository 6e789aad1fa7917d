"""Restart recovery: when the bot stops after a move is saved but before its panel is posted, the newest panel in
the channel refuses every click as out of date. On start-up, and on such a click, the current panel is posted."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from tests.bot.helpers import (
    latest_panel,
    make_table,
    mentioned_actor,
    refusal,
    start_with_all,
    state_version,
    title_of,
)

ROOT = Path(__file__).resolve().parents[2]


def shown_version(message) -> int:
    return int(title_of(message).rsplit(" ", 1)[1])


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
