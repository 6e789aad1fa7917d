"""Each game end to end on SimCord, and adding a game."""
