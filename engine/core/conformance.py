"""Checks every game must pass (run by tests/engine/test_conformance.py over the registry).

For a seeded random playout: the JSON round trip is exact at every step, replaying the log rebuilds the same state,
illegal choices leave the state unchanged, and no view holds another seat's secrets.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.contract import Game, GameState, IllegalAction
from engine.core.play import LoggedAction, apply, dump_state, load_state, replay
from engine.core.rng import Rng
from engine.core.selfplay import playout


def strings_in(value: Any) -> set[str]:
    """Every string (keys included) inside a JSON-compatible value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def leaks(game: Game, state: GameState) -> list[str]:
    """Sentences describing every secret that a view shows to someone who may not see it."""
    problems: list[str] = []
    secrets = game.secrets(state)
    viewers: list[int | None] = [None, *range(state.players)]
    for viewer in viewers:
        shown = strings_in(json.loads(json.dumps(game.view(state, viewer))))
        for owner, ids in secrets.items():
            if owner == viewer and owner is not None:
                continue
            for secret in ids & shown:
                problems.append(f"view for {viewer!r} shows {secret!r}, a secret of {owner!r}")
    return problems


def illegal_probes(game: Game, state: GameState, rng: Rng) -> list[tuple[int, str]]:
    """A few choices that must be refused: bogus ids, and real options offered to the wrong seat."""
    probes: list[tuple[int, str]] = [(0, "no-such-option"), (state.players - 1, "")]
    pending = game.pending(state)
    waiting = {d.seat for d in pending}
    idle = [s for s in range(state.players) if s not in waiting]
    if idle and pending:
        probes.append((rng.choice(idle), rng.choice(pending[0].options).id))
    return probes


def check_playout(
    game: Game, players: int, seed: int, options: dict[str, str] | None = None, uniform: bool = False
) -> int:
    """Run every check over one random game; raise AssertionError on the first failure. Returns its length.

    Choices follow the game's playout policy, or are uniformly random with `uniform` (which also walks the
    choices a policy leaves out, such as taking a move back)."""
    rng = Rng.seeded(seed * 7 + 1)

    def on_step(before: GameState, action: LoggedAction, after: GameState) -> None:
        text = dump_state(after)
        assert dump_state(load_state(game, text)) == text, "JSON round trip changed the state"
        assert after.version == before.version + 1
        leaked = leaks(game, after)
        assert not leaked, "; ".join(leaked[:5])
        for seat, choice in illegal_probes(game, after, rng):
            snapshot = dump_state(after)
            try:
                apply(game, after, seat, choice)
            except IllegalAction as exc:
                assert str(exc).strip(), "an IllegalAction needs a sentence"
            else:
                raise AssertionError(f"seat {seat} choice {choice!r} was accepted but is not legal")
            assert dump_state(after) == snapshot, "an illegal choice changed the state"

    run = playout(game, players, seed, options, on_step=on_step, uniform=uniform)
    assert game.result(run.state) is not None, "finished game has no result"
    rebuilt = replay(game, players, seed, run.state.options, run.actions)
    assert dump_state(rebuilt) == dump_state(run.state), "replaying the action log gave a different state"
    return len(run.actions)
