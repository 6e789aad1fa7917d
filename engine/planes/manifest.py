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
    about=(
        "each player has five travellers (cubes of their colour) to get through a busy airport onto their own "
        "plane. A turn is an optional card action, then one move: pick up the cubes on a space, drop one on each "
        "space you pass, and board at a gate. Cubes aboard and goal cards scored are the points. Your hand of cards "
        "is yours alone. Topics: `turn`, `move`, `boarding`, `cards`; Round Trip adds `round trip`."
    ),
)
