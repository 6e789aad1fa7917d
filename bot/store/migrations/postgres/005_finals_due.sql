-- Finished games whose final message is not posted yet, as in SQLite's migration 007
-- (bot/store/migrations/007_finals_due.sql, which says why).

CREATE TABLE finals_due (
    session_id BIGINT PRIMARY KEY REFERENCES sessions (id)
);
