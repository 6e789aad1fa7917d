-- The rules the stored ratings were last rebuilt with (bot/ratings/reference.py's fingerprint: the fixed ratings of
-- the AI levels and of a co-operative game itself). Start-up rebuilds the ratings when it differs, so that ratings
-- stored under other constants (or under the shared AI ratings kept before them) are never shown.
CREATE TABLE ratings_basis (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT    NOT NULL
);
