"""Now Boarding's manifest: where its parts are (engine/core/manifest.py explains each field)."""

from engine.core.manifest import GameManifest

MANIFEST = GameManifest(
    name="now-boarding",
    engine="engine.now_boarding.game:GAME",
    ai="engine.now_boarding.ai:AI",
    commands="engine.now_boarding.commands:COMMANDS",
    table="engine.now_boarding.table:TABLE",
    order=3,
    rules="data/now_boarding/rules.md",
    renderer="renderers.now_boarding",
    samples="renderers.now_boarding.samples",
    words="renderers.now_boarding.describe",
    seats_called="pilots",
    about=(
        "passengers wait at airports all over the map; every pilot flies at the same time, each from their own "
        "private controls, to carry them before they lose patience. Three complaints and the team loses. Nothing is "
        "hidden. Topics: `flight`, `maintenance`, `upgrades`, `end`."
    ),
)
