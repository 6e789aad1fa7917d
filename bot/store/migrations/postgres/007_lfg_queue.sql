-- The matchmaking queue (/lfg), as in SQLite's migration 009 (bot/store/migrations/009_lfg_queue.sql, which says why).

CREATE TABLE lfg_tables (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    ai_seats INTEGER NOT NULL,
    pace INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    ai_level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('confirming', 'started', 'dropped')),
    created_at DOUBLE PRECISION NOT NULL,
    confirm_by DOUBLE PRECISION NOT NULL,
    thread_id BIGINT,
    message_id BIGINT,
    session_id BIGINT
);
CREATE INDEX lfg_tables_confirming ON lfg_tables (status, confirm_by);

CREATE TABLE lfg_entries (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    min_seats INTEGER NOT NULL,
    max_seats INTEGER NOT NULL,
    pace INTEGER NOT NULL,
    rated BOOLEAN NOT NULL,
    ai_allowed BOOLEAN NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined_at DOUBLE PRECISION NOT NULL,
    queued_at DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL,
    misses INTEGER NOT NULL DEFAULT 0,
    table_id BIGINT REFERENCES lfg_tables (id),
    confirmed BOOLEAN NOT NULL DEFAULT FALSE,
    UNIQUE (guild_id, user_id, game)
);
CREATE INDEX lfg_entries_waiting ON lfg_entries (guild_id, queued_at) WHERE table_id IS NULL;
CREATE INDEX lfg_entries_expiry ON lfg_entries (expires_at) WHERE table_id IS NULL;
CREATE INDEX lfg_entries_table ON lfg_entries (table_id) WHERE table_id IS NOT NULL;

CREATE TABLE lfg_panels (
    guild_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    message_id BIGINT
);
