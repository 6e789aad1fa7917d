"""The action log is the truth: for seeded games of every registered game, recorded through each backend, every
version rebuilt the way undo and the log rebuild it (bot/session/undo.py's History: the stored log replayed from the
session's seed) is the state written at that version, byte for byte, and the latest state row is the last of them.
No earlier state is stored (tests/store/test_store_conformance.py checks the tables), so this replay is the only
way back to one."""

from __future__ import annotations

import pytest

from bot.session.undo import History
from bot.store import Seat, Store
from engine import registry
from engine.core import LoggedAction, apply, dump_state, new_game
from engine.core.ai.selfplay import playout
from engine.core.play import is_over


@pytest.mark.parametrize("name", registry.names())
async def test_every_version_replays_from_the_seed(store: Store, name: str) -> None:
    game = registry.get(name)
    players, seed = min(game.info.min_players + 1, game.info.max_players), 314
    run = playout(game, players, seed)
    seats = [Seat(seat=i, user_id=10 + i, name=f"p{i}") for i in range(players)]
    row = await store.create_session(guild_id=1, channel_id=7, game=name, host_id=10, options=run.state.options,
                                     seats=seats)
    state = new_game(game, players, seed, run.state.options)
    written = {state.version: dump_state(state)}
    await store.start_session(row.id, seed=seed, seats=seats, state_json=written[state.version],
                              state_version=state.version, expected_version=row.version)
    for action in run.actions:
        after, events = apply(game, state, action.seat, action.choice)
        written[after.version] = dump_state(after)
        await store.record_move(row.id, expected_version=state.version, seat=action.seat, choice=action.choice,
                                events=[e.model_dump() for e in events], state_json=written[after.version],
                                new_version=after.version, finished=is_over(game, after))
        state = after

    assert await store.load_snapshot(row.id) == (written[state.version], state.version)
    log = await store.actions(row.id)
    assert [LoggedAction(seat=a.seat, choice=a.choice) for a in log] == run.actions
    session = await store.get_session(row.id)
    assert session is not None
    rebuilt = History(game, session, log).states
    assert {v: dump_state(s) for v, s in rebuilt.items()} == written, f"{name}: a version replayed differently"
