"""What the engine says of a state, asked once: one move asks the same state's open decisions a dozen times (the
click's check, apply, who acts next, whether the panel is edited in place, the panel itself, whom to ping, whose
DMs), and each asking lists and labels every option again. And the board last drawn for each session, by the view
it shows: a click that changes nothing the channel sees (a step within a turn that shows only in the controls)
draws and encodes nothing.

States are values here: the engine's `apply` works on a copy and the bot never changes a state it holds, so a state
object's decisions stay what they were when it was first asked. Each entry holds its state, so no other object can
take its id while the entry lives. Callers get a fresh list and must treat the decisions as read-only (they are
named by copy, bot.naming.name_decision)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine.core import Decision, Game, GameState

STATES = 64
"""States remembered: those of the moves in flight (each move asks of the state it starts from and the one it makes)
across the games one process runs at once; an old one is simply asked again."""

BOARDS = 1024
"""Sessions whose last board is kept (about 50 KB each)."""


class StateMemo:
    """`pending(game, state)`, remembered per state object, the least recently asked forgotten first."""

    def __init__(self, size: int = STATES) -> None:
        self.size = size
        self._decisions: OrderedDict[int, tuple[Game, GameState, list[Decision]]] = OrderedDict()

    def pending(self, game: Game, state: GameState) -> list[Decision]:
        key = id(state)
        found = self._decisions.get(key)
        if found is not None and found[0] is game and found[1] is state:
            self._decisions.move_to_end(key)
            return list(found[2])
        decisions = game.pending(state)
        self._decisions[key] = (game, state, decisions)
        self._decisions.move_to_end(key)
        while len(self._decisions) > self.size:
            self._decisions.popitem(last=False)
        return list(decisions)


class BoardCache:
    """The last board drawn for each session, with the view it shows: drawn again only when the view changed.
    Called from worker threads (the drawing runs in one): the lock guards the table, never the drawing."""

    def __init__(self, size: int = BOARDS) -> None:
        self.size = size
        self._boards: OrderedDict[int, tuple[str, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def board(self, session_id: int, view: dict[str, Any], draw: Callable[[dict[str, Any]], bytes]) -> bytes:
        """The board of `view`: the one last drawn for this session if it showed the same view, else `draw(view)`."""
        key = json.dumps(view, sort_keys=True, default=str)
        with self._lock:
            found = self._boards.get(session_id)
            if found is not None and found[0] == key:
                self._boards.move_to_end(session_id)
                return found[1]
        png = draw(view)
        with self._lock:
            self._boards[session_id] = (key, png)
            self._boards.move_to_end(session_id)
            while len(self._boards) > self.size:
                self._boards.popitem(last=False)
        return png
