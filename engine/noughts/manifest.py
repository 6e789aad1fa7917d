"""Noughts and crosses' manifest: where its parts are (engine/core/manifest.py explains each field).

`example=True`: every generic test plays it like any game, but the bot offers it to no one unless it is given the
game by name (engine/README.md's "Adding a game" starts by copying it)."""

from engine.core.manifest import GameManifest

MANIFEST = GameManifest(
    name="noughts",
    engine="engine.noughts.game:GAME",
    table="engine.noughts.table:TABLE",
    order=90,
    rules="data/noughts/rules.md",
    renderer="renderers.noughts",
    samples="renderers.noughts.samples",
    words="renderers.noughts.describe",
    example=True,
)
