"""Which process does a game's background work: Discord's shard formula, DMs on shard 0, a process's own shards."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.shards import ShardSet, shard_of
from bot.store import SessionRow


def session(guild_id: int | None) -> SessionRow:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return SessionRow(id=1, guild_id=guild_id, channel_id=5, game="toy", host_id=1, status="active", options={},
                      seed=1, seats=[], version=0, created_at=at, updated_at=at)


def test_discords_formula_and_dms_on_shard_zero() -> None:
    guild = (123_456 << 22) | 0x3FFFFF  # the low 22 bits (worker, process, increment) do not count
    assert shard_of(guild, 2) == 0 and shard_of(guild, 5) == 123_456 % 5 == 1
    assert shard_of(guild, 1) == 0 and shard_of(None, 4) == 0


def test_each_session_is_owned_by_exactly_one_of_the_processes() -> None:
    processes = [ShardSet.of(4, [0, 1]), ShardSet.of(4, [2]), ShardSet.of(4, [3])]
    for guild in [None, *(n << 22 for n in range(12)), 81384788765712384]:
        assert sum(p.owns(session(guild)) for p in processes) == 1, guild
    assert ShardSet.of(None, None).owns(session(123 << 22)), "one process holds every shard"
