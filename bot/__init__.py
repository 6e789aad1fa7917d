"""Tarmac's Discord side: configuration, logging, storage (bot.store), the session side (bot.session) and the Discord
layer (bot.discord).

Nothing in `bot` decides a rule; the engine does. docs/architecture.md gives the shape: engine, then renderers, then
bot, each using only the ones before it.
"""
