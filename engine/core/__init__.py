"""The contract shared by every game engine."""

from engine.core.contract import (
    TIMEOUT,
    Decision,
    Event,
    Game,
    GameInfo,
    GameOptionSpec,
    GameState,
    IllegalAction,
    ListedGame,
    Offer,
    Option,
    OptionChoice,
    Result,
    SeatResult,
    TypedValue,
    offer_of,
)
from engine.core.play import LoggedAction, apply, dump_state, load_state, new_game, replay
from engine.core.rng import Rng

__all__ = [
    "TIMEOUT", "Decision", "Event", "Game", "GameInfo", "GameOptionSpec", "GameState", "IllegalAction", "ListedGame",
    "LoggedAction", "Offer", "Option", "OptionChoice", "Result", "Rng", "SeatResult", "TypedValue", "apply",
    "dump_state", "load_state", "new_game", "offer_of", "replay",
]
