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
    about=(
        "collect part cards, fit them into planes and sell finished planes for crowns; hire employees that help you "
        "or slow your rivals, paid with the same crowns that decide the winner. Your hand of parts is yours alone. "
        "Topics: `turn`, `plane value`, `employees`, `end and awards`."
    ),
)
