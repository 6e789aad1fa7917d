-- A server's own settings (/tarmac settings): where games open, who hosts, the defaults new lobbies take.
-- One JSON object per server: the bot owns its shape (bot/session/server_settings.py), the store only keeps it.

CREATE TABLE server_settings (
    guild_id      INTEGER PRIMARY KEY,
    settings_json TEXT    NOT NULL DEFAULT '{}',
    updated_at    TEXT    NOT NULL
);
