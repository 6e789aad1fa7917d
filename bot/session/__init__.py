"""The session side of the bot: everything between a Discord interaction and the engine, with no discord import.

Dependencies point one way, down this list; no module imports one above it:

- `service.py`   GameService, the one object the Discord layer calls. Checks who may ask, takes the session lock,
                 and hands the work to the parts below. Holds no logic of its own.
- `lobby.py`     open / join / leave / add AI (at levels.default_for(game)) / AI levels / options / cancel, and
                 `begin` (the lobby becomes a game).
- `deadlines.py` turn deadlines (warning, the AI plays an absent seat's turn, the seat passes to the AI after N
                 missed in a row until `/game rejoin`) and vacations.
- `turns.py`     every choice's path: `check_click` (where a click is checked against the decision it answers),
                 `apply_choice` (apply, save guarded by the version, publish), the AI seats (`run_ai`).
- `undo.py`      undo through the action log: free within one's own steps, by consent back to a named turn.
- `reminders.py` quiet periods, reminders and nudges.
- `publish.py`   where panels are posted (new or edited in place) and private views are sent; builds the updates.
- `clock.py`     round clocks of timed phases (the game's `clock`), their end kept in `meta` so a restart resumes
                 them; `turns` applies the game's `timeout` when one runs out.
- `meta.py`      the bot's bookkeeping beside a session (since when it waits, notices given), stored as JSON.
- `sessions.py`  the floor: store, games, clock, and per-session memory (lock, cached state, newest panel).
- `simultaneous.py` what a click answers while several seats choose at once (decision stamps), and each seat's own
                 deadline clock then.
- `ai_levels.py`  who may change an AI seat's level and to what, the same in the lobby and during a game.
- `types.py`     what crosses the boundary: Refusal, PostFailed, TurnUpdate, PrivateUpdate, Reminder, Presenter.

A part gets the objects it uses in its constructor (a `Sessions`, a `Publisher`, ...), never the service, and never
another part's private attributes.
"""

from bot.session.parts import Parts
from bot.session.service import GameService
from bot.session.types import (
    Controls,
    LogLine,
    PostFailed,
    Presenter,
    PrivateUpdate,
    Refusal,
    Reminder,
    TurnUpdate,
    UndoRequest,
    describe,
)

__all__ = ["Controls", "GameService", "LogLine", "Parts", "PostFailed", "Presenter", "PrivateUpdate", "Refusal",
           "Reminder", "TurnUpdate", "UndoRequest", "describe"]
