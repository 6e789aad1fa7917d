"""Every game copies its state with engine/core/copying.plain_copy before a choice changes it: the copy must equal
the original and share nothing a choice could change (a list, a dict, a model), or a choice would reach back into
the state it came from, the one undo and the search go back to."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import BaseModel

from engine import registry
from engine.core import dump_state
from engine.core.ai.selfplay import playout


def _shared(a: Any, b: Any, path: str = "state") -> list[str]:
    """The paths of the mutable parts `a` and `b` hold in common (the same object, not an equal one)."""
    if isinstance(a, list | dict | BaseModel) and a is b:
        return [path]
    if isinstance(a, list):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True)) for p in _shared(x, y, f"{path}[{i}]")]
    if isinstance(a, dict):
        return [p for k in a for p in _shared(a[k], b[k], f"{path}[{k!r}]")]
    if isinstance(a, BaseModel):
        return [p for k in a.__dict__ for p in _shared(a.__dict__[k], b.__dict__[k], f"{path}.{k}")]
    return []


@pytest.mark.parametrize("name", registry.names())
def test_a_copied_state_equals_its_original_and_shares_nothing_mutable(name: str) -> None:
    game = registry.get(name)
    middle: list[Any] = []
    run = playout(game, game.info.max_players, 5, on_step=lambda before, _a, _b: middle.append(before))
    for state in (middle[len(middle) // 2], run.state):
        copied = copy.deepcopy(state)
        assert dump_state(copied) == dump_state(state)
        assert _shared(state, copied) == []
