"""Latency benchmark through SimCord: `python -m bot.bench --moves 200 [--game planes]`.

Three members play by clicking offered options. For every click it measures, on the bot's own HTTP client, the time
from the click to the bot's first response (the interaction callback) and to the new board message being posted.
Prints p50 / p99 in milliseconds. This is a command that prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any


class _TimedLog(list[Any]):
    """SimCord's request log with the moment each request arrived (the log itself has no clock)."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, entry: Any) -> None:
        self.times.append(time.perf_counter())
        super().append(entry)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _bench(moves: int, game_name: str, seed: int) -> dict[str, list[float]]:
    import simcord

    from bot.discord import create_bot
    from bot.store import SqliteStore
    from engine import registry

    games = {game_name: registry.get(game_name)}
    with tempfile.TemporaryDirectory() as tmp:
        bot = create_bot(SqliteStore(Path(tmp) / "bench.sqlite3"), games=games, ai_delay=0.0)
        first: list[float] = []
        board: list[float] = []
        rng = random.Random(seed)
        async with simcord.run(bot, settle_timeout=30.0) as env:
            log = _TimedLog()
            env.backend.http_requests = log
            guild = env.create_guild()
            channel = guild.create_text_channel("bench")
            members = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cleo")]
            while len(first) < moves:
                lobby = (await members[0].slash(channel, "game new", game=game_name)).response.message
                for member in members[1:]:
                    await member.click(lobby, label="Join")
                await members[0].click(lobby, label="Start")
                while len(first) < moves:
                    panel = channel.history()[-1]
                    if not panel.components:
                        break
                    actor = next(m for m in members if panel.content.startswith(m.mention))
                    items = [c for row in panel.components for c in row.children]  # type: ignore[attr-defined]
                    start = time.perf_counter()
                    mark = len(log)
                    select = next((c for c in items if (c.custom_id or "").startswith("ts:")), None)
                    if select is not None:
                        await actor.select(panel, [rng.choice(select.options).value], custom_id=select.custom_id)
                    else:
                        buttons = [c for c in items if (c.custom_id or "").startswith("tc:")]
                        await actor.click(panel, custom_id=rng.choice(buttons).custom_id)
                    after = list(zip(log.times[mark:], log[mark:], strict=True))
                    callback = next(t for t, e in after if e.path.endswith("/callback"))
                    board_path = f"/channels/{channel.id}/messages"
                    posted = next((t for t, e in after if e.method == "POST" and e.path == board_path), None)
                    first.append((callback - start) * 1000)
                    if posted is not None:
                        board.append((posted - start) * 1000)
        # SimCord detaches without closing the bot; an open aiosqlite connection would keep the process alive.
        await bot.store.close()
    return {"first response (interaction callback)": first, "new board posted": board}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--game", default="planes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    results = asyncio.run(_bench(args.moves, args.game, args.seed))
    print(f"{args.moves} clicks in {args.game} through SimCord, {time.perf_counter() - started:.1f} s in all")
    for name, values in results.items():
        print(f"{name:40s} n={len(values):4d}  p50={statistics.median(values):7.1f} ms  "
              f"p99={_percentile(values, 0.99):7.1f} ms  max={max(values):7.1f} ms")


if __name__ == "__main__":
    main()
