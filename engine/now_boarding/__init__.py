"""Now Boarding: the co-operative, simultaneous airline game."""
