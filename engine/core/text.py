"""Text cut to a limit (Discord's 80 characters on a button, 100 under an option), always visibly so, and what a
player typed cut short before a sentence quotes it back."""

from __future__ import annotations

BUTTON_TEXT = 80
"""Discord's longest button label."""
OPTION_TEXT = 100
"""Discord's longest select entry label and description: the longest a label may be anywhere, so an engine cuts its
labels here (a button, where one shows it, cuts it again to BUTTON_TEXT)."""

QUOTE_MAX = 100
"""How much of what a player typed a refusal quotes back: enough to recognise the step, never a whole pasted page
(a sentence quoting 5,000 typed characters could not be delivered at all)."""


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


def quoted(typed: str, limit: int = QUOTE_MAX) -> str:
    """What a player typed, trimmed and cut to `limit`, for a sentence that quotes it ("'…' is not on offer")."""
    return shorten(typed.strip(), limit)


NUMBER_DIGITS = 9
"""The most digits a typed number may have. No figure in any game comes near it, and Python refuses to read a number
of more than 4,300 digits (a ValueError the player would meet as an apology instead of a sentence)."""


def number(word: str) -> int | None:
    """The whole number a typed word stands for ("12"), or None if it is not one or is absurdly long."""
    if not word.isdigit() or len(word) > NUMBER_DIGITS:
        return None
    return int(word)


def counted(n: int, word: str, plural: str | None = None) -> str:
    """'1 fleet', '3 fleets', '0 fleets': a count with its word agreeing ("1 fleets" read as a bug, and was one)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"
