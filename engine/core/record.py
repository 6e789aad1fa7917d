"""The portable record of a game (`/game export`): the game, its options and seed, the seats, and every choice with
who made it and when. The engine is deterministic, so replaying the choices from the seed (`python -m engine
replay FILE`) gives the very state the game ended in: what a bug report or a tournament organiser needs.

Only the choices that count are recorded: a choice taken back by an undo is left out, as the game went on without
it. The state's `version` counts every line of the bot's log (undo lines too), so the state digest leaves it out.

A replay proves the choices lead to the recorded end, but not who sat where: the result is by seat, so a record
whose seat names were swapped would still reach the same end with another winner. The record therefore carries a
digest of everything it claims (`RecordProof`: the game, its options and seed, each seat with its name and member,
each choice with who made it and when), part by part so that a check names the part that was changed. Nothing is
signed with a secret: anyone can compute a digest, and that is enough to show a record was edited after export.

`read` turns a file into a record or a `RecordProblem` sentence (not JSON, an empty file, a list instead of an
object, a text seed, an unknown game): a malformed record is told in one sentence, never with a traceback.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from engine import registry
from engine.core.contract import Game, GameState, IllegalAction, Result
from engine.core.play import apply, dump_state, new_game

FORMAT: Literal["tarmac-game-record"] = "tarmac-game-record"
FORMAT_VERSION = 2
"""2: the record carries its proof (`RecordEnd.proof`). Records of version 1 have none."""
PART_CHARS = 16
"""64 bits of SHA-256 per seat and per choice: enough to tell an edited entry, and short in a long game's file."""


class RecordProblem(Exception):
    """A record that cannot be replayed as it stands (malformed, or of no game here), told in one sentence."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


class RecordSeat(BaseModel):
    seat: int
    name: str
    member: int | None = None
    """The Discord member who played the seat (for a seat handed to the AI, the member it was theirs); None for a
    seat the AI played from the start."""
    ai: bool = False
    level: str | None = None
    """The AI's level when the game ended, for an AI seat."""


class RecordChoice(BaseModel):
    seat: int
    who: str
    """The seat's name when the choice was made (a member's, or an AI's)."""
    choice: str
    """The option id, exactly as the engine takes it."""
    at: datetime | None = None


class RecordProof(BaseModel):
    """Digests of what the record claims, made when it was exported: `whole` over all of it, then each part alone
    (the game with its title, the options, the seed, each seat, each choice) so a check names what was changed."""

    whole: str
    game: str
    options: str
    seed: str
    seats: list[str]
    choices: list[str]


class RecordEnd(BaseModel):
    """How the game stood when it was exported: what a replay must reach, and the proof of the rest."""

    digest: str
    result: Result | None = None
    proof: RecordProof | None = None


class GameRecord(BaseModel):
    format: Literal["tarmac-game-record"] = FORMAT
    format_version: int = FORMAT_VERSION
    game: str
    title: str = ""
    options: dict[str, str] = Field(default_factory=dict)
    seed: int
    seats: list[RecordSeat]
    choices: list[RecordChoice]
    end: RecordEnd | None = None


def digest(state: GameState) -> str:
    """A fingerprint of a state (SHA-256 of its JSON), without the version counter (see the module's note)."""
    return hashlib.sha256(dump_state(state.model_copy(update={"version": 0})).encode()).hexdigest()


# ---- the proof of the claims ---------------------------------------------------------------------------------------

def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _hash(value: Any, chars: int | None = None) -> str:
    found = hashlib.sha256(_canonical(value).encode()).hexdigest()
    return found[:chars] if chars else found


def _claims(record: GameRecord) -> dict[str, Any]:
    """Everything the record claims, as plain JSON values: all of it but its end and its format's name."""
    return record.model_dump(mode="json", exclude={"end", "format"})


def sealed(record: GameRecord) -> GameRecord:
    """`record` with the proof of its claims in its end (which must be there): what /game export hands out."""
    assert record.end is not None, "a record is sealed with its end"
    return record.model_copy(update={"end": record.end.model_copy(update={"proof": prove(record)})})


def prove(record: GameRecord) -> RecordProof:
    """The proof of `record`'s claims as they stand now (made at export, made again by a check)."""
    claims = _claims(record)
    return RecordProof(
        whole=_hash(claims), game=_hash([claims["format_version"], claims["game"], claims["title"]], PART_CHARS),
        options=_hash(claims["options"], PART_CHARS), seed=_hash(claims["seed"], PART_CHARS),
        seats=[_hash(seat, PART_CHARS) for seat in claims["seats"]],
        choices=[_hash(choice, PART_CHARS) for choice in claims["choices"]])


