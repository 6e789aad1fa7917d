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
    seats_called="airlines",
    about=(
        "buy routes between real cities, the fleets that fly them and hubs, collect revenue each turn, trade with "
        "the others and bid at the bank's auctions. The first airline to meet a winning condition wins. Nothing is "
        "hidden: every airline's cash and assets are on the board. Topics: `first move`, `turn`, `trades`, "
        "`auctions`, `winning`."
    ),
)
