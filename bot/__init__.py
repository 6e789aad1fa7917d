"""Tarmac's Discord side: configuration, logging, storage (bot.store), the game service and the Discord layer.

Nothing in `bot` decides a rule; the engine does. See ../shared/DESIGN.md for the shape.
"""