def changed(record: GameRecord, proof: RecordProof) -> list[str]:
    """What of the record differs from what `proof` was made over, one phrase a part (empty: nothing)."""
    found = prove(record)
    if found.whole == proof.whole:
        return []
    out = []
    if found.game != proof.game:
        out.append("the game (its name, title or record format)")
    if found.options != proof.options:
        out.append("the options")
    if found.seed != proof.seed:
        out.append("the seed")
    out += _list_changes(found.seats, proof.seats, "seat", "seats",
                         lambda i: f"seat {record.seats[i].seat + 1} (its number, name, member or AI level)")
    out += _list_changes(found.choices, proof.choices, "choice", "choices",
                         lambda i: f"choice {i + 1} ('{record.choices[i].choice}' by {record.choices[i].who}: its "
                                   f"seat, who, option or time)")
    return out or ["something outside the parts the proof names"]


def _list_changes(found: list[str], made: list[str], one: str, many: str, name: Any) -> list[str]:
    out = []
    if len(found) != len(made):
        out.append(f"the number of {many} ({len(found)} now, {len(made)} when exported)")
    first = next((i for i, (a, b) in enumerate(zip(found, made, strict=False)) if a != b), None)
    if first is not None:
        later = sum(1 for a, b in zip(found[first + 1:], made[first + 1:], strict=False) if a != b)
        out.append(name(first) + (f", and {later} {one if later == 1 else many} after it" if later else ""))
    return out


# ---- reading a file ------------------------------------------------------------------------------------------------

def read(data: bytes, where: str = "The file") -> GameRecord:
    """The record in `data`, or RecordProblem naming what is wrong with it in one sentence."""
    text = data.decode("utf-8", errors="replace")
    if not text.strip():
        raise RecordProblem(f"{where} is empty: a game record is the JSON file /game export gives.")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordProblem(f"{where} is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}): a game "
                            "record is the JSON file /game export gives.") from None
    if not isinstance(raw, dict):
        kind = {list: "a list", str: "a text", int: "a number", float: "a number", bool: "true or false"}.get(
            type(raw), "null")
        raise RecordProblem(f"{where} holds {kind}, not a game record: a record is one JSON object with the game, "
                            "its seed, seats and choices.")
    if raw.get("format", FORMAT) != FORMAT:
        raise RecordProblem(f"{where} is not a Tarmac game record: its format is '{_short(raw['format'])}', not "
                            f"'{FORMAT}'.")
    try:
        # Strict: a seed written as text ("123") is an edit, not a number to guess at.
        record = GameRecord.model_validate_json(text, strict=True)
    except ValidationError as exc:
        raise RecordProblem(f"{where} is not a valid game record: {_first_error(exc, raw)}.") from None
    if record.format_version > FORMAT_VERSION:
        raise RecordProblem(f"{where} is a record of format version {record.format_version}, newer than this "
                            f"engine reads ({FORMAT_VERSION}): replay it with a newer Tarmac.")
    engine = _game_of(record)
    seats = [s.seat for s in record.seats]
    info = engine.info
    if not info.min_players <= len(seats) <= info.max_players:
        raise RecordProblem(f"{where} has {len(seats)} seat{'' if len(seats) == 1 else 's'}, and {info.title} takes "
                            f"{info.min_players} to {info.max_players} players.")
    if seats != list(range(len(seats))):
        raise RecordProblem(f"{where} numbers its seats {seats}; a record numbers them 0, 1, 2… in order.")
    for number, choice in enumerate(record.choices, start=1):
        if not 0 <= choice.seat < len(seats):
            raise RecordProblem(f"Choice {number} of the record is made by seat {choice.seat}, but its seats are "
                                f"numbered 0 to {len(seats) - 1}.")
    if record.format_version >= 2 and (record.end is None or record.end.proof is None):
        raise RecordProblem(f"{where} claims format version {record.format_version} but carries no proof of its "
                            "claims (end.proof): it was edited after export.")
    return record


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _first_error(exc: ValidationError, raw: dict[str, Any]) -> str:
    """The first thing pydantic found wrong, in words: where it is, what it holds and what it should."""
    error = exc.errors()[0]
    where = _place(error["loc"])
    kind = error["type"]
    if kind == "missing":
        return f"{where} is missing"
    shown = _short(json.dumps(error.get("input"), ensure_ascii=False, default=str))
    wanted = {"int_type": "a whole number", "int_parsing": "a whole number", "string_type": "a text",
              "bool_type": "true or false", "list_type": "a list", "dict_type": "an object",
              "model_type": "an object", "datetime_type": "a date and time", "datetime_parsing": "a date and time",
              "datetime_from_date_parsing": "a date and time", "int_from_float": "a whole number",
              "literal_error": "the record's format name", "extra_forbidden": "nothing (no such field)"}.get(kind)
    return f"{where} is {shown}, not {wanted}" if wanted else f"{where} is {shown}: {error['msg'].lower()}"


