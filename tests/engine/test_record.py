"""The portable record (`/game export`, engine.core.record): replayed from its seed, a whole game of each kind
reaches the very state it ended in, and `python -m engine replay FILE` prints that state's digest; a record that
does not lead there says so, and a refused choice is named with the rules' own sentence. Its proof covers all it
claims: an edit after export (names swapped, a choice given to another seat) is found and named. A malformed file
gets one sentence and exit code 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.__main__ import main
from engine.core.ai.selfplay import playout
from engine.core.record import GameRecord, RecordChoice, RecordEnd, RecordSeat, digest, replay, sealed
from tests.support.tables import players_near

SEED = 3


def record_of(name: str, seed: int = SEED, players: int | None = None) -> tuple[GameRecord, str]:
    """A whole seeded game's record (of 3 players, or as near as the game seats), and the digest of the state the
    game ended in."""
    game = registry.get(name)
    players = players or players_near(game)
    run = playout(game, players, seed)
    record = GameRecord(game=name, seed=seed,
                        seats=[RecordSeat(seat=s, name=f"P{s + 1}", member=100 + s) for s in range(players)],
                        choices=[RecordChoice(seat=a.seat, who=f"P{a.seat + 1}", choice=a.choice) for a in run.actions],
                        end=RecordEnd(digest=digest(run.state), result=game.result(run.state)))
    return sealed(record), digest(run.state)


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
    # The result names the winner as the record names the seat, not by the engine's "Seat 2".
    said = next(line for line in printed.splitlines() if line.startswith("result: "))
    assert not re.search(r"\b(?:Seat|Player) \d", said), said
    if not registry.get(name).info.cooperative:
        assert re.search(r"\bP[1-3]\b", said), said


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


def replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any] | str) -> tuple[int, str, str]:
    """`python -m engine replay` on `data` (a record as JSON values, or a file's text): its exit code and output."""
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    code = main(["replay", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def as_data(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.model_dump_json(indent=1))
    return data


def test_swapped_seat_names_are_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The forger's edit: the winner's name and member put on another seat. The replay still reaches the recorded
    end (the result is by seat), so only the proof tells."""
    record, _ended = record_of("planecrafters")
    assert record.end is not None and record.end.result is not None
    winner = record.end.result.winners[0]
    other = (winner + 1) % len(record.seats)
    data = as_data(record)
    seats = data["seats"]
    for key in ("name", "member"):
        seats[winner][key], seats[other][key] = seats[other][key], seats[winner][key]
    code, out, _err = replayed(tmp_path, capsys, data)
    assert code == 1
    assert "matches the recorded end" not in out
    low, high = sorted((winner, other))
    assert (f"CHANGED since export (the record's proof was made over other values): seat {low + 1} (its number, "
            "name, member or AI level), and 1 seat after it") in out


@pytest.mark.parametrize(("edit", "named"), [
    (lambda d: d["choices"][4].update(who="Mallory"), "choice 5 ("),
    (lambda d: d["choices"][2].update(at="2030-01-01T00:00:00Z"), "choice 3 ("),
    (lambda d: d["seats"][1].update(level="hard", ai=True), "seat 2 ("),
    (lambda d: d.update(title="Chess"), "the game (its name, title or record format)"),
    (lambda d: d.update(options={"objectives": "off"}), "the options"),
])
def test_every_claim_is_covered_and_the_changed_part_named(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          edit: Any, named: str) -> None:
    record, _ended = record_of("planecrafters")
    data = as_data(record)
    edit(data)
    code, out, _err = replayed(tmp_path, capsys, data)
    assert code == 1 and "CHANGED since export" in out and named in out.split("CHANGED since export")[1]
    assert "matches the recorded end" not in out


def test_a_choice_made_by_another_seat_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Who made a choice is a claim too: the same option given to another seat's line is refused by the engine, or
    found by the proof."""
    record, _ended = record_of("planecrafters")
    data = as_data(record)
    data["choices"][0]["who"] = data["seats"][1]["name"]
    code, out, _err = replayed(tmp_path, capsys, data)
    assert code == 1 and "choice 1 ('" in out


def test_an_exported_record_round_trips_through_its_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With times on its choices, as the bot exports it: read back from its file, the proof still holds."""
    record, ended = record_of("flight-plan", players=2)
    at = datetime(2025, 3, 4, 5, 6, 7, 891011, tzinfo=UTC)
    timed = record.model_copy(update={"choices": [c.model_copy(update={"at": at}) for c in record.choices]})
    code, out, _err = replayed(tmp_path, capsys, as_data(sealed(timed)))
    assert code == 0, out
    assert out.rstrip().endswith("matches the recorded end, and its game, options, seed, seats and every choice are "
                                 "as exported")


def test_a_record_without_a_proof_does_not_pass_as_proven(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record of the first format has no proof: its end is checked, and the output says what cannot be."""
    record, _ended = record_of("planes")
    data = as_data(record)
    data["format_version"] = 1
    del data["end"]["proof"]
    code, out, _err = replayed(tmp_path, capsys, data)
    assert code == 1
    assert "carries no proof of its seats and choices" in out and "matches the recorded end" not in out
    data["format_version"] = 2
    code, _out, err = replayed(tmp_path, capsys, data)
    assert code == 2 and "carries no proof of its claims" in err


def _malformed() -> list[tuple[str, Any, str]]:
    record, _ended = record_of("planes", players=2)
    good = as_data(record)
    return [
        ("empty file", "", "record.json is empty"),
        ("blank file", "  \n", "record.json is empty"),
        ("not JSON", "seed: 3\nseats: ana, ben", "record.json is not JSON"),
        ("a list", [good], "record.json holds a list, not a game record"),
        ("a text", json.dumps("planes"), "record.json holds a text, not a game record"),
        ("text seed", {**good, "seed": "three"}, "the seed is \"three\", not a whole number"),
        ("seed as digits", {**good, "seed": str(good["seed"])}, f"the seed is \"{good['seed']}\", not a whole number"),
        ("unknown game", {**good, "game": "chess"}, "a game called 'chess', which is not one of ours"),
        ("no seats", {k: v for k, v in good.items() if k != "seats"}, "the seats is missing"),
        ("a name that is a number", {**good, "seats": [{**good["seats"][0], "name": 7}, good["seats"][1]]},
         "the name of seat 1 is 7, not a text"),
        ("another format", {**good, "format": "pgn"}, "is not a Tarmac game record: its format is 'pgn'"),
        ("seats out of order", {**good, "seats": good["seats"][::-1]}, "numbers its seats [1, 0]"),
        ("a choice by no seat", {**good, "choices": [{**good["choices"][0], "seat": 5}, *good["choices"][1:]]},
         "Choice 1 of the record is made by seat 5"),
        ("too few seats", {**good, "seats": good["seats"][:1]},
         "record.json has 1 seat, and Planes takes 2 to 4 players"),
        ("an unknown option", {**good, "options": {"colour": "red"}}, "The record's setup cannot be played:"),
    ]


@pytest.mark.parametrize(("data", "said"), [(d, s) for _n, d, s in _malformed()],
                         ids=[n for n, _d, _s in _malformed()])
def test_a_malformed_record_gets_one_sentence_and_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             data: Any, said: str) -> None:
    code, out, err = replayed(tmp_path, capsys, data)
    assert code == 2, (out, err)
    assert said in err, err
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_a_missing_file_gets_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    assert capsys.readouterr().err.startswith("Cannot read ")


def test_the_command_line_prints_no_traceback_for_a_malformed_record(tmp_path: Path) -> None:
    """The real `python -m engine replay`, as a member runs it on a file they were sent."""
    path = tmp_path / "record.json"
    path.write_text("[1, 2, 3]")
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == ("record.json holds a list, not a game record: a record is one JSON object with "
                                   "the game, its seed, seats and choices.")
