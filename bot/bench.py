"""Latency benchmark through SimCord: `python -m bot.bench --moves 200 [--game planes]`.

Three members play whole games by clicking offered options, chosen by the game's seeded playout policy (so a
game boards planes, plays cards and ends as people's games do). For every click that applies a choice it measures,
on SimCord's request log, the time from the click to the bot's first response (the interaction callback) and to
the new board reaching the channel (a new message, or the panel edited in place within a turn); a click on "Show my
choices" (a decision about the chooser's own cards) is measured apart. Prints p50 / p99 in milliseconds. This is
a command that prints figures; no test asserts on them.
"""

from __future__ import annotations

import argparse
import asyncio
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


def _timed_table(env: Any) -> tuple[_TimedLog, Any, Any]:
    """SimCord's request log, timed, and a new guild with one channel "bench" (guild, channel)."""
    log = _TimedLog()
    env.backend.http_requests = log
    guild = env.create_guild()
    return log, guild, guild.create_text_channel("bench")


async def _policy_click(env: Any, bot: Any, game: Any, session_id: int, channel_id: int, plan: list[str],
                        rng: Any) -> tuple[Any, Any, int] | None:
    """The newest panel, the state behind it, and the index of the option the game's playout policy clicks next:
    the next step of `plan`, which is refilled when its next step is not on offer and consumed here. None once
    the game is over."""
    from engine.core import load_state, random_ai

    panel = _newest_panel(env, channel_id)
    if not panel.components:
        return None
    state = load_state(game, (await bot.store.load_snapshot(session_id))[0])
    decision = game.pending(state)[0]
    if not plan or decision.option(plan[0]) is None:
        plan[:] = random_ai.plan(game, state, decision, rng)
    return panel, state, [o.id for o in decision.options].index(plan.pop(0))


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _newest_panel(env: Any, channel_id: int) -> Any:
    """The newest turn panel, rebuilt alone: `history()` rebuilds every message of the channel on each call."""
    from simcord.results import to_discord_message

    stored = env.backend.messages.get(channel_id, {})
    for message_id in sorted(stored, reverse=True):
        message = stored[message_id]
        if message.visible_to(None) and message.embeds and " — move " in (message.embeds[0].get("title") or ""):
            return to_discord_message(env, message)
    raise LookupError("no turn panel")


def _items(message: Any) -> list[Any]:
    return [c for row in message.components for c in row.children]


class _Timer:
    """Times one click: to its interaction callback and to the next board posted in the channel."""

    def __init__(self, log: _TimedLog, channel_id: int) -> None:
        self.log, self.board_path = log, f"/channels/{channel_id}/messages"

    async def __call__(self, click: Any) -> tuple[float, float | None]:
        start, mark = time.perf_counter(), len(self.log)
        await click
        after = list(zip(self.log.times[mark:], self.log[mark:], strict=True))
        callback = next(t for t, e in after if e.path.endswith("/callback"))
        # Within a turn the panel is edited in place (PATCH of the same message); a new turn posts a new one.
        posted = next((t for t, e in after if (e.method == "POST" and e.path == self.board_path)
                       or (e.method == "PATCH" and e.path.startswith(self.board_path + "/"))), None)
        return (callback - start) * 1000, None if posted is None else (posted - start) * 1000


async def _click(actor: Any, message: Any, index: int, timer: _Timer, shows: list[float]) -> tuple[float, float | None]:
    """Click option `index` as a member would, opening the private list or another page first when needed."""
    for _ in range(4):
        items = _items(message)
        for item in items:
            custom_id = item.custom_id or ""
            if custom_id.startswith("tc:") and int(custom_id.split(":")[4]) == index:
                return await timer(actor.click(message, custom_id=custom_id))
            if custom_id.startswith("ts:") and any(o.value == str(index) for o in item.options):
                return await timer(actor.select(message, [str(index)], custom_id=custom_id))
        pagers = [i.custom_id for i in items if (i.custom_id or "").startswith("tp:")]
        pager = min(pagers, key=lambda c: abs(int(c.split(":")[4]) - index // 25))
        start = time.perf_counter()
        reply = await actor.click(message, custom_id=pager)
        shows.append((time.perf_counter() - start) * 1000)
        message = reply.response.message
    raise LookupError(f"option {index} is not reachable")


async def _bench(moves: int, game_name: str, seed: int) -> dict[str, list[float]]:
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
            log, guild, channel = _timed_table(env)
            members = [guild.add_member(env.create_user(n)) for n in ("ana", "ben", "cleo")]
            timer = _Timer(log, channel.id)
            while len(first) < moves:
                lobby = (await members[0].slash(channel, "game new", game=game_name)).response.message
                for member in members[1:]:
                    await member.click(lobby, label="Join")
                await members[0].click(lobby, label="Start")
                session = await bot.store.session_in_channel(channel.id)
                plan: list[str] = []
                while len(first) < moves:
                    found = await _policy_click(env, bot, game, session.id, channel.id, plan, rng)
                    if found is None:
                        break
                    panel, _state, index = found
                    actor = next(m for m in members if panel.content.startswith(m.mention))
                    to_callback, to_board = await _click(actor, panel, index, timer, shows)
                    first.append(to_callback)
                    if to_board is not None:
                        board.append(to_board)
        # SimCord detaches without closing the bot; an open aiosqlite connection would keep the process alive.
        await bot.store.close()
    return {"first response (interaction callback)": first, "new board shown (posted or panel edited)": board,
            "'Show my choices' list shown (ephemeral)": shows}


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
        if values:
            print(f"{name:42s} n={len(values):4d}  p50={statistics.median(values):7.1f} ms  "
                  f"p99={_percentile(values, 0.99):7.1f} ms  max={max(values):7.1f} ms")


if __name__ == "__main__":
    main()
