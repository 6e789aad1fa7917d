-- PostgreSQL schema, equal in meaning to SQLite's migrations 001-003 (bot/store/migrations/*.sql): sessions, the
-- append-only action log, one latest state per session, checkpoints, the bot's bookkeeping, seats as rows.
-- Discord ids (snowflakes) fit BIGINT. Seeds are TEXT: an engine seed may exceed 64 bits.

CREATE TABLE sessions (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id         BIGINT,
    channel_id       BIGINT      NOT NULL,
    game             TEXT        NOT NULL,
    host_id          BIGINT      NOT NULL,
    status           TEXT        NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'abandoned')),
    options_json     TEXT        NOT NULL DEFAULT '{}',
    seed             TEXT,
    seats_json       TEXT        NOT NULL DEFAULT '[]',
    version          INTEGER     NOT NULL DEFAULT 0,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    board_message_id BIGINT,
    panel_message_id BIGINT
);

-- One open game per channel or thread, enforced by the database so two `/game new` at once cannot both win.
CREATE UNIQUE INDEX sessions_one_open_per_channel ON sessions (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX sessions_by_status ON sessions (status);
CREATE INDEX sessions_by_host ON sessions (host_id);
CREATE INDEX sessions_by_channel ON sessions (channel_id, status, id);

CREATE TABLE actions (
    session_id  BIGINT      NOT NULL REFERENCES sessions (id),
    version     INTEGER     NOT NULL,               -- the state version AFTER this action
    seat        INTEGER     NOT NULL,
    choice      TEXT        NOT NULL,
    events_json TEXT        NOT NULL DEFAULT '[]',
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (session_id, version)
);

CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the action log is append-only';
END;
$$;
CREATE TRIGGER actions_no_update BEFORE UPDATE OR DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();

CREATE TABLE session_state (
    session_id BIGINT  PRIMARY KEY REFERENCES sessions (id),
    version    INTEGER NOT NULL,
    codec      TEXT    NOT NULL CHECK (codec IN ('json', 'zlib')),
    state      BYTEA   NOT NULL
);

CREATE TABLE checkpoints (
    session_id BIGINT      NOT NULL REFERENCES sessions (id),
    version    INTEGER     NOT NULL,
    codec      TEXT        NOT NULL CHECK (codec IN ('json', 'zlib')),
    state      BYTEA       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (session_id, version)
);

CREATE TABLE session_meta (
    session_id BIGINT      PRIMARY KEY REFERENCES sessions (id),
    meta_json  TEXT        NOT NULL DEFAULT '{}',
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE session_seats (
    user_id    BIGINT NOT NULL,
    session_id BIGINT NOT NULL REFERENCES sessions (id),
    PRIMARY KEY (user_id, session_id)
);
