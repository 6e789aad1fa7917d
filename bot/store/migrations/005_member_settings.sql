-- A member's own settings, the same in every server and game (issue 23: boards in words in place of pictures).
-- One JSON object per member: the bot owns its shape (bot/session/settings.py), the store only keeps it.

CREATE TABLE member_settings (
    user_id       INTEGER PRIMARY KEY,
    settings_json TEXT    NOT NULL DEFAULT '{}',
    updated_at    TEXT    NOT NULL
);
