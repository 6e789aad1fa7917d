"""A Hard AI pilot in a timed Now Boarding round, on SimCord: it flies its part of the round by itself, with the team
planner (GameAI.level_plan), while the round's clock has not moved, so a member's round is never decided by the timer
on the AI's behalf. The round's clock is SimCord's virtual time: it moves only when the test advances it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core.ai import levels
from engine.now_boarding.ai import AI
from engine.now_boarding.game import GAME
from engine.now_boarding.state import NBState
from tests.bot.games.test_now_boarding_e2e import press
from tests.bot.helpers import latest_panel, make_table, one_game, open_lobby, stored_state

simcord_bot, bot_seed = one_game("now-boarding", 7)


async def test_a_hard_ai_pilot_flies_its_part_of_a_timed_round_before_the_clock_moves(simcord_env: Any,
                                                                                      monkeypatch: Any) -> None:
    planned: list[str] = []
    own: list[list[str]] = []  # the team planner's answers
    real = AI.level_plan

    def planner(self, state, seat, level, rng, seconds=None):
        answer = real(self, state, seat, level, rng, seconds)
        own.append(list(answer or []))  # a copy: the bot pops the steps it plays
        return answer

    monkeypatch.setattr(AI, "level_plan", planner)

    def spy(game, state, seat, level, rng, budget=None, stats=None, history=(), asked=None):
        planned.append(level)
        return levels.plan(game, state, seat, level, rng, budget, stats, history, asked=asked)

    monkeypatch.setattr("bot.session.turns.levels", SimpleNamespace(plan=spy, EASY=levels.EASY))
    table = make_table(simcord_env, ("ana",))
    [ana] = table.players
    lobby = await open_lobby(table, "now-boarding")
    await ana.slash(table.channel, "game host option", name="timer", value="book")
    added = await ana.click(lobby, label="Add AI")
    chooser = next(m for m in added.followups if m.ephemeral)
    await ana.click(chooser, label="Hard")
    await ana.click(lobby, label="Start")

    for _ in range(20):  # Ana's setup and her weather tokens; the AI pilot does its own part unasked
        state = await stored_state(table)
        assert isinstance(state, NBState)
        if state.phase == "flight":
            break
        mine = [d for d in GAME.pending(state) if d.seat == 0]
        assert mine, f"the game waits for the AI pilot in {state.phase}"
        choice = "start:seat" if any(o.id == "start:seat" for o in mine[0].options) else mine[0].options[0].id
        await press(table, ana, 0, choice)
    state = await stored_state(table)
    assert isinstance(state, NBState) and state.phase == "flight" and state.round == 1
    assert planned and set(planned) == {"hard"}, "the AI pilot planned at its level"
    assert own and all(own) and any("done" in steps for steps in own), (
        "its setup and its whole flight came from the team planner, not the generic search")
    assert all(d.seat == 0 for d in GAME.pending(state)), "the AI pilot flew its part and pressed Done"
    assert state.planes[1].done, "its plane is done for this round, by its own choices"
    assert "<t:" in str(latest_panel(table.channel).components), "the round is timed and its clock still runs"
