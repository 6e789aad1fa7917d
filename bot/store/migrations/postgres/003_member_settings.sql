-- A member's own settings, as in SQLite's migration 005 (bot/store/migrations/005_member_settings.sql, which says
-- why).

CREATE TABLE member_settings (
    user_id       BIGINT      PRIMARY KEY,
    settings_json TEXT        NOT NULL DEFAULT '{}',
    updated_at    TIMESTAMPTZ NOT NULL
);
