"""Flight Plan's manifest: where its parts are (engine/core/manifest.py explains each field)."""

from engine.core.manifest import GameManifest

MANIFEST = GameManifest(
    name="flight-plan",
    engine="engine.flight_plan.game:GAME",
    ai="engine.flight_plan.ai:AI",
    commands="engine.flight_plan.commands:COMMANDS",
    table="engine.flight_plan.table:TABLE",
    order=4,
    rules="data/flight_plan/rules.md",
    renderer="renderers.flight_plan",
    samples="renderers.flight_plan.samples",
    words="renderers.flight_plan.describe",
)
