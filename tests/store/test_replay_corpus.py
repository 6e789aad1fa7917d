"""The action log is the truth: for seeded games of every registered game, recorded through each backend, every
version rebuilt from its newest checkpoint plus the logged actions is the state written at that version, byte for
byte, and the latest state row is the last of them."""

from __future__ import annotations

import pytest

from bot.store import Seat, Store
from bot.store.codec import CHECKPOINT_EVERY
from engine import registry
from engine.core import LoggedAction, apply, dump_state, load_state, new_game
from engine.core.selfplay import playout


@pytest.mark.parametrize("name", registry.names())
async def test_every_version_replays_from_its_checkpoint(store: Store, name: str) -> None:
    game = registry.get(name)
    players, seed = min(game.min_players + 1, game.max_players), 314
    run = playout(game, players, seed)
    assert len(run.actions) > CHECKPOINT_EVERY, "the corpus must cross at least one checkpoint"
    seats = [Seat(seat=i, user_id=10 + i, name=f"p{i}") for i in range(players)]
    row = await store.create_session(guild_id=1, channel_id=7, game=name, host_id=10, options={}, seats=seats)
    state = new_game(game, players, seed, run.state.options)
    written = {state.version: dump_state(state)}
    await store.start_session(row.id, seed=seed, seats=seats, state_json=written[state.version],
                              state_version=state.version, expected_version=row.version)
    for action in run.actions:
        after, events = apply(game, state, action.seat, action.choice)
        written[after.version] = dump_state(after)
        await store.record_move(row.id, expected_version=state.version, seat=action.seat, choice=action.choice,
                                events=[e.model_dump() for e in events], state_json=written[after.version],
                                new_version=after.version, finished=game.is_over(after))
        state = after

    assert await store.load_snapshot(row.id) == (written[state.version], state.version)
    log = await store.actions(row.id)
    for version in sorted({0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY + 7, state.version // 2, state.version}):
        start_json, start_version = await store.load_checkpoint(row.id, at_most=version)
        rebuilt = load_state(game, start_json)
        for entry in log:
            if start_version < entry.version <= version:
                rebuilt, _ = apply(game, rebuilt, entry.seat, entry.choice)
        assert dump_state(rebuilt) == written[version], f"{name}: version {version} replayed differently"
    assert [LoggedAction(seat=a.seat, choice=a.choice) for a in log] == run.actions
