"""Whether a game counts for ratings: the lobby option Rated, and what keeps a game off the boards whatever it says.

A game counts when it is played in a server and its players could not have arranged the deal: a seed chosen at the
start (a test or a replay of a known game) or a board the host typed in (a free-text option value) make it a
different contest. With "auto", the default, it counts when at least two members play; "on" also rates one member
against the AI; "off" never.
"""

from __future__ import annotations

from engine.core import Game, GameOptionSpec, OptionChoice

RATED_KEY = "rated"
AUTO, ON, OFF = "auto", "on", "off"
RATED_OPTION = GameOptionSpec(
    key=RATED_KEY, label="Rated", default=AUTO,
    choices=[OptionChoice(value=AUTO, label="Rated with 2+ members"), OptionChoice(value=ON, label="Rated"),
             OptionChoice(value=OFF, label="Not rated")],
    help="Whether this game moves its players' ratings (/game stats, /game leaderboard). By default it does when at "
         "least two members play; 'Rated' counts a game of one member against the AI too. A game with a chosen "
         "seed or a typed-in board never counts. Once a rated game has started, cancelling it counts as "
         "resigning, and whoever resigns counts as last.",
)
"""Rated as a lobby option, kept in the bot's bookkeeping like the turn deadline (the engine never sees it)."""


def unfair_options(engine: Game, options: dict[str, str]) -> list[str]:
    """The options set to a value of the host's own (free text rather than one of the choices)."""
    specs = {s.key: s for s in engine.option_specs}
    return [key for key, value in options.items()
            if key in specs and specs[key].free_text and all(c.value != value for c in specs[key].choices)]


def counts(engine: Game, *, option: str, members: int, guild_id: int | None, options: dict[str, str],
           seed_chosen: bool) -> bool:
    """Whether a game with these settings moves ratings."""
    if guild_id is None or seed_chosen or unfair_options(engine, options) or option == OFF:
        return False
    return members >= (1 if option == ON else 2)
