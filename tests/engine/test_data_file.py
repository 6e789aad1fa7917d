"""Every game reads its TOML data through engine/core/data_file.load_toml: a bad file raises the game's own error,
in one line naming the file and each fault, where it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, Field, model_validator

from engine.core.data_file import load_toml


class Stop(BaseModel):
    code: str
    minutes: int = Field(gt=0)


class Timetable(BaseModel):
    stop: list[Stop]

    @model_validator(mode="after")
    def _distinct(self) -> Timetable:
        if len({s.code for s in self.stop}) != len(self.stop):
            raise ValueError("two stops share a code")
        return self


class TimetableError(ValueError):
    pass


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "timetable.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_is_read_into_its_model(tmp_path: Path) -> None:
    read = load_toml(_file(tmp_path, '[[stop]]\ncode = "LHR"\nminutes = 5\n'), Timetable, TimetableError)
    assert read == Timetable(stop=[Stop(code="LHR", minutes=5)])


def test_every_fault_is_named_with_the_file_and_the_field(tmp_path: Path) -> None:
    text = '[[stop]]\ncode = "LHR"\nminutes = 0\n[[stop]]\nminutes = 3\n'
    with pytest.raises(TimetableError) as found:
        load_toml(_file(tmp_path, text), Timetable, TimetableError)
    assert str(found.value).startswith("timetable.toml: stop.0.minutes: Input should be greater than 0; "
                                       "stop.1.code: Field required")


def test_a_fault_of_the_whole_file_says_so(tmp_path: Path) -> None:
    text = '[[stop]]\ncode = "LHR"\nminutes = 1\n[[stop]]\ncode = "LHR"\nminutes = 2\n'
    with pytest.raises(TimetableError, match=r"^timetable\.toml: \(file\): Value error, two stops share a code$"):
        load_toml(_file(tmp_path, text), Timetable, TimetableError)


def test_text_that_is_not_toml_is_refused_as_such(tmp_path: Path) -> None:
    with pytest.raises(TimetableError, match=r"^timetable\.toml: not valid TOML: "):
        load_toml(_file(tmp_path, "[[stop]\n"), Timetable, TimetableError)
