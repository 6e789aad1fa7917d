"""AI levels on Discord: whoever adds an AI seat picks its level privately, the lobby and the seat list
show it, only the host may change it, and a Hard AI seat plays its whole turn by searching, shown as one panel."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from bot.session import Refusal
from engine import registry
from engine.core.ai import levels
from tests.bot.conftest import validate_all
from tests.bot.helpers import (
    Policy,
    click_option,
    latest_panel,
    make_table,
    messages_after,
    newest_id,
    one_game,
    open_lobby,
    prompt_of,
    seats_text,
    stored_state,
    title_of,
)

SEED = 21
simcord_bot, bot_seed = one_game("planes", SEED)


async def test_a_hard_ai_seat_is_chosen_in_the_lobby_and_plays_its_whole_turn_as_one_panel(simcord_env, monkeypatch
                                                                                            ) -> None:
    # (level, ran off the event loop's thread, its time limit counted from before the thread started)
    searches: list[tuple[str, bool, bool]] = []

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):
        searches.append((level, threading.current_thread() is not threading.main_thread(),
                         asked is not None and asked <= time.perf_counter()))
        return levels.plan(game, state, seat, level, rng, budget, stats, history, asked=asked)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    # A Hard seat thinks up to a second a plan in a worker thread, a few plans a turn, on a machine shared with others.
    simcord_env.settle_timeout = 120.0
    table = make_table(simcord_env, ("ana", "ben"))
    ana, ben = table.players
    lobby = await open_lobby(table, "planes")
    added = await ana.click(lobby, label="Add AI")
    chooser = next(m for m in added.followups if m.ephemeral)
    assert "AI 1 (seat 2) plays at **Normal** (what a new AI plays at)" in prompt_of(chooser)
    with pytest.raises(Refusal, match="Only the host"):  # the chooser is Ana's alone; the lobby checks anyway
        await table.bot.parts.lobby.set_ai_level(1, ben.id, 2, "hard", manager=False)
    await ana.click(chooser, label="Hard")
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [(s.is_ai, s.level) for s in session.seats] == [(False, ""), (True, "hard")]
    lobby = next(m for m in messages_after(table.channel, 0) if m.id == lobby.id)
    assert "2. AI 1 (AI, Hard)" in seats_text(lobby), "the lobby shows the AI seat's level"
    status = await ana.slash(table.channel, "game status")
    assert "AI 1 (AI, Hard)" in status.response.message.content
    await ana.click(lobby, label="Start")
    status = await ana.slash(table.channel, "game status")
    assert "AI 1 (AI, Hard)" in status.response.message.content, "the seat list shows the level during the game"

    game = registry.get("planes")
    policy = Policy(game, SEED)
    ai_turns = 0
    for _ in range(200):
        state = await stored_state(table)
        panel = latest_panel(table.channel)
        assert prompt_of(panel).startswith(ana.mention), "the AI answered: the turn is Ana's again"
        mark = newest_id(table.channel)
        (decision,) = game.pending(state)
        await click_option(ana, panel, policy.choose(state, decision))
        after = await stored_state(table)
        if after.version > state.version + 1:  # Ana's click ended her turn and the AI played its own
            assert after.turn == 0
            new = [m for m in messages_after(table.channel, mark) if " — Turn " in title_of(m)]
            assert len(new) == 1 and prompt_of(new[0]).startswith(ana.mention), "the AI's whole turn is one panel"
            log = await table.bot.store.actions(1)
            ai_choices = [a for a in log[state.version + 1:] if a.seat == 1]
            assert len(ai_choices) >= 3, "a whole Planes turn of the AI: a move of several steps, then more"
            assert "redo" not in [a.choice for a in ai_choices]
            ai_turns += 1
            if ai_turns == 2:
                break
    assert ai_turns == 2
    assert searches and set(searches) == {("hard", True, True)}, (
        "the Hard seat searched, in a worker thread, on a clock started when the bot asked it")
    validate_all(simcord_env)
