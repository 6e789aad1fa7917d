-- Who chose each move, and which result seats the AI played, as in SQLite's migration 012
-- (bot/store/migrations/012_ai_moves.sql, which says why).

ALTER TABLE actions ADD COLUMN by_ai BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE result_seats ADD COLUMN ai_kept BOOLEAN NOT NULL DEFAULT FALSE;
