-- Leagues (/league), as in SQLite's migration 010 (bot/store/migrations/010_leagues.sql, which says why).

CREATE TABLE leagues (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    deadline INTEGER NOT NULL,
    fill TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    ai_level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    message_id BIGINT
);
CREATE INDEX leagues_of_guild ON leagues (guild_id, status);

CREATE TABLE league_members (
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    joined_at DOUBLE PRECISION NOT NULL,
    dropped BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_games (
    id BIGSERIAL PRIMARY KEY,
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    members_json TEXT NOT NULL,
    ai_seats INTEGER NOT NULL,
    thread_id BIGINT,
    session_id BIGINT,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    result_json TEXT NOT NULL,
    UNIQUE (league_id, round, table_no)
);
CREATE INDEX league_games_session ON league_games (session_id) WHERE session_id IS NOT NULL;

CREATE TABLE league_byes (
    league_id BIGINT NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (league_id, round, user_id)
);
