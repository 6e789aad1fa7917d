"""Planecrafters's manifest: where its parts are (engine/core/manifest.py explains each field)."""

from engine.core.manifest import GameManifest

MANIFEST = GameManifest(
    name="planecrafters",
    engine="engine.planecrafters.game:GAME",
    ai="engine.planecrafters.ai:AI",
    commands="engine.planecrafters.commands:COMMANDS",
    table="engine.planecrafters.table:TABLE",
    order=2,
    rules="data/planecrafters/rules.md",
    renderer="renderers.planecrafters",
    samples="renderers.planecrafters.samples",
    words="renderers.planecrafters.describe",
)
