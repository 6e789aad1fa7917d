"""Text cut to a limit (Discord's 80 characters on a button, 100 under an option), always visibly so."""

from __future__ import annotations


def shorten(text: str, limit: int) -> str:
    """`text` if it fits; else cut at a word near the limit where one is, and ended with "…" so a reader knows
    something was left out."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit * 2 // 3:
        head = head[:space]
    return head.rstrip() + "…"
