-- Results and derived ratings, as in SQLite's migration 006 (bot/store/migrations/006_results.sql, which says why).

CREATE TABLE results (
    session_id  BIGINT      PRIMARY KEY REFERENCES sessions (id),
    guild_id    BIGINT,
    channel_id  BIGINT      NOT NULL,
    game        TEXT        NOT NULL,
    finished_at TIMESTAMPTZ NOT NULL,
    rated       BOOLEAN     NOT NULL,
    team        BOOLEAN     NOT NULL DEFAULT FALSE
);
CREATE INDEX results_in_order ON results (finished_at, session_id);

CREATE TABLE result_seats (
    session_id BIGINT  NOT NULL REFERENCES results (session_id),
    seat       INTEGER NOT NULL,
    user_id    BIGINT,
    ai_level   TEXT    NOT NULL DEFAULT '',
    name       TEXT    NOT NULL,
    place      INTEGER NOT NULL,
    score      INTEGER NOT NULL,
    resigned   BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (session_id, seat)
);
CREATE INDEX result_seats_by_user ON result_seats (user_id, session_id);

CREATE TABLE ratings (
    guild_id     BIGINT           NOT NULL,
    game         TEXT             NOT NULL,
    season       TEXT             NOT NULL,
    player       TEXT             NOT NULL,
    mu           DOUBLE PRECISION NOT NULL,
    sigma        DOUBLE PRECISION NOT NULL,
    games        INTEGER          NOT NULL,
    conservative DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, season, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, season, conservative DESC);

CREATE TABLE rating_steps (
    session_id BIGINT           NOT NULL REFERENCES results (session_id),
    guild_id   BIGINT           NOT NULL,
    game       TEXT             NOT NULL,
    player     TEXT             NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (session_id, player)
);
CREATE INDEX rating_steps_by_player ON rating_steps (guild_id, game, player, session_id);
