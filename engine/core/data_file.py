"""Reading a game's TOML data file (data/<game>/*.toml) into the pydantic model that checks it. A bad file raises the
game's own error with one line naming the file and every field at fault, so a typo never reaches a game."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def load_toml(path: Path, model: type[M], error: type[Exception]) -> M:
    """`path` read and checked as `model`; `error` (the game's data-file error) when it is not valid TOML or not
    what the model expects."""
    try:
        with path.open("rb") as fh:
            return model.model_validate(tomllib.load(fh))
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path.name}: not valid TOML: {exc}") from exc
    except ValidationError as exc:
        raise error(f"{path.name}: {faults(exc)}") from exc


def faults(exc: ValidationError) -> str:
    """'route.3.price: Input should be greater than 0; ...': each fault where it is (the file itself when a check of
    the whole file failed)."""
    return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(file)'}: {e['msg']}" for e in exc.errors())
