-- The matchmaking queue (/lfg): members waiting for a table, the tables formed from them while their members
-- confirm, and each server's queue panel. Times are seconds since the epoch (REAL), as bot/lfg/entries.py says why.
-- An entry is claimed by a table (table_id) in the transaction that forms it, so it is seated once (bot/store/queue.py).

CREATE TABLE lfg_tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    ai_seats INTEGER NOT NULL,
    pace INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    ai_level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('confirming', 'started', 'dropped')),
    created_at REAL NOT NULL,
    confirm_by REAL NOT NULL,
    thread_id INTEGER,
    message_id INTEGER,
    session_id INTEGER
);
CREATE INDEX lfg_tables_confirming ON lfg_tables (status, confirm_by);

CREATE TABLE lfg_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    min_seats INTEGER NOT NULL,
    max_seats INTEGER NOT NULL,
    pace INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    ai_allowed INTEGER NOT NULL,
    rating REAL NOT NULL,
    joined_at REAL NOT NULL,
    queued_at REAL NOT NULL,
    expires_at REAL NOT NULL,
    misses INTEGER NOT NULL DEFAULT 0,
    table_id INTEGER REFERENCES lfg_tables (id),
    confirmed INTEGER NOT NULL DEFAULT 0,
    UNIQUE (guild_id, user_id, game)
);
CREATE INDEX lfg_entries_waiting ON lfg_entries (guild_id, queued_at) WHERE table_id IS NULL;
CREATE INDEX lfg_entries_expiry ON lfg_entries (expires_at) WHERE table_id IS NULL;
CREATE INDEX lfg_entries_table ON lfg_entries (table_id) WHERE table_id IS NOT NULL;

CREATE TABLE lfg_panels (
    guild_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    message_id INTEGER
);
