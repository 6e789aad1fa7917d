"""The recap a turn panel opens with, read from the action log: what the member called on has missed since their
own last turn, each thing once and in order.

- "What just happened" holds the turn before the panel's (the previous player's whole turn, every step of it), then
  the steps of the turn in progress; "Since your last turn, before that" holds the turns between the member's own
  last turn and that one, one line a turn. A member who has not played yet reads everything since the game began.
- What counts is what the game went on with: a choice an undo took back, the undo line itself, and a take-back the
  game offers within a turn (Planes' "redo") are left out. The log (/game log) keeps all of them.
- A turn is a run of one seat's choices in the log; its line names the seat once, before its texts unless the first
  of them already starts with that name ("ben moved ...", not "ben: ben moved ...").

Nothing here reads a state: the log's seats, choices and public texts are enough, so a recap costs one read of the
latest rows whatever the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.store import ActionRow

UNDO = "bot:undo:"
"""The choice of an undo line in the action log; the version it returns to follows."""


def is_undo(row: ActionRow) -> bool:
    return row.choice.startswith(UNDO)


def counted(rows: Sequence[ActionRow]) -> list[ActionRow]:
    """The rows the game went on with, oldest first: every undo line and the choices it took back left out. An undo
    that returns to a version before the first row given takes back every row given before it."""
    kept: list[ActionRow] = []
    for row in rows:
        if is_undo(row):
            target = int(row.choice[len(UNDO):])
            while kept and kept[-1].version > target:
                kept.pop()
        else:
            kept.append(row)
    return kept


@dataclass
class Run:
    """One seat's choices in a row (a turn, as the log's seats tell it) and their public texts."""

    seat: int
    texts: list[str] = field(default_factory=list)


def runs(rows: Sequence[ActionRow], take_backs: frozenset[str] = frozenset()) -> list[Run]:
    """The counted rows as runs of one seat's choices; a take-back within a turn says nothing."""
    found: list[Run] = []
    for row in counted(rows):
        texts = [] if row.choice in take_backs else [
            str(e["text"]) for e in row.events if e.get("private_to") is None and e.get("text")]
        if found and found[-1].seat == row.seat:
            found[-1].texts += texts
        else:
            found.append(Run(row.seat, texts))
    return found


@dataclass
class Recap:
    latest: list[str]
    """"What just happened": the turn before the panel's, whole, then the turn in progress so far."""
    earlier: list[Run]
    """"Since your last turn, before that": the turns before `latest` back to the member's own last one."""


def recap(rows: Sequence[ActionRow], seat: int | None, take_backs: frozenset[str] = frozenset()) -> Recap:
    """The recap for the member of `seat`, called on now (None: nobody in particular, as at the end of the game:
    the last turn alone). `rows` are the log's latest rows, enough of them to reach back to that seat's last turn
    (else the recap starts where they start)."""
    found = runs(rows, take_backs)
    if seat is None:
        return Recap(found[-1].texts if found else [], [])
    current = found.pop().texts if found and found[-1].seat == seat else []
    previous = found.pop().texts if found else []
    earlier: list[Run] = []
    while found and found[-1].seat != seat:
        earlier.insert(0, found.pop())
    return Recap(previous + current, [r for r in earlier if r.texts])


def reaches_back(rows: Sequence[ActionRow], seat: int) -> bool:
    """Whether `rows` (the log's latest) reach back to `seat`'s last turn before the one in progress, or to the
    game's first choice: enough for its recap."""
    if not rows or rows[0].version <= 1:
        return True
    kept = counted(rows)
    while kept and kept[-1].seat == seat:
        kept.pop()
    return any(r.seat == seat for r in kept)
