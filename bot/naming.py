"""Players by their names, not their seat numbers.

Engines know only seats, so their events, summaries and views say "Seat 2" (Planes) or "Player 2" (Planecrafters).
A player on Discord knows the others by name, and "Seat 2 boarded a blue cube" makes them work out who that is.
This swaps the engine's seat references for the names the lobby recorded; it changes words only, never a rule.
"""

from __future__ import annotations

import re
from typing import TypeVar

from bot.mentions import ZERO_WIDTH, defuse_all
from bot.store import SessionRow
from engine.core import Decision
from engine.core.panel import PublicDecision
from renderers.names import SEAT_REF, name_view

D = TypeVar("D", Decision, PublicDecision)
__all__ = ["escape", "name_decision", "name_seats", "name_view", "seat_names", "typed_line"]

# Characters that would turn a name like "__ana__" into Discord markdown inside a sentence.
_MARKDOWN = re.compile(r"([\\*_~|`>])")


def seat_names(session: SessionRow) -> dict[int, str]:
    """Seat number -> the name players know it by (an AI seat keeps its lobby name, e.g. "AI 1")."""
    return {s.seat: s.name for s in session.seats}


def escape(name: str) -> str:
    """A member's name as it goes into a message's text: shown as typed, never as markdown ("**ana**" stays with its
    asterisks) nor as a mention (a member nicknamed "@everyone" pings nobody)."""
    return defuse_all(_MARKDOWN.sub(r"\\\1", name))


def name_seats(text: str, names: dict[int, str], *, markdown: bool = True) -> str:
    """`text` with every "Seat N" / "Player N" of a seat at this table replaced by that player's name.
    With `markdown`, names are escaped so Discord shows them as typed."""

    def named(match: re.Match[str]) -> str:
        name = names.get(int(match[1]) - 1)
        if name is None:
            return match[0]
        return escape(name) if markdown else name

    return SEAT_REF.sub(named, text)


def name_decision(decision: D, names: dict[int, str]) -> D:
    """A copy of an open decision whose prompt, labels and details, and the button and hint of a typed value, name
    players as their members ("Spy on ana's hand"). Labels are plain text on Discord (buttons, select entries, a
    form's fields), so only the prompt is escaped."""
    options = [o.model_copy(update={"label": name_seats(o.label, names, markdown=False),
                                    "detail": name_seats(o.detail, names, markdown=False)})
               for o in decision.options]
    typed = None if decision.typed is None else decision.typed.model_copy(update={
        "label": name_seats(decision.typed.label, names, markdown=False),
        "hint": name_seats(decision.typed.hint, names, markdown=False)})
    return decision.model_copy(update={"prompt": name_seats(decision.prompt, names), "options": options,
                                       "typed": typed})


def typed_line(text: str) -> str:
    """A line a player typed, as the engine reads it: a name copied from a message may carry the zero-width space
    that defuses a mention in it ("@\u200beveryone"); it counts as the name as typed. Names are read by the engine
    itself, only where a label names a seat ("spy on ana"; engine.core.typed), never in any other word of a line."""
    return text.replace(ZERO_WIDTH, "")
