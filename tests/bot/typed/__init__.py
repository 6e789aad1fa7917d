"""Typed moves (/game play), the screen-reader path: suggestions, hidden cards, names that are not moves."""
