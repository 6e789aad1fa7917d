"""The portable record (`/game export`, engine.core.record): replayed from its seed, a whole game of each kind
reaches the very state it ended in, and `python -m engine replay FILE` prints that state's digest; a record that
does not lead there says so, and a refused choice is named with the rules' own sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import registry
from engine.__main__ import main
from engine.core.record import GameRecord, RecordChoice, RecordEnd, RecordSeat, digest, replay
from engine.core.selfplay import playout

SEED = 3


def record_of(name: str, seed: int = SEED, players: int = 3) -> tuple[GameRecord, str]:
    """A whole seeded game's record, and the digest of the state the game ended in."""
    game = registry.get(name)
    run = playout(game, players, seed)
    record = GameRecord(game=name, seed=seed, seats=[RecordSeat(seat=s, name=f"P{s + 1}") for s in range(players)],
                        choices=[RecordChoice(seat=a.seat, who=f"P{a.seat + 1}", choice=a.choice) for a in run.actions],
                        end=RecordEnd(digest=digest(run.state), result=game.result(run.state)))
    return record, digest(run.state)


@pytest.mark.parametrize("name", registry.names())
def test_a_whole_game_replays_to_the_same_state_and_result(name: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    record, ended = record_of(name)
    assert digest(replay(record)) == ended
    path = tmp_path / "record.json"
    path.write_text(record.model_dump_json())
    assert main(["replay", str(path)]) == 0
    printed = capsys.readouterr().out
    assert f"final state digest: {ended}" in printed
    assert "matches the recorded end" in printed
    assert f"choices replayed: {len(record.choices)}" in printed


def test_a_record_that_ends_elsewhere_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ended = record_of("planes")
    short = record.model_copy(update={"choices": record.choices[:-1]})  # the last choice lost on the way
    path = tmp_path / "record.json"
    path.write_text(short.model_dump_json())
    assert main(["replay", str(path)]) == 1
    assert "DIFFERS from the recorded end" in capsys.readouterr().out


def test_a_refused_choice_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, _ended = record_of("planes")
    data = json.loads(record.model_dump_json())
    data["choices"][0]["choice"] = "fly to the moon"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert "Choice 1 ('fly to the moon' by P" in capsys.readouterr().err


def test_the_digest_leaves_out_the_version_only() -> None:
    """An undo line moves the version on without changing the game: the digest does not see it."""
    game = registry.get("planecrafters")
    state = playout(game, 3, SEED).state
    assert digest(state) == digest(state.model_copy(update={"version": state.version + 5}))
    assert digest(state) != digest(state.model_copy(update={"seed": state.seed + 1}))
