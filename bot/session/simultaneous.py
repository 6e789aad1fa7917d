"""Several seats choosing at once (Now Boarding's pilots, later offers and bids): what a click answers, and when a
phase runs on a clock.

On a turn-based panel a click names the state version it was shown at, and any move since makes it out of date. When
several seats choose at the same time that would refuse one pilot's click because another pilot moved a moment
before. So a click also carries a stamp of the decision it answers: it stands as long as that seat's open decision is
still exactly the one shown and the seat itself has not moved since. Two clicks of the same pilot still apply once:
the first is that seat's move, which makes the second older than it.

The turn deadline, too, runs per seat then (`seat_clocks`): one pilot's move must not restart the clock of another
who has not chosen at all, or an absent pilot's deadline would never run out while the others keep playing.
"""

from __future__ import annotations

import zlib
from datetime import datetime

from engine.core import Decision, Game, GameState


def decision_stamp(decision: Decision) -> str:
    """Eight hex digits naming a decision as offered: who, what is asked and every option, in order."""
    text = "\x1f".join([str(decision.seat), decision.kind, decision.prompt,
                        *(f"{o.id}\x1e{o.label}" for o in decision.options)])
    return f"{zlib.crc32(text.encode()):08x}"


def several_open(engine: Game, state: GameState) -> bool:
    """Whether seats of a game where everyone plays at once (`GameInfo.simultaneous`) have open decisions, more
    than one of them: the panels then work seat by seat, each member from their own controls."""
    return engine.info.simultaneous and len({d.seat for d in engine.pending(state)}) > 1


def open_for(engine: Game, state: GameState, seat: int) -> Decision | None:
    return next((d for d in engine.pending(state) if d.seat == seat), None)


def seat_clocks(engine: Game, state: GameState, before: dict[int, datetime], moved: set[int],
                now: datetime) -> dict[int, datetime]:
    """In a game where everyone plays at once, since when each seat with an open decision has been waiting: a seat
    keeps its time (`before`, from the last look) while its decision stays open and others move, and starts again
    from `now` when its decision has just opened (it had none at the last look) or it chose itself since (`moved`).
    Empty for a turn-based game, whose one clock starts again at every move."""
    if not engine.info.simultaneous:
        return {}
    return {d.seat: before[d.seat] if d.seat in before and d.seat not in moved else now
            for d in engine.pending(state)}
