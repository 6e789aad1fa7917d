-- Leagues (/league): the league, its members (in sign-up order), one game per table per round, and byes. A round's
-- games are written in the transaction that moves the league's round on, guarded by the round it was at, so a round
-- is paired once however many processes see the last game end (bot/store/leagues.py).

CREATE TABLE leagues (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    table_size INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    deadline INTEGER NOT NULL,
    fill TEXT NOT NULL,
    rated INTEGER NOT NULL,
    ai_level TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round INTEGER NOT NULL,
    created_by INTEGER NOT NULL,
    created_at REAL NOT NULL,
    message_id INTEGER
);
CREATE INDEX leagues_of_guild ON leagues (guild_id, status);

CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating REAL NOT NULL,
    joined_at REAL NOT NULL,
    dropped INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    members_json TEXT NOT NULL,
    ai_seats INTEGER NOT NULL,
    thread_id INTEGER,
    session_id INTEGER,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    result_json TEXT NOT NULL,
    UNIQUE (league_id, round, table_no)
);
CREATE INDEX league_games_session ON league_games (session_id) WHERE session_id IS NOT NULL;

CREATE TABLE league_byes (
    league_id INTEGER NOT NULL REFERENCES leagues (id),
    round INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (league_id, round, user_id)
);
