"""Playing a turn: the panel and its edits, private views, the recap, turn numbers, refusals, undo."""
