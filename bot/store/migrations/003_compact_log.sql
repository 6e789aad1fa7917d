-- The action log is the truth; full states become caches (issue 14). Before: every move wrote a whole state
-- snapshot (~4.8 kB). After: a move appends its action and replaces one latest-state row in place; a full state is
-- kept only at the start and every CHECKPOINT_EVERY moves (bot/store/codec.py), compressed, as a starting point for
-- replay. Existing games carry over unchanged: their latest snapshot becomes the latest state and their start and
-- latest snapshots stay as checkpoints, stored as plain JSON ('json' codec) exactly as they were written.

CREATE TABLE session_state (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    codec      TEXT    NOT NULL CHECK (codec IN ('json', 'zlib')),
    state      BLOB    NOT NULL
);

CREATE TABLE checkpoints (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    codec      TEXT    NOT NULL CHECK (codec IN ('json', 'zlib')),
    state      BLOB    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (session_id, version)
) WITHOUT ROWID;

INSERT INTO session_state (session_id, version, codec, state)
SELECT s.session_id, s.version, 'json', s.state_json FROM snapshots AS s
WHERE s.version = (SELECT max(t.version) FROM snapshots AS t WHERE t.session_id = s.session_id);

INSERT INTO checkpoints (session_id, version, codec, state, created_at)
SELECT s.session_id, s.version, 'json', s.state_json, s.created_at FROM snapshots AS s
WHERE s.version = (SELECT min(t.version) FROM snapshots AS t WHERE t.session_id = s.session_id)
   OR s.version = (SELECT max(t.version) FROM snapshots AS t WHERE t.session_id = s.session_id);

DROP TABLE snapshots;

-- Who sits where, as rows: "my games" becomes an index lookup instead of a scan of every session's seats JSON.
CREATE TABLE session_seats (
    user_id    INTEGER NOT NULL,
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    PRIMARY KEY (user_id, session_id)
) WITHOUT ROWID;

INSERT OR IGNORE INTO session_seats (user_id, session_id)
SELECT json_extract(s.value, '$.user_id'), sessions.id FROM sessions, json_each(sessions.seats_json) AS s
WHERE json_extract(s.value, '$.user_id') IS NOT NULL;

-- A channel's newest session of some status: one index probe per status instead of a scan of the channel's games.
CREATE INDEX sessions_by_channel ON sessions (channel_id, status, id);
