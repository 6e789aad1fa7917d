-- A started table's lobby made by the queue's clock when the process that started it stopped first, as in SQLite's
-- migration 013 (bot/store/migrations/013_lfg_opening.sql, which says why).

ALTER TABLE lfg_tables ADD COLUMN opening_until DOUBLE PRECISION;
CREATE INDEX lfg_tables_opening ON lfg_tables (opening_until) WHERE opening_until IS NOT NULL;
