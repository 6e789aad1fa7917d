"""On Discord too, an AI seat's turn always ends: the bot hands each search the states of the AI's turn
so far (so it never plans its way back to one of them), and after levels.RUN_LIMIT choices in a row the game's
policy finishes the turn. In Count one more point always pays, so a search alone would rarely end its turn."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.discord import TarmacBot
from engine.core.ai import levels
from engine.core.ai.search import Budget
from tests.bot.helpers import latest_panel, make_table, prompt_of, start_with_all, stored_state
from tests.support.loop_games import Count


@pytest.fixture
def simcord_bot(make_bot: Any) -> TarmacBot:
    return make_bot({"count": Count()}, seed=5)


async def test_the_bot_hands_the_search_its_turn_so_far_and_the_turn_ends(simcord_env: Any,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # The iteration cap alone, so the plans depend on the seed only; and a short limit, to see the policy take over.
    monkeypatch.setitem(levels.LEVELS, levels.NORMAL, Budget(iterations=80, horizon=12))
    monkeypatch.setattr(levels, "RUN_LIMIT", 6)
    histories: list[tuple[int, int]] = []  # (state version, states handed in) per plan

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):  # noqa: ANN001, ANN202
        histories.append((state.version, len(history)))
        return levels.plan(game, state, seat, level, rng, budget, stats, history, asked=asked)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    table = make_table(simcord_env, ("ana",))
    ana = table.players[0]
    await start_with_all(table, "count", ai=1)
    session = await table.bot.store.session_in_channel(table.channel.id)
    assert [(s.is_ai, s.level) for s in session.seats] == [(False, ""), (True, levels.NORMAL)]
    await ana.click(latest_panel(table.channel), label="End the turn")  # version 1: the AI's turn begins

    state = await stored_state(table)
    assert state.turns == 2, "the AI ended its turn"
    assert prompt_of(latest_panel(table.channel)).startswith(ana.mention)
    assert histories and all(handed == version - 1 for version, handed in histories), (
        "each plan got every state of the AI's turn before it")
    assert state.points[1] >= levels.RUN_LIMIT, "the search kept taking points up to the limit"


async def test_the_stand_in_for_a_missed_deadline_hands_the_search_its_turn_so_far_and_the_turn_ends(
        simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The AI standing in for a member (deadlines.py calls play_for when a turn deadline passes) goes through the same
    # guards as an AI seat. Count's stand-in would play the policy (its search is not shown to beat it): searching
    # is forced here, since the guards are what is tested.
    monkeypatch.setitem(levels.LEVELS, levels.NORMAL, Budget(iterations=80, horizon=12))
    monkeypatch.setattr(levels, "RUN_LIMIT", 6)
    monkeypatch.setattr("bot.session.turns.stand_in_level", lambda _engine: levels.NORMAL)
    histories: list[tuple[int, int]] = []

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):  # noqa: ANN001, ANN202
        histories.append((state.version, len(history)))
        return levels.plan(game, state, seat, level, rng, budget, stats, history, asked=asked)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    table = make_table(simcord_env, ("ana", "ben"))
    await start_with_all(table, "count")
    session = await table.bot.store.session_in_channel(table.channel.id)
    parts = table.bot.parts
    async with parts.sessions.lock(session.id):
        await parts.turns.play_for(session.id, 0)  # Ana's deadline passed: the AI plays her turn

    state = await stored_state(table)
    assert state.turns == 1, "the stand-in ended Ana's turn"
    assert prompt_of(latest_panel(table.channel)).startswith(table.players[1].mention)
    assert histories and all(handed == version for version, handed in histories), (
        "each plan got every state of Ana's turn before it")
    assert state.points[0] >= levels.RUN_LIMIT, "the search kept taking points up to the limit"
