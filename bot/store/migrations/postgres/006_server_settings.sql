-- A server's own settings, as in SQLite's migration 008 (bot/store/migrations/008_server_settings.sql, which says
-- why).

CREATE TABLE server_settings (
    guild_id      BIGINT      PRIMARY KEY,
    settings_json TEXT        NOT NULL DEFAULT '{}',
    updated_at    TIMESTAMPTZ NOT NULL
);
