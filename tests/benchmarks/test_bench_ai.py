"""`python -m bench ai` plays against an AI seat on SimCord (its own Env, so not under tests/bot, whose every test
runs in a shared one) and times its turns: figures only, so nothing here asserts on time."""

from __future__ import annotations

import bot.session.turns as turn_runner
from bench.ai_turns import _bench
from engine.core.ai import levels


async def test_the_ai_benchmark_measures_whole_ai_turns_and_every_plan_then_puts_the_levels_back() -> None:
    waits, plans = await _bench(2, "planecrafters", levels.NORMAL, 1)
    assert len(waits) == 2 and all(w > 0 for w in waits), "two AI turns measured"
    assert plans, "the normal AI searched"
    assert all(0 < iterations <= levels.LEVELS[levels.NORMAL].iterations for _, iterations in plans), (
        "only plans that searched are counted, none beyond the level's cap")
    assert turn_runner.levels is levels, "the timed stand-in does not outlive the benchmark"
