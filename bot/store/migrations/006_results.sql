-- Results of finished games (issue 24): the record ratings are recomputed from, in order (finished_at, session_id).
-- Ratings are derived data kept for quick boards; bot/ratings rebuilds them from these rows at any time, and the bot
-- writes the results of games that finished before this migration when it starts (bot/ratings/backfill.py).

CREATE TABLE results (
    session_id  INTEGER PRIMARY KEY REFERENCES sessions (id),
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    team        INTEGER NOT NULL DEFAULT 0 CHECK (team IN (0, 1))
);
CREATE INDEX results_in_order ON results (finished_at, session_id);

CREATE TABLE result_seats (
    session_id INTEGER NOT NULL REFERENCES results (session_id),
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    ai_level   TEXT    NOT NULL DEFAULT '',
    name       TEXT    NOT NULL,
    place      INTEGER NOT NULL,
    score      INTEGER NOT NULL,
    resigned   INTEGER NOT NULL DEFAULT 0 CHECK (resigned IN (0, 1)),
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;
CREATE INDEX result_seats_by_user ON result_seats (user_id, session_id);

-- guild_id 0: what every server shares (AI levels, a co-operative game's own rating); season '': all time.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    season       TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    conservative REAL    NOT NULL,              -- mu - 3 sigma, what boards sort by
    PRIMARY KEY (guild_id, game, season, player)
) WITHOUT ROWID;
CREATE INDEX ratings_board ON ratings (guild_id, game, season, conservative DESC);

CREATE TABLE rating_steps (
    session_id INTEGER NOT NULL REFERENCES results (session_id),
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    PRIMARY KEY (session_id, player)
) WITHOUT ROWID;
CREATE INDEX rating_steps_by_player ON rating_steps (guild_id, game, player, session_id);
