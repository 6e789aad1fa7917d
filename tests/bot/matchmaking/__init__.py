"""Finding a table and leagues: the /lfg queue and /league, end to end."""
