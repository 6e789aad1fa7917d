"""Noughts and crosses: the example game, the smallest whole game of the repository, to copy when adding one."""
