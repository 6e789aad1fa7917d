"""Latency benchmark through SimCord: `python -m bench latency --moves 200 [--game planes]`.

Three members play whole games by clicking offered options, chosen by the game's seeded playout policy (so a
game boards planes, plays cards and ends as people's games do). For every click that applies a choice it measures,
on SimCord's request log, the time from the click to the bot's first response (the interaction callback) and to
the new board reaching the channel (a new message, or the panel edited in place within a turn); a click on "Show my
choices" (a decision about the chooser's own cards) is measured apart. Prints p50 / p99 in milliseconds, and the
bot's own CPU per click by part, apart from SimCord's and the harness's (bench/cpu_parts.py). This is
a command that prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bench import cpu_parts
from bench.clicks import Timer, called, click, percentile, policy_clicks, timed_table


async def _bench(moves: int, game_name: str, seed: int) -> tuple[dict[str, list[float]], cpu_parts.PerMove]:
    import simcord

    from bot.discord import create_bot
    from bot.store import SqliteStore
    from engine import registry
    from engine.core import Rng

    game = registry.get(game_name)
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(SqliteStore(Path(tmp) / "bench.sqlite3"), games={game_name: game}, ai_delay=0.0)
        first: list[float] = []
        board: list[float] = []
        shows: list[float] = []
        rng = Rng.seeded(seed)
        async with simcord.run(bot, settle_timeout=30.0) as env:
            log, guild, channel = timed_table(env)
            members = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cleo")]
            timer = Timer(log, channel.id)
            per_move = cpu_parts.PerMove(cpu_parts.Ledger())
            patches = cpu_parts.install(per_move.ledger, [game_name])
            while len(first) < moves:
                lobby = (await members[0].slash(channel, "game new", game=game_name)).response.message
                for member in members[1:]:
                    await member.click(lobby, label="Join")
                await members[0].click(lobby, label="Start")
                session = await bot.store.session_in_channel(channel.id)
                assert session is not None
                async for panel, _state, index in policy_clicks(env, bot, game, session.id, channel.id, [], rng):
                    if len(first) >= moves:
                        break
                    actor = called(members, panel)
                    before = per_move.start()
                    to_callback, to_board = await click(actor, panel, index, timer, shows)
                    per_move.done(before)
                    first.append(to_callback)
                    if to_board is not None:
                        board.append(to_board)
            patches.undo()
        # SimCord detaches without closing the bot; an open aiosqlite connection would keep the process alive.
        await bot.store.close()
    return {"first response (interaction callback)": first, "new board shown (posted or panel edited)": board,
            "'Show my choices' list shown (ephemeral)": shows}, per_move


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench latency", description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="planes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started, cpu = time.perf_counter(), time.process_time()
    results, per_move = asyncio.run(_bench(args.moves, args.game, args.seed))
    cpu = time.process_time() - cpu
    print(f"{args.moves} clicks in {args.game} through SimCord, {time.perf_counter() - started:.1f} s in all")
    for name, values in results.items():
        if values:
            print(f"{name:42s} n={len(values):4d}  p50={statistics.median(values):7.1f} ms  "
                  f"p99={percentile(values, 0.99):7.1f} ms  max={max(values):7.1f} ms")
    # The process's CPU here includes opening each game's lobby, which the per-move figures leave out.
    for line in cpu_parts.cpu_lines(per_move.bot_ms, per_move.parts, cpu, len(per_move.bot_ms)):
        print(line)

