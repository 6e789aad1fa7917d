"""AI turn latency through SimCord: `python -m bench ai --turns 10 [--game planes] [--level hard]`.

One member plays against one AI seat of the chosen level, added in the lobby as a host would. The member's choices
follow the game's seeded playout policy. For every click that hands the turn to the AI, it measures the time to the
AI's whole turn reaching the channel (the panel posted once the AI has played). It also times each plan the AI makes
(a search runs in a worker thread, up to its level's budget a plan). Prints p50 / max. This is a command that
prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest.mock import patch

from bench.clicks import Timer, click, policy_clicks, timed_table
from engine.core.ai import levels


class _TimedLevels:
    """`engine.core.ai.levels` as the turn runner sees it, with each plan timed and its search iterations counted."""

    def __init__(self, real: ModuleType) -> None:
        self.real = real
        self.plans: list[tuple[float, int]] = []  # (seconds, iterations) of each plan that searched

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def plan(self, game: Any, state: Any, seat: int, level: str, rng: Any, budget: Any = None, stats: Any = None,
             history: Sequence[Any] = (), asked: float | None = None) -> list[str]:
        from engine.core.ai.search import Stats

        work = Stats()
        started = time.perf_counter() if asked is None else asked  # the plan's time, as its limit counts it
        steps: list[str] = self.real.plan(game, state, seat, level, rng, budget, work, history, asked=asked)
        if work.iterations:  # a searched plan (a lone option is taken without searching)
            self.plans.append((time.perf_counter() - started, work.iterations))
        return steps


async def _bench(turns: int, game_name: str, level: str, seed: int) -> tuple[list[float], list[tuple[float, int]]]:
    """The click-to-AI-turn times (ms) and each searched plan's (seconds, iterations)."""
    import bot.session.turns as turn_runner

    timed = _TimedLevels(levels)
    with patch.object(turn_runner, "levels", timed):  # the bot's AI plans through the timing stand-in
        waits = await _play(turns, game_name, level, seed)
    return waits, timed.plans


async def _play(turns: int, game_name: str, level: str, seed: int) -> list[float]:
    """Play until `turns` AI turns have been measured; returns the click-to-AI-turn times in ms."""
    from bot.discord import create_bot
    from bot.store import SqliteStore
    from engine import registry

    waits: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(SqliteStore(Path(tmp) / "bench.sqlite3"), games={game_name: registry.get(game_name)},
                         ai_delay=0.0)
        try:
            await _measure(bot, game_name, level, seed, turns, waits)
        finally:
            await bot.store.close()  # SimCord detaches without closing the bot; aiosqlite would keep the process up
    return waits


async def _measure(bot: Any, game_name: str, level: str, seed: int, turns: int, waits: list[float]) -> None:
    import simcord

    from engine import registry
    from engine.core import Rng, load_state

    game = registry.get(game_name)
    rng = Rng.seeded(seed)
    # A hard turn is several plans of up to a second each: SimCord must wait that long for the bot to settle.
    async with simcord.run(bot, settle_timeout=300.0) as env:
        log, guild, channel = timed_table(env)
        ana = guild.add_member(env.create_user("ana"))
        board_path = f"/channels/{channel.id}/messages"
        while len(waits) < turns:
            lobby = (await ana.slash(channel, "game new", game=game_name)).response.message
            added = await ana.click(lobby, label="Add AI")
            chooser = next(m for m in added.followups if m.ephemeral)
            # The chooser is a followup, whose components SimCord gives as raw dicts.
            pick = next(c for row in chooser.components for c in row["components"]
                        if c.get("label") == levels.LABELS[level])
            if not pick.get("disabled"):  # the level a new AI seat already has is shown disabled
                await ana.click(chooser, label=levels.LABELS[level])
            await ana.click(lobby, label="Start")
            session = await bot.store.session_in_channel(channel.id)
            plan: list[str] = []
            async for panel, state, index in policy_clicks(env, bot, game, session.id, channel.id, plan, rng):
                if len(waits) >= turns:
                    break
                mark, start = len(log), time.perf_counter()
                await click(ana, panel, index, Timer(log, channel.id), [])
                after = load_state(game, (await bot.store.load_snapshot(session.id))[0])
                if after.version > state.version + 1:  # the click passed the turn and the AI played its own
                    posted = [t for t, e in zip(log.times[mark:], log[mark:], strict=True)
                              if e.method == "POST" and e.path == board_path]
                    waits.append(((posted[-1] if posted else time.perf_counter()) - start) * 1000)
                    plan.clear()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench ai", description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=10, help="AI turns to measure")
    parser.add_argument("--game", default="planes")
    parser.add_argument("--level", default=levels.HARD, choices=[levels.NORMAL, levels.HARD])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    waits, plans = asyncio.run(_bench(args.turns, args.game, args.level, args.seed))
    budget = levels.LEVELS[args.level]
    assert budget is not None  # normal and hard search within a budget
    print(f"{len(waits)} {args.level} AI turns in {args.game} through SimCord, {time.perf_counter() - started:.1f} s "
          f"in all; budget a plan: {budget.iterations} iterations or {budget.seconds} s")
    print(f"{'click to the AI turn shown':28s} n={len(waits):4d}  p50={statistics.median(waits):8.1f} ms  "
          f"max={max(waits):8.1f} ms")
    seconds = [s * 1000 for s, _ in plans]
    print(f"{'one plan (search)':28s} n={len(plans):4d}  p50={statistics.median(seconds):8.1f} ms  "
          f"max={max(seconds):8.1f} ms  iterations a plan: {statistics.mean(i for _, i in plans):.0f}")
    print(f"plans a turn: {len(plans) / max(len(waits), 1):.1f}")

