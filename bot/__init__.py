"""Tarmac's Discord side: configuration, logging, storage (bot.store), the game service and the Discord layer.

Nothing in `bot` decides a rule; the engine does. The README's Layout gives the shape: engine, then renderers, then
bot, each using only the ones before it.
"""
