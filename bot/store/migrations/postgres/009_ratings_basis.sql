-- As SQLite's migration 011 (bot/store/migrations/011_ratings_basis.sql, which says why).
CREATE TABLE ratings_basis (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT    NOT NULL
);
