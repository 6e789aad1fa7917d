"""engine/core/_fast/pydantic_bypass.py writes pydantic's own attributes. These tests build the same models both ways
and fail if a pydantic release changes what its `__init__` or `__setattr__` leave behind, before a state goes wrong."""

from __future__ import annotations

import copy

from pydantic import BaseModel, Field, PrivateAttr

from engine.core._fast.pydantic_bypass import SLOTS, PlainFields, trusted_model


class Sample(BaseModel):
    name: str
    count: int = 0
    tags: list[str] = Field(default_factory=list)


class Fast(PlainFields):
    name: str
    count: int = 0
    tags: list[str] = Field(default_factory=list)
    _note: str = PrivateAttr(default="")


class Slow(BaseModel):
    """Fast's twin, with pydantic's own __setattr__."""

    name: str
    count: int = 0
    tags: list[str] = Field(default_factory=list)
    _note: str = PrivateAttr(default="")


def _slots(model: BaseModel) -> dict[str, object]:
    return {slot: copy.copy(getattr(model, slot)) for slot in SLOTS}


def test_pydantic_keeps_a_models_state_in_the_slots_the_bypass_fills() -> None:
    # A new slot in a pydantic release would be left unset by trusted_model: this is where that shows first.
    assert BaseModel.__slots__ == SLOTS


def test_a_trusted_model_is_what_pydantic_builds_from_the_same_values() -> None:
    made = Sample(name="a", tags=["x"])
    trusted = trusted_model(Sample, {"name": "a", "count": 0, "tags": ["x"]}, {"name", "tags"})
    assert _slots(trusted) == _slots(made)
    assert trusted == made
    assert repr(trusted) == repr(made)
    assert trusted.model_dump_json() == made.model_dump_json()
    assert trusted.model_dump(exclude_unset=True) == made.model_dump(exclude_unset=True) == {"name": "a", "tags": ["x"]}
    assert trusted.model_copy(deep=True) == made.model_copy(deep=True)


def test_a_field_write_leaves_what_pydantics_own_write_leaves() -> None:
    fast, slow = Fast(name="a"), Slow(name="a")
    for model in (fast, slow):
        model.count = 3
        model.tags = ["y"]
    assert _slots(fast) == _slots(slow)
    assert fast.model_dump(exclude_unset=True) == slow.model_dump(exclude_unset=True)


def test_put_writes_several_fields_as_one_write_each_does() -> None:
    put, one_by_one = Fast(name="a"), Fast(name="a")
    put.put({"count": 2, "tags": ["z"]})
    one_by_one.count = 2
    one_by_one.tags = ["z"]
    assert _slots(put) == _slots(one_by_one)


def test_a_private_attribute_still_goes_through_pydantic() -> None:
    fast, slow = Fast(name="a"), Slow(name="a")
    fast._note = slow._note = "kept"
    assert _slots(fast) == _slots(slow)
    assert fast._note == "kept" and "_note" not in fast.__dict__
