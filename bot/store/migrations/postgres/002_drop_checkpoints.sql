-- Checkpoints go, as in SQLite's migration 004 (bot/store/migrations/004_drop_checkpoints.sql, which says why).

DROP TABLE checkpoints;
