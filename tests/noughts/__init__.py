"""Noughts and crosses, a test per rule (data/noughts/rules.md), and what the generic tests read of it."""
