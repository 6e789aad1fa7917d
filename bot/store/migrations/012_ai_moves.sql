-- Who chose each move, and which result seats the AI played: a seat the AI played for more than a quarter of its
-- moves while its member was away moves no rating (bot/ratings/outcome.py). Moves logged before this migration
-- count as their seat's own (nothing says otherwise), so no older result changes.

ALTER TABLE actions ADD COLUMN by_ai INTEGER NOT NULL DEFAULT 0 CHECK (by_ai IN (0, 1));
ALTER TABLE result_seats ADD COLUMN ai_kept INTEGER NOT NULL DEFAULT 0 CHECK (ai_kept IN (0, 1));
