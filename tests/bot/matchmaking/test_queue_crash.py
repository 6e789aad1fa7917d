"""A queue table whose process is killed after the table is marked started and before its game is made: the table
and its members' entries are kept, and after the restart the queue's clock makes the game in the table's thread
(once its opening time has passed, so a live process still making it is not raced)."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from simcord import Env

from bot.session.queue import OPENING
from engine import registry
from tests.bot.helpers import make_table, refusal, texts
from tests.bot.matchmaking.crash_table_child import NAMES

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def simcord_bot(make_bot: Any) -> Any:
    return make_bot({"planes": registry.get("planes")})


async def test_a_table_started_by_a_killed_process_gets_its_game_after_the_restart(
        simcord_env: Env, make_bot: Any, db_path: Path) -> None:
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.matchmaking.crash_table_child", str(db_path), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(child.communicate(), timeout=120)
    assert child.returncode == -signal.SIGKILL, err.decode()[-2000:]
    thread_id, said = out.decode().split()
    assert said == "started"

    table = make_table(simcord_env, NAMES)  # same order as the child's: the same server, channel and member ids
    bot = make_bot({"planes": registry.get("planes")})
    await simcord_env.restart_bot(bot)
    found = await bot.store.lfg_table(1)
    assert found is not None
    started, entries = found
    assert (started.status, started.thread_id, started.session_id) == ("started", int(thread_id), None)
    assert [e.user_id for e in entries] == [m.id for m in table.players], "the members' entries are kept"
    # The child's thread, in this SimCord (the bot made it in the child's).
    # (message_id names the thread's id; the thread-created notice it would reference is the child's, so none.)
    thread = simcord_env.backend.create_thread(table.channel.id, "Planes table 1", bot.user.id,
                                               message_id=started.thread_id, broadcast=False)
    simcord_env.backend.announce_thread_create(thread)
    await simcord_env.settle()
    assert await bot.store.session_in_channel(thread.id) is None, "its process may still be making the game"

    await simcord_env.advance_time(OPENING + 60)
    session = await bot.store.session_in_channel(thread.id)
    assert session is not None and session.status == "active", "the game is made and started"
    assert [s.user_id for s in session.seats] == [m.id for m in table.players]
    assert await bot.store.lfg_entries(table.guild.id) == []
    found = await bot.store.lfg_table(1)
    assert found is not None and found[0].session_id == session.id and found[0].opening_until is None
    [shown] = table.channel.threads
    [panel] = shown.history()
    assert "Turn 1" in "\n".join(texts(panel)), "its first panel is posted in the thread"
    await simcord_env.advance_time(OPENING * 2)
    assert [s.id for s in await bot.store.sessions_in_channel(thread.id)] == [session.id], "made once"


async def test_a_table_whose_thread_holds_another_game_sends_everyone_back_to_their_place(simcord_env: Env) -> None:
    table = make_table(simcord_env, ("ana", "bo", "cy"))
    ana, bo, cy = table.players
    for member in (ana, bo):
        await member.slash(table.channel, "lfg join", game="planes", seats="2")
    [thread] = table.channel.threads
    [asked] = thread.history()
    await ana.click(asked, label="Confirm my seat")
    await cy.slash(thread, "game new", game="planes")  # someone else's lobby in the table's thread
    said = refusal(await bo.click(asked, label="Confirm my seat"))
    assert "could not be made" in said and "waits again at their place" in said
    [shown] = [m for m in thread.history() if m.id == asked.id]
    assert "could not be made" in "\n".join(texts(shown))
    found = await table.bot.store.lfg_table(1)
    assert found is not None and found[0].status == "dropped"
    session = await table.bot.store.session_in_channel(thread.id)
    assert session is not None and session.host_id == cy.id and session.status == "lobby", "cy's lobby is left be"
    # Back at their place, both at once: the next table forms straight away, in a new thread.
    [_, again] = sorted(table.channel.threads, key=lambda t: t.id)
    [asked] = again.history()
    assert sorted(u.id for u in asked.mentions) == sorted((ana.id, bo.id))
    assert [e.misses for e in await table.bot.store.lfg_entries(table.guild.id)] == [0, 0]
