"""Opening a game: the lobby, its options and words, AI seats and their levels, playing again."""
