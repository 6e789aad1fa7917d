"""Text written for a wide editor, made to read well in a Discord embed.

Rules pages are kept hard-wrapped at 120 columns in data/<game>/rules.md (easy to diff and review). Discord keeps
every newline, so on a phone those pages broke mid-sentence ("...airport and" / "onto their own plane."). Lines of one
paragraph or one list item are joined here; blank lines, list items, lines after a colon and code blocks stay put.
"""

from __future__ import annotations

import re

_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_FENCE = "```"


def unwrap(text: str) -> str:
    lines: list[str] = []
    fenced = False
    previous = ""  # the last source line of the paragraph or list item being built ("" after a break)
    in_item = False  # that paragraph is a list item: only indented lines continue it
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(_FENCE) or fenced or not stripped:
            fenced ^= stripped.startswith(_FENCE)
            lines.append(line.rstrip())
            previous, in_item = "", False
            continue
        starts_new = (
            not previous or _LIST_ITEM.match(line) is not None or stripped.startswith("#")
            or (in_item and not line[:1].isspace())
            or (previous.endswith(":") and stripped.startswith("`"))  # an example set under its introduction
        )
        if starts_new:
            lines.append(line.rstrip())
            in_item = _LIST_ITEM.match(line) is not None
        else:
            lines[-1] = f"{lines[-1]} {stripped}"
        previous = "" if stripped.startswith("#") else stripped
    return "\n".join(lines)