def _place(loc: tuple[Any, ...]) -> str:
    """A field's place in words: ("seats", 1, "name") -> "the name of seat 2"."""
    parts = [str(p) for p in loc]
    if len(parts) >= 2 and parts[0] in ("seats", "choices") and isinstance(loc[1], int):
        head = f"{'seat' if parts[0] == 'seats' else 'choice'} {loc[1] + 1}"
        rest = ".".join(parts[2:])
        return f"the {rest} of {head}" if rest else head
    return "the " + ".".join(parts) if parts else "the record"


def _game_of(record: GameRecord) -> Game:
    try:
        return registry.get(record.game)
    except (KeyError, ModuleNotFoundError):
        raise RecordProblem(f"The record is of a game called '{_short(record.game)}', which is not one of ours "
                            f"({', '.join(registry.names())}).") from None


# ---- replaying ------------------------------------------------------------------------------------------------------

def replay(record: GameRecord) -> GameState:
    """The state the record's choices lead to from its seed. An illegal choice raises IllegalAction, naming it; a
    setup the game refuses (player count, options) raises RecordProblem."""
    engine = _game_of(record)
    try:
        state = new_game(engine, len(record.seats), record.seed, record.options)
    except IllegalAction as refused:
        raise RecordProblem(f"The record's setup cannot be played: {refused.sentence}") from None
    for number, choice in enumerate(record.choices, start=1):
        try:
            state, _events = apply(engine, state, choice.seat, choice.choice)
        except IllegalAction as refused:
            raise IllegalAction(f"Choice {number} ('{choice.choice}' by {choice.who}) is refused: "
                                f"{refused.sentence}") from None
    return state


def _same(recorded: Result | None, found: Result | None) -> bool:
    """The recorded result is the one found; a record made before results said why a game ended has no `ending`
    to compare."""
    if recorded is not None and found is not None and not recorded.ending:
        found = found.model_copy(update={"ending": ""})
    return recorded == found


def named(engine: Game, text: str, names: dict[int, str]) -> str:
    """An engine's text with its seats ("Seat 2", "Player 2") named as the record names them."""
    return re.sub(rf"\b{re.escape(engine.info.seat_word)} ([1-9])\b",
                  lambda m: names.get(int(m[1]) - 1, m[0]), text)


def report(record: GameRecord) -> tuple[list[str], bool]:
    """What `python -m engine replay` prints about a record, and whether it proves its whole game: the replay reached
    the recorded end and nothing it claims was changed since export."""
    engine = _game_of(record)
    state = replay(record)
    result = engine.result(state)
    found = digest(state)
    names = {s.seat: s.name for s in record.seats}
    lines = [f"game: {engine.info.title} ({record.game}), seed {record.seed}, options: {record.options or 'defaults'}",
             f"seats: {', '.join(f'{s.seat + 1}. {s.name}' + (' (AI)' if s.ai else '') for s in record.seats)}",
             f"choices replayed: {len(record.choices)}"]
    if result is None:
        lines.append("result: the game is not over")
    else:
        lines.append(f"result: {named(engine, result.summary, names)}")
        for standing in sorted(result.standings, key=lambda r: -r.score):
            lines.append(f"  {names.get(standing.seat, standing.seat)}: {standing.score}")
    lines.append(f"final state digest: {found}")
    end = record.end
    if end is None:
        return lines, True  # a record of a game as far as it went, with no end to hold it to
    problems = []
    if end.digest != found:
        problems.append(f"DIFFERS from the recorded end: the choices lead to another final state than the one "
                        f"recorded ({end.digest})")
    elif not _same(end.result, result):
        problems.append("DIFFERS from the recorded end: the recorded result is not the one the game reaches")
    if end.proof is None:
        problems.append("this record (format version 1) carries no proof of its seats and choices, so who sat "
                        "where and who chose what cannot be checked")
    else:
        edits = changed(record, end.proof)
        if edits:
            problems.append("CHANGED since export (the record's proof was made over other values): "
                            + "; ".join(edits))
    if problems:
        return lines + problems, False
    lines.append("matches the recorded end, and its game, options, seed, seats and every choice are as exported")
    return lines, True
