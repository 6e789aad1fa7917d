"""The session side of the bot: everything between a Discord interaction and the engine, with no discord import and
no Discord markup (mentions, timestamps and links are written by bot/discord).

Dependencies point one way, down this list; no module imports one above it:

- `parts.py`     Parts, the one small object that builds the parts below and holds them; the Discord layer calls the
                 part it needs through it (`parts.lobby.join`, `parts.turns.choose`, ...). It also starts the timers'
                 work at start-up and waits for the moves in flight at shutdown. Each public method of a part checks
                 who may ask and takes the session lock itself, unless its docstring says "with the lock held".
- `leagues.py`   leagues (/league): sign-up, each round paired (bot/leagues/pairing.py) and its games opened and
                 started, results collected, drops, standings (bot/leagues/standings.py).
- `queue.py`     the matchmaking queue (/lfg): joining, leaving, the queue's clock, a confirmed table started as a
                 game in its thread (the rule itself is bot/lfg/matching.py, run inside the store's claim).
- `lobby.py`     open / join / leave / add AI (at levels.default_for(game)) / AI levels (in the lobby and during the
                 game) / options (the turn deadline among them) / cancel / play again, and `start` (the lobby
                 becomes a game, its first panel is posted, the AI plays if it opens).
- `coach.py`     after the game and for learners: the final message's race chart, the chances and turning points
                 worked out in a worker once a game is over, /coach hint on the asker's own view, the Hints option.
- `records.py`   what /game history, mine, status and log read, as data (past games, open games, whom a game waits
                 for and until when, the log by turns); bot/discord/texts.py words it.
- `replays.py`   a game as an animated GIF (the final message's, /game replay's) and its portable record (/game
                 export), both from the action log replayed in a worker thread; public views only.
- `deadlines.py` turn deadlines (warning, the AI plays an absent seat's turn, the seat passes to the AI after N
                 missed in a row until `/game rejoin`) and vacations.
- `undo.py`      undo through the action log: free within one's own steps, by consent back to a named turn.
- `turns.py`     every choice's path: `check_click` (where a click is checked against the decision it answers),
                 `apply_choice` (apply, save guarded by the version, publish), typed moves, resigning, a member's own
                 controls, the AI seats (`run_ai`).
- `reminders.py` quiet periods, reminders and nudges, and the per-game reminder period.
- `publish.py`   where panels are posted (new or edited in place, or again on request) and private views are sent;
                 builds the updates; who gets their hand by DM.
- `clock.py`     round clocks of timed phases (the game's `clock`), their end kept in `meta` so a restart resumes
                 them; `turns` applies the game's `timeout` when one runs out.
- `meta.py`      the bot's bookkeeping beside a session (since when it waits, notices given), stored as JSON.
- `settings.py`  a member's own settings for every server and game (boards in words in place of pictures).
- `server_settings.py` a server's own settings (/tarmac settings): where games open, the host role, a new lobby's
                 defaults, AI seats, the notice channel; `server_settings(store, guild_id)` reads them for anyone.
- `sessions.py`  the floor: store, games, clock, and per-session memory (lock, cached state, newest panel); which
                 game a channel has (`here`).
- `memo.py`      what the engine says of a state asked once per state (open decisions), and the board last drawn
                 per session, by its view (a click the channel sees no change of draws nothing).
- `simultaneous.py` what a click answers while several seats choose at once (decision stamps), and each seat's own
                 deadline clock then.
- `ai_levels.py`  who may change an AI seat's level and to what, the same in the lobby and during a game.
- `types.py`     what crosses the boundary: Refusal, PostFailed, TurnUpdate, PrivateUpdate, Reminder, the
                 notices (Notice), Presenter.

A part gets the objects it uses in its constructor (a `Sessions`, a `Publisher`, ...), never the `Parts` that holds
it, and never another part's private attributes.
"""

from bot.session.parts import Parts
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

# The records the Discord layer words (a session and its seats) and the store it is wired to, as this side hands them
# over: bot/discord reaches the store only through the session side.
from bot.store import Seat, SessionRow, Store  # noqa: E402
from bot.store.queue import Seated  # noqa: E402

__all__ = ["Controls", "LogLine", "Parts", "PostFailed", "Presenter", "PrivateUpdate", "Refusal",
           "Reminder", "Seat", "Seated", "SessionRow", "Store", "TurnUpdate", "UndoRequest", "describe"]
