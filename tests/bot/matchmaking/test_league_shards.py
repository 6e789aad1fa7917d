"""With several processes, each moves only the leagues of the servers its shards hold (as with a game's timers), so
two processes never pair a round's games into two threads each."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import bot.discord.league as league_views
from bot.shards import shard_of


def _guild_on(shard: int, count: int) -> int:
    return next(g << 22 for g in range(1, 100) if shard_of(g << 22, count) == shard)


@pytest.mark.parametrize("held", [[0], [1], None])
async def test_a_process_moves_only_its_own_servers_leagues(held: list[int] | None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    leagues = [SimpleNamespace(id=1, guild_id=_guild_on(0, 2)), SimpleNamespace(id=2, guild_id=_guild_on(1, 2))]
    moved: list[int] = []

    async def running() -> list[Any]:
        return leagues

    async def advance(league: Any) -> Any:
        moved.append(league.id)
        return league

    async def show(client: Any, done: Any) -> None:
        return None

    monkeypatch.setattr(league_views, "show", show)
    client: Any = SimpleNamespace(shard_count=2, shard_ids=held, parts=SimpleNamespace(
        store=SimpleNamespace(leagues_running=running), leagues=SimpleNamespace(advance=advance)))
    await league_views.advance_all(client)
    assert moved == ([1, 2] if held is None else [1 + held[0]])
