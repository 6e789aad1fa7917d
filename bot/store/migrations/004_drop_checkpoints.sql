-- Checkpoints go (issue 22). They were written at the start, every 50 moves and at the end, and nothing read them:
-- undo and the log rebuild a game's earlier states by replaying its action log from the seed, which also checks
-- the whole log against the stored state, and takes tens of milliseconds on a 400-move game (`python -m bench undo`).
-- Every row was a cache: the start is the seed's, the others are replays of the log, the end is the latest state.

DROP TABLE checkpoints;
