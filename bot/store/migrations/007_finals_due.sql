-- Finished games whose final message (the result and the whole game's replay) is not posted yet: a row is written
-- by the move that ends the game, in its transaction, and removed once the final message is posted. A process
-- killed in between (drawing the replay takes seconds) posts it at its next start (bot/session/turns.py, recover).
-- Games that finished before this migration posted theirs: none is listed.

CREATE TABLE finals_due (
    session_id INTEGER PRIMARY KEY REFERENCES sessions (id)
);
