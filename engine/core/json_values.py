"""Looking inside JSON-compatible values (views, dumped states) for the ids they mention."""

from __future__ import annotations

from typing import Any


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
