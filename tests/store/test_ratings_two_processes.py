"""Two bot processes on one PostgreSQL rate two games of the same member at the same moment: both games count (the
rating has 2 games and equals the in-order recomputation). And whatever left the stored ratings short of the
results (a lost update, ratings kept under other rules), the start-up check finds it and rebuilds, on both
backends."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.ratings import Ratings, rate
from bot.store import ResultRow, ResultSeat, SessionRow, Store
from tests.store.conftest import new_active
from tests.support.toy_game import ToyGame

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("ratings_child.py")
T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


async def finished(store: Store, channel_id: int, users: tuple[int, ...]) -> SessionRow:
    sid = await new_active(store, channel_id=channel_id, users=users)
    return await store.set_status(sid, "finished")


def won_by_first(session: SessionRow, at: datetime) -> ResultRow:
    return ResultRow(session_id=session.id, guild_id=session.guild_id, channel_id=session.channel_id,
                     game="toy", finished_at=at, rated=True,
                     seats=[ResultSeat(seat=s.seat, user_id=s.user_id, name=s.name, place=s.seat + 1, score=5)
                            for s in session.seats])


async def test_two_processes_rating_one_member_at_once_lose_no_game(new_store: Callable[[], Store]) -> None:
    store = new_store()
    if type(store).__name__ != "PostgresStore":
        return  # SQLite: one file, one writer at a time (BEGIN IMMEDIATE); the case is PostgreSQL's
    await store.open()
    games = [await finished(store, 10, (1, 2)), await finished(store, 11, (1, 3))]
    results = [won_by_first(g, T0 + timedelta(seconds=i)) for i, g in enumerate(games)]
    url = store.url  # type: ignore[attr-defined]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [subprocess.Popen([sys.executable, str(CHILD), url, r.model_dump_json()], cwd=ROOT, env=env,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for r in results]
    try:
        for child in children:
            assert child.stdout is not None and child.stdout.readline() == "ready\n", child.stderr
        for child in children:  # both at once
            assert child.stdin is not None
            child.stdin.write("go\n")
            child.stdin.flush()
        for child in children:
            out, err = child.communicate(timeout=120)
            assert child.returncode == 0 and out == "done\n", err
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    [member] = await store.get_ratings([(5, "toy", "", "member:1")])
    assert member.games == 2, "both games count"
    expected, _steps = rate.recompute(results)
    assert sorted(await store.get_ratings(sorted({*rate.keys(results[0]), *rate.keys(results[1])})),
                  key=lambda r: (r.season, r.player)) == sorted(expected, key=lambda r: (r.season, r.player))
    ratings = Ratings(store, {"toy": ToyGame()})
    await ratings.rebuild()
    assert await ratings.verify() is False, "the start-up check finds nothing to mend"


async def test_start_up_finds_a_lost_update_and_rebuilds(store: Store) -> None:
    ratings = Ratings(store, {"toy": ToyGame()})
    first, second = await finished(store, 10, (1, 2)), await finished(store, 11, (1, 3))
    await ratings.add(won_by_first(first, T0))
    await ratings.rebuild()
    assert await ratings.verify() is False
    # What two processes did before the ratings lock: the second game rated from the ratings before the first.
    lost, steps = rate.update(won_by_first(second, T0 + timedelta(hours=1)), {})
    await store.add_result(won_by_first(second, T0 + timedelta(hours=1)), lost, steps)
    assert (await store.get_ratings([(5, "toy", "", "member:1")]))[0].games == 1
    assert await ratings.verify() is True, "the check sees the member's games short of the results"
    assert (await store.get_ratings([(5, "toy", "", "member:1")]))[0].games == 2
    assert await ratings.verify() is False


async def test_start_up_rebuilds_ratings_kept_under_other_rules(store: Store) -> None:
    """Ratings stored before the AI levels were constants (a shared "ai:easy" row, moved by games) or under other
    constants: the rules' fingerprint differs, so the next start rebuilds them."""
    ratings = Ratings(store, {"toy": ToyGame()})
    game = await finished(store, 10, (1, 2))
    await ratings.add(won_by_first(game, T0))
    assert await ratings.verify() is True, "never rebuilt with these rules: rebuilt once"
    assert await ratings.verify() is False
    rows = await store.get_ratings([(5, "toy", "", "member:1")])
    shared = rows[0].model_copy(update={"guild_id": 0, "player": "ai:easy", "games": 40})
    await store.replace_ratings([*await store.get_ratings(rate.keys(won_by_first(game, T0))), shared], [])
    assert await ratings.verify() is True, "a stray shared row and missing steps are seen"
    assert await store.get_ratings([(0, "toy", "", "ai:easy")]) == []
