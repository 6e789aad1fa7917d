"""Matchmaking and league cost against how much is stored: `python -m bench leagues [--entries 10,10000]
[--leagues 10,1000]`.

Queue: N waiting entries over N // 20 servers; one server always holds the same 20 (none of which match), and the
figure is one member joining there and the claim that follows (the rule run in its transaction), then leaving. The
pure rule alone is also timed on one server's queue of N entries nobody matches, which it passes over in one pass.
Leagues: M leagues of seven members, each three rounds played; the figure is one league's standings and one pass of
its clock. Flat figures mean a lookup reads only its own server's or league's rows. Wall and CPU milliseconds are
printed with the load average. A command that prints figures; no test asserts on them."""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.leagues.rows import League, LeagueGame, LeagueMember
from bot.leagues.standings import Entrant, PlayedGame, SeatResult, standings
from bot.lfg.entries import QueueEntry, QueueRules
from bot.lfg.matching import plan_tables
from bot.store import Store
from bot.store.sqlite import SqliteStore

NOW = 1_800_000_000.0
GAMES = ("planes", "flight_plan", "planecrafters", "now_boarding")


def entry(guild: int, user: int, game: str, seats: tuple[int, int] = (4, 4)) -> QueueEntry:
    return QueueEntry(guild_id=guild, channel_id=guild, user_id=user, name=f"m{user}", game=game,
                      min_seats=seats[0], max_seats=seats[1], joined_at=NOW, queued_at=NOW, expires_at=NOW + 86_400)


async def timed(call: Callable[[], Awaitable[object]], repeats: int) -> tuple[float, float]:
    """(wall, CPU) milliseconds per call, after one warm-up call."""
    await call()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeats):
        await call()
    return ((time.perf_counter() - wall) / repeats * 1000, (time.process_time() - cpu) / repeats * 1000)


async def fast(store: SqliteStore) -> None:
    await store.db.execute_fetchall("PRAGMA synchronous = OFF")  # filling only: the figures are about reads


async def queue(sizes: list[int], repeats: int) -> None:
    print(f"{'entries':>8}  {'join + claim, wall':>19}  {'CPU':>9}  {'rule alone, one server':>23}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            store = SqliteStore(Path(folder) / "queue.sqlite3")
            await store.open()
            await fast(store)
            try:
                for i in range(20):  # the watched server: 20 waits that match nothing (each alone for its game)
                    await store.lfg_join(entry(1, 1000 + i, f"game{i}", (4, 4)))
                for i in range(max(size - 20, 0)):
                    await store.lfg_join(entry(2 + i // 20, 10_000 + i, GAMES[i % 4], (4, 4)))

                async def join_and_claim(s: Store = store) -> None:
                    await s.lfg_join(entry(1, 1, "planes", (3, 3)))
                    made = await s.lfg_claim(1, NOW + 10, QueueRules())
                    assert not made
                    await s.lfg_leave(1, 1)

                wall, cpu = await timed(join_and_claim, repeats)
                # Three waits per game, each for a table of four: nobody can be seated.
                lonely = [entry(1, i, f"game{i // 3}", (4, 4)).model_copy(update={"id": i + 1}) for i in range(size)]

                async def rule(entries: list[QueueEntry] = lonely) -> None:
                    plan_tables(entries, NOW + 10, QueueRules())

                rule_wall, _ = await timed(rule, max(repeats // 20, 3))
                print(f"{size:>8,}  {wall:>16.3f} ms  {cpu:>6.3f} ms  {rule_wall:>17.3f} ms ({size:,})")
            finally:
                await store.close()


async def fill_league(store: Store, number: int) -> League:
    league = await store.league_create(League(guild_id=number, channel_id=number, game="planecrafters",
                                              name=f"L{number}", table_size=3, rounds=3, created_by=1,
                                              created_at=NOW))
    members = [number * 10 + i for i in range(7)]
    for i, user in enumerate(members):
        await store.league_join(LeagueMember(league_id=league.id, user_id=user, name=f"u{user}", joined_at=NOW + i))
    await store.league_set_status(league.id, "running", was=("signup",))
    for round_no in (1, 2, 3):
        tables = [members[0:3], members[3:5], members[5:7]]
        games = [LeagueGame(league_id=league.id, round=round_no, table_no=t + 1, members=m, ai_seats=3 - len(m))
                 for t, m in enumerate(tables)]
        await store.league_pair(league.id, round_no, games, [])
    for game in await store.league_games(league.id):
        result = [SeatResult(m, place, 10 * (4 - place)) for place, m in enumerate(game.members, 1)]
        await store.league_finish_game(game.id, result)
    return league


async def leagues(sizes: list[int], repeats: int) -> None:
    print(f"{'leagues':>8}  {'standings, wall':>16}  {'CPU':>9}  {'clock pass, wall':>17}")
    for size in sizes:
        with tempfile.TemporaryDirectory() as folder:
            store = SqliteStore(Path(folder) / "leagues.sqlite3")
            await store.open()
            await fast(store)
            try:
                watched = await fill_league(store, 1)
                for n in range(2, size + 1):
                    await fill_league(store, n)

                async def table(s: Store = store, league: League = watched) -> None:
                    members = await s.league_members(league.id)
                    games = await s.league_games(league.id)
                    standings([Entrant(m.user_id, m.name) for m in members],
                              [PlayedGame(g.round, tuple(g.result)) for g in games])

                async def clock_pass(s: Store = store, league: League = watched) -> None:
                    found = await s.league_get(league.id)
                    assert found is not None
                    await s.league_games(found.id)
                    await s.league_byes(found.id)

                wall, cpu = await timed(table, repeats)
                pass_wall, _ = await timed(clock_pass, repeats)
                print(f"{size:>8,}  {wall:>13.3f} ms  {cpu:>6.3f} ms  {pass_wall:>14.3f} ms")
            finally:
                await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench leagues", description=__doc__.split("\n")[0])
    parser.add_argument("--entries", default="10,10000")
    parser.add_argument("--leagues", default="10,1000")
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    asyncio.run(queue([int(x) for x in args.entries.split(",")], args.repeats))
    asyncio.run(leagues([int(x) for x in args.leagues.split(",")], args.repeats))
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
