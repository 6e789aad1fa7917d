-- Sessions, the append-only action log and one state snapshot per move.
-- Ids from Discord (snowflakes) fit SQLite's signed 64-bit INTEGER. Seeds are TEXT: an engine seed may exceed it.

CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,                    -- NULL for a game in a DM
    channel_id       INTEGER NOT NULL,           -- the channel or thread the game lives in
    game             TEXT    NOT NULL,
    host_id          INTEGER NOT NULL,
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    options_json     TEXT    NOT NULL DEFAULT '{}',
    seed             TEXT,
    seats_json       TEXT    NOT NULL DEFAULT '[]',
    version          INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL,
    board_message_id INTEGER,
    panel_message_id INTEGER
);

-- One open game per channel or thread, enforced by the database so two `/game new` at once cannot both win.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_by_status ON sessions (status);
CREATE INDEX sessions_by_host ON sessions (host_id);

-- The primary key makes applying the same version twice impossible, whatever the application does.
CREATE TABLE actions (
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    version     INTEGER NOT NULL,               -- the state version AFTER this action
    seat        INTEGER NOT NULL,
    choice      TEXT    NOT NULL,
    events_json TEXT    NOT NULL DEFAULT '[]',
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (session_id, version)
) WITHOUT ROWID;

-- The log is history: nobody rewrites it, not even by accident.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

-- One snapshot per move (and one at the start), so any version can be loaded without replaying.
CREATE TABLE snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    state_json TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (session_id, version)
) WITHOUT ROWID;
