"""The only place the engine writes pydantic's own attributes, to skip its validation and dispatch where a playout
pays for them thousands of times (docs/notes/engine-speed.md has the figures).

A pydantic model instance keeps its state in exactly four slots (`SLOTS`): the field values (`__dict__`), the names
the caller gave (`__pydantic_fields_set__`), extra fields and private attributes. Building one from trusted values
means filling those four as pydantic's own `__init__` would; writing a field means what pydantic's `__setattr__`
does for a model that does not validate assignments. tests/engine/test_pydantic_bypass.py compares both with
pydantic's own results and fails if a pydantic release changes either, so an upgrade cannot silently break a state.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

SLOTS = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
"""pydantic's instance slots, all of which `trusted_model` fills."""

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def trusted_model(cls: type[M], values: dict[str, Any], given: set[str]) -> M:
    """A model built from values the engine made itself, skipping validation: `values` holds every field, in the
    order the model declares them, and `given` the ones the caller named (pydantic's fields_set). The result equals,
    dumps and prints exactly like `cls(**given fields)`. Validation would only re-check what the engine just made,
    and a playout builds many of these a choice."""
    obj = _new(cls)
    _set(obj, "__dict__", values)
    _set(obj, "__pydantic_fields_set__", given)
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", None)
    return obj


_FIELD_NAMES: dict[type, frozenset[str]] = {}
"""Each PlainFields class's field names: a module dict answers faster than the attribute on a pydantic class."""


class PlainFields(BaseModel):
    """A model whose field writes go straight into its fields, as pydantic's own __setattr__ does for a model that
    validates no assignment, minus its two calls of dispatch: a game's apply writes state fields thousands of times
    a playout. Anything not a field (a private attribute, say) still goes through pydantic."""

    def __setattr__(self, name: str, value: Any) -> None:
        try:
            names = _FIELD_NAMES[type(self)]
        except KeyError:
            names = _FIELD_NAMES[type(self)] = frozenset(type(self).__pydantic_fields__)
        if name in names:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    def put(self, values: dict[str, Any]) -> None:
        """Several field writes at once, exactly as one `setattr` each would make them (`values` holds field names
        only): the end of a turn resets a dozen fields, and one call for all of them is cheaper than one each."""
        self.__dict__.update(values)
        self.__pydantic_fields_set__.update(values)
