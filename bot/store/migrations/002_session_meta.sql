-- Bookkeeping the bot keeps beside a game, outside the game state: when the current turn began (for reminders),
-- when the players were last reminded, a per-game reminder period, who was told their DMs are closed.
-- One JSON object per session: the service owns its shape (bot/reminders.py), the store only keeps it.

CREATE TABLE session_meta (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id),
    meta_json  TEXT    NOT NULL DEFAULT '{}',
    updated_at TEXT    NOT NULL
);
