"""What an undo costs on a long game: `python -m bench undo [--seeds 5] [--repeats 5]`.

For every registered game it records the longest of a few seeded policy games (at its largest player count) through
the store, move by move as the service does, then times what every undo and `/game log` does first: read the whole
action log, replay it from the seed (bot/session/undo.py's History), check the replay against the stored state, and
ask whether the last step revealed anything. Prints the median of the repeats. A command that prints figures; no test
asserts on them. `--database-url postgresql://...` runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.session.undo import History
from bot.store import Seat, SessionRow, Store, open_store
from engine import registry
from engine.core import Game, GameState, apply, dump_state, new_game
from engine.core.ai.selfplay import playout


async def record(store: Store, game: Game, channel_id: int, seeds: int) -> tuple[SessionRow, GameState, int]:
    """The longest of `seeds` policy games at the game's largest player count, recorded through `store`; returns
    the session, its last state and its number of moves."""
    players = game.info.max_players
    seed, run = max(((s, playout(game, players, s)) for s in range(1, seeds + 1)), key=lambda r: len(r[1].actions))
    seats = [Seat(seat=i, user_id=10 + i, name=f"p{i}") for i in range(players)]
    row = await store.create_session(guild_id=1, channel_id=channel_id, game=game.name, host_id=10,
                                     options=run.state.options, seats=seats)
    state = new_game(game, players, seed, run.state.options)
    await store.start_session(row.id, seed=seed, seats=seats, state_json=dump_state(state),
                              state_version=state.version, expected_version=row.version)
    for action in run.actions:
        after, events = apply(game, state, action.seat, action.choice)
        await store.record_move(row.id, expected_version=state.version, seat=action.seat, choice=action.choice,
                                events=[e.model_dump() for e in events], state_json=dump_state(after),
                                new_version=after.version)
        state = after
    session = await store.get_session(row.id)
    assert session is not None
    return session, state, len(run.actions)


async def undo_history(store: Store, game: Game, session: SessionRow, stored: GameState) -> float:
    """Milliseconds for what Undo.history and a take-back's reveal check do before anything is written."""
    started = time.perf_counter()
    found = History(game, session, await store.actions(session.id))
    if dump_state(found.latest) != dump_state(stored):
        raise SystemExit(f"{game.name}: the log did not replay to the stored state")
    found.reveals(found.steps[-1])
    return (time.perf_counter() - started) * 1000


async def run(url: str, seeds: int, repeats: int) -> None:
    store = open_store(url)
    await store.open()
    try:
        print(f"{'game':14} {'players':>7} {'moves':>6}  {'undo: read, replay, check':>26}")
        for channel_id, name in enumerate(registry.names(), start=1):
            game = registry.get(name)
            session, stored, moves = await record(store, game, channel_id, seeds)
            times = [await undo_history(store, game, session, stored) for _ in range(repeats)]
            print(f"{name:14} {game.info.max_players:>7} {moves:>6}  {statistics.median(times):23.1f} ms")
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench undo", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5, help="seeded games tried a game; the longest is timed")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(args.database_url or str(Path(folder) / "undo.sqlite3"), args.seeds, args.repeats))
