"""Speed work on the engines must change nothing anyone can observe: every recorded game of the corpus
(tests/engine/replay_corpus.py, a file per game in the game's own test folder, tests/<game>/corpus.json) replays to
the same stored states, events, decisions, views, refusals, re-deals and result, and the playout policy still makes
the same choices from the same seed and ends in the same state."""

from __future__ import annotations

from typing import Any

import pytest

from engine import registry
from engine.core import dump_state
from engine.core.ai.selfplay import playout
from tests.engine.replay_corpus import corpus_file, load, recorded_actions, run

CORPUS = load()


def _name(record: dict[str, Any]) -> str:
    how = "-uniform" if record.get("uniform") else ""
    return f"{record['game']}-{record['players']}p-seed{record['seed']}{how}"


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_its_own_recorded_games(game: str) -> None:
    assert corpus_file(game).exists(), f"record it: python -m tests.engine.replay_corpus {game}"
    assert {r["game"] for r in load(game)} == {game}


@pytest.mark.parametrize("record", CORPUS, ids=_name)
def test_recorded_game_replays_byte_for_byte(record: dict[str, Any]) -> None:
    actions = recorded_actions(record)
    game = registry.get(record["game"])
    again = playout(game, record["players"], record["seed"], record["options"], uniform=record.get("uniform", False))
    assert [f"{a.seat} {a.choice}" for a in again.actions] == record["actions"], "the playout chose differently"
    replayed = run(record, actions)
    for i, (want, got) in enumerate(zip(record["steps"], replayed["steps"], strict=True)):
        assert got == want, f"after choice {i} ({record['actions'][i - 1] if i else 'setup'}) something differs"
    assert replayed["redeals"] == record["redeals"], "a re-deal of the hidden cards differs"
    assert replayed["end"] == record["end"], "the result or the summary differs"
    assert dump_state(again.state) == replayed["final"], "the playout's own state ended differently from the replay"
