"""Turn deadlines on SimCord's clock: a warning before the end, the AI playing an absent seat's turn (announced),
the seat passing to the AI after N missed in a row until /game rejoin, vacations pausing the clock, and /game status
saying whom the game waits for, since when, until when, and where the newest panel is."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.core.ai import levels
from tests.bot.helpers import (
    Table,
    field_of,
    latest_panel,
    make_table,
    open_lobby,
    prompt_of,
    refusal,
    state_version,
)

HOUR = 3600.0


@pytest.fixture
def bot_seed() -> int:
    """A fixed seed: with a fresh one per game, one deal in four let the AI's turns end the toy game early."""
    return 3


@pytest.fixture
def ai_levels(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The level of each plan the AI makes. The plans themselves are the policy's, as before levels existed: these
    tests follow a game whose course they know (a Normal stand-in passes more, and the toy game ends after four
    passes in a row)."""
    seen: list[str] = []

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):  # noqa: ANN001, ANN202
        seen.append(level)
        return levels.plan(game, state, seat, levels.EASY, rng)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    return seen


def said(table: Table, words: str) -> list[Any]:
    return [m for m in table.channel.history() if words in prompt_of(m)]


async def start(table: Table, hours: int, missed: int | None = None) -> None:
    alice = table.players[0]
    lobby = await open_lobby(table)
    for player in table.players[1:]:
        await player.click(lobby, label="Join")
    options = {"hours": hours} if missed is None else {"hours": hours, "missed": missed}
    assert "Only the host" in refusal(await table.players[1].slash(table.channel, "game host deadline", **options))
    reply = await alice.slash(table.channel, "game host deadline", **options)
    assert f"within {hours} hours" in reply.response.content and not reply.response.ephemeral
    await alice.click(lobby, label="Start")


async def test_a_missed_deadline_lets_the_ai_play_that_turn_after_a_warning(simcord_env, ai_levels):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start(table, 12)
    await simcord_env.advance_time(8.5 * HOUR)
    assert not said(table, "deadline ends")
    await simcord_env.advance_time(1 * HOUR)
    [warning] = said(table, "deadline ends")
    assert prompt_of(warning).startswith(alice.mention) and "<t:" in prompt_of(warning), "a warning 3 hours before"
    await simcord_env.advance_time(3 * HOUR)
    [told] = said(table, "deadline ended")
    assert prompt_of(told).startswith(f"<@{alice.id}>'s deadline ended, so the AI plays alice's turn (1 missed")
    assert await state_version(table) == 1
    assert prompt_of(latest_panel(table.channel)).startswith(bob.mention), "the game went on to bob"
    assert ai_levels == [levels.NORMAL], "the stand-in plays at a new AI seat's level, not the bare policy"

    status = (await bob.slash(table.channel, "game status")).response.content
    assert "waiting for bob" in status and "Turn deadline: 12 hours. This turn's ends <t:" in status
    assert f"/channels/{table.guild.id}/{table.channel.id}/{latest_panel(table.channel).id}" in status


async def test_after_n_missed_deadlines_the_ai_keeps_the_seat_until_its_player_rejoins(simcord_env, ai_levels):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start(table, 12, missed=2)
    await simcord_env.advance_time(13 * HOUR)  # alice misses once; bob plays
    panel = latest_panel(table.channel)
    await bob.click(panel, label="Pass")
    await simcord_env.advance_time(13 * HOUR)  # alice misses twice: the AI keeps her seat
    assert said(table, "the AI keeps the seat until alice comes back with `/game rejoin`")
    assert prompt_of(latest_panel(table.channel)).startswith(bob.mention)
    await bob.click(latest_panel(table.channel), label="Pass")
    assert prompt_of(latest_panel(table.channel)).startswith(bob.mention), "the AI played alice's turn at once"
    session = await table.bot.store.get_session(1)
    assert [(s.is_ai, s.level) for s in session.seats] == [(True, levels.NORMAL), (False, "")]
    assert set(ai_levels) == {levels.NORMAL}, "the seat it keeps plays at Normal too"
    assert "not in this game" in refusal(await alice.slash(table.channel, "game undo"))

    await alice.slash(table.channel, "game rejoin")
    session = await table.bot.store.get_session(1)
    assert [(s.name, s.is_ai) for s in session.seats] == [("alice", False), ("bob", False)]
    await bob.click(latest_panel(table.channel), label="Pass")
    assert prompt_of(latest_panel(table.channel)).startswith(alice.mention), "alice plays her own seat again"
    assert "no seat of yours" in refusal(await alice.slash(table.channel, "game rejoin"))


async def test_a_vacation_pauses_the_deadline_and_shows_in_the_status(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    await start(table, 24)
    away = await alice.slash(table.channel, "game vacation", days=2)
    assert "away until" in away.response.content
    await simcord_env.advance_time(30 * HOUR)
    assert not said(table, "deadline ended"), "no deadline while away"
    status = (await bob.slash(table.channel, "game status")).response.content
    began = int(simcord_env.now().timestamp() - 30 * HOUR)
    assert f"waiting for alice since <t:{began}:R>" in status and f"Away: <@{alice.id}> until <t:" in status
    await simcord_env.advance_time(41 * HOUR)  # 2 days away + 24 hours = 72 hours after the start
    assert not said(table, "deadline ended")
    await simcord_env.advance_time(2 * HOUR)
    assert said(table, "deadline ended")


def option_shown(message: Any, label: str) -> str:
    return field_of(message, label)


async def test_the_deadline_is_a_lobby_option_the_game_keeps_and_the_host_changes_later(simcord_env):
    table = make_table(simcord_env)
    alice, bob = table.players
    lobby = await open_lobby(table)
    assert option_shown(lobby, "Turn deadline") == "Off"
    await bob.click(lobby, label="Join")
    assert "host" in refusal(await bob.select(lobby, ["12"], custom_id="to:1:deadline"))
    typed = await alice.slash(table.channel, "game host option", name="Turn deadline", value="24 hours")
    assert typed.response.content == "Turn deadline: 24 hours."
    assert "12, 24, 48 or 72 hours" in refusal(await alice.slash(table.channel, "game host option", name="deadline",
                                                                 value="5"))
    shown = (await alice.select(lobby, ["12"], custom_id="to:1:deadline")).response.message
    assert option_shown(shown, "Turn deadline") == "12 hours"
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert "deadline" not in session.options, "the engine never sees it"
    await alice.click(lobby, label="Start")

    # The game keeps the lobby's 12 hours: a warning 3 hours before, then the AI plays alice's turn.
    await simcord_env.advance_time(8.5 * HOUR)
    assert not said(table, "deadline ends")
    await simcord_env.advance_time(1 * HOUR)
    [warning] = said(table, "deadline ends")
    assert prompt_of(warning).startswith(alice.mention)
    await simcord_env.advance_time(3 * HOUR)
    [told] = said(table, "deadline ended")
    assert prompt_of(told).startswith(f"<@{alice.id}>'s deadline ended, so the AI plays alice's turn")
    assert await state_version(table) == 1

    # The host changes it later with /game host deadline: bob's turn now has 48 hours.
    await alice.slash(table.channel, "game host deadline", hours=48)
    await simcord_env.advance_time(24 * HOUR)
    assert len(said(table, "deadline ended")) == 1, "12 hours no longer apply"
    await simcord_env.advance_time(25 * HOUR)
    assert said(table, f"<@{bob.id}>'s deadline ended"), "48 hours do"
