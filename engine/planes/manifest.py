"""Planes's manifest: where its parts are (engine/core/manifest.py explains each field)."""

from engine.core.manifest import GameManifest

MANIFEST = GameManifest(
    name="planes",
    engine="engine.planes.game:GAME",
    ai="engine.planes.ai:AI",
    commands="engine.planes.commands:COMMANDS",
    table="engine.planes.table:TABLE",
    order=1,
    rules="data/planes/rules.md",
    renderer="renderers.planes",
    samples="renderers.planes.samples",
    words="renderers.planes.describe",
)
