"""One bot process of a two-process deployment, for test_two_processes.py: `python -m tests.deploy.shard_child
URL SHARD FOLDER`.

It runs the real bot, holding shard SHARD of 2, on its own SimCord world (one Discord guild on that shard) over the
shared PostgreSQL at URL, and meets the other process at barriers (files in FOLDER): both start a game, both let 13
quiet hours pass (the reminders), then both apply the same click on shard 0's game at the same moment. It writes
what it saw to FOLDER/result-SHARD.json.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

from bot.discord import create_bot
from bot.session.types import Refusal
from bot.store.postgres import PostgresStore
from tests.bot.helpers import Table, start_with_all
from tests.support.patience import PatientEnv
from tests.support.toy_game import GAME as TOY


def barrier(folder: Path, name: str, shard: int, payload: dict[str, object] | None = None) -> dict[str, object]:
    """Say we reached `name` and wait (really, not on SimCord's clock) until the other process has too."""
    (folder / f"{name}-{shard}.json").write_text(json.dumps(payload or {}))
    other = folder / f"{name}-{1 - shard}.json"
    deadline = time.monotonic() + 600  # generous: a busy CI machine is slow to start a bot
    while not other.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"shard {1 - shard} never reached {name}")
        time.sleep(0.05)
    time.sleep(0.05)  # the other side's write is complete before we read it
    return dict(json.loads(other.read_text() or "{}"))


async def main(url: str, shard: int, folder: Path) -> None:
    bot = create_bot(PostgresStore(url, pool_size=3), games={"toy": TOY}, ai_delay=0.0, shard_count=2,
                     shard_ids=[shard], remind_after=12 * 3600)
    env = PatientEnv(bot, check_errors=False, settle_timeout=120.0)
    await env.start()
    result: dict[str, object] = {"shard": shard}
    try:
        for _ in range(shard * 3):  # different channel ids in the two simulated worlds
            env.create_guild(shard_id=shard).create_text_channel("spare")
        guild = env.create_guild(f"shard {shard}", shard_id=shard)
        channel = guild.create_text_channel("games")
        table = Table(env, guild, channel, [guild.add_member(env.create_user(n)) for n in (f"ana{shard}",
                                                                                            f"ben{shard}")])
        await start_with_all(table)
        session = await bot.store.session_in_channel(table.channel.id)
        assert session is not None
        result.update(session_id=session.id, guild_id=session.guild_id, channel_id=table.channel.id)
        others = barrier(folder, "started", shard, {"session_id": session.id, "channel_id": table.channel.id})

        await env.advance_time(13 * 3600)
        # Ids of the two simulated worlds may coincide, so a reminder is told by its text, not by its channel id.
        own_channel = f"/channels/{table.channel.id}/"
        reminders = [e.path for e in env.http_requests if e.method == "POST" and "/messages" in e.path
                     and "for your move" in (((e.json or {}) if isinstance(e.json, dict) else {}).get("content") or "")]
        result["reminders_here"] = sum(own_channel in path for path in reminders)
        result["reminders_elsewhere"] = [path for path in reminders if own_channel not in path]
        barrier(folder, "reminded", shard)

        # The same click on shard 0's game through both processes at once.
        target = session.id if shard == 0 else int(others["session_id"])  # type: ignore[arg-type]
        row = await bot.store.get_session(target)
        assert row is not None
        seat = row.seats[0]
        barrier(folder, "click", shard)
        try:
            await bot.parts.turns.choose(target, seat.user_id or 0, version=row.version, seat=seat.seat, index=0)
            result["click"] = "applied"
        except Refusal as refusal:  # the process whose world lacks the channel saves the move but cannot post it
            result["click"] = f"refused: {refusal}"
        barrier(folder, "clicked", shard)
    finally:
        (folder / f"result-{shard}.json").write_text(json.dumps(result))
        await env.shutdown()
        await bot.store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])))
