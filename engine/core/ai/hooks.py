"""What a game offers the AI beside its rules, in one object per game (a subclass of `GameAI` in
`engine/<game>/ai.py`, named by its manifest's `ai`), as OpenSpiel's MCTS takes an evaluator beside the game: the
search, the levels, the arena, self-play and the after-the-game analysis take the game and this object. Every hook
has a default that works, if weakly.

| Hook | Needed | What it must do |
|---|---|---|
| `playout_plan(state, offer, rng)` | recommended | The rollout policy (also the Easy level), drawing only from `rng`. |
| `score_now(state)` | recommended | Each seat's score if the game ended now; rollouts then stop early and are scored. |
| `take_backs` | if the game has them | Option ids that only undo part of the turn in progress; never searched. |
| `level_plan(...)` | optional | The game's own planner for Normal or Hard, used instead of the search. |
| `search_beats_policy` | once measured | A new AI seat starts at Normal instead of Easy. |
| `race`, `race_team`, `race_label`, `race_unit` | optional | The after-the-game race chart. |
| `summary`, `summary_values` | optional | Figures about finished games for `python -m engine selfplay`. |

The search reads the true state only through the game's `redeal_hidden`, so every hook here may read the whole state
it is given: the search gives it only its own determinisations.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.contract import Game, GameState, Offer
from engine.core.hooks import hooks_for
from engine.core.rng import Rng


class GameAI:
    """The default AI hooks: uniform playouts, no early scoring, the search at every searching level. Made once per
    game, by `ai_for`, with the game it serves (`self.game`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    search_beats_policy: ClassVar[bool] = False
    """True once arena figures show the search levels (normal, hard) beating this game's playout policy: a new AI
    seat then starts at Normal. False: it starts at Easy (the policy), since a search that has not been shown to
    play better may well play worse (a thin search in Now Boarding does; docs/notes/ai.md has figures)."""

    take_backs: ClassVar[frozenset[str]] = frozenset()
    """Option ids that only take back choices of the turn in progress (Planes' "redo", a "back" out of a menu): a
    convenience for people, never a game move. The search AI leaves them out while anything else is on offer."""

    race_label: ClassVar[str] = "score"
    """What `race` counts, as a chart's axis says it ("VP", "crowns")."""
    race_unit: ClassVar[str] = "{}"
    """A figure of `race` in words, "{}" standing for the number ("{} VP", "${}M")."""

    summary_values: ClassVar[dict[str, list[str]]] = {}
    """For share figures of `summary`: every value a key can take, so `selfplay` prints 0.0% for the ones unseen
    (a safety net that never triggered still shows up in the figures)."""

    def playout_plan(self, state: GameState, offer: Offer, rng: Rng) -> list[str]:
        """Choices an automatic player makes from here: the first answers `offer` (an open decision of
        `play.legal(game, state)`), the rest are followed in order while each stays legal (a whole Planes move,
        say). Used by random playouts (selfplay, conformance, the search's rollouts) and by AI seats at the easy
        level. Default: one option picked uniformly at random.

        A game may override it with a policy that is still random but ends games the way people do, e.g. never
        taking back a move it just made. It must only draw randomness from `rng`.
        """
        return [rng.choice(offer.ids)]

    def level_plan(self, state: GameState, seat: int, level: str, rng: Rng,
                   seconds: float | None = None) -> list[str] | None:
        """A game's own planner for a searching level (engine.core.ai.levels: "normal", "hard"), used instead of the
        search: the choices `seat` makes from `state`, first one first, followed while each stays on offer. It
        must read `state` only through the game's `redeal_hidden(state, seat, rng)`, as the search does (the
        conformance suite's blindness check asks it too), and answer within `seconds` (the level's time limit;
        None: no limit, the answer then depends on the state and the seed alone). None (the default): the search
        plans."""
        return None

    def score_now(self, state: GameState) -> list[float] | None:
        """What each seat would score if the game ended now (by seat), or None if the game cannot say.

        A rollout that stops early is scored by these figures instead of playing to the end, which buys many more
        iterations per second. It may read the whole state: the search calls it only on its own determinisations.
        Points that only count at the end (a bonus for the most of something) belong in it as they stand now. None
        (the default): rollouts always play to the end. A co-operative game (`GameInfo.cooperative`) returns the
        team's figure, the same for every seat, in [0, 1]: how well the team stands (0: as badly as it can, 1: as
        well as it can); the search also reads it on finished games. Weigh it by measurement: `python -m bench
        flight-plan-standing` shows how."""
        return None

    def race(self, state: GameState) -> list[float] | None:
        """Each seat's score as its players count it (by seat), for the after-the-game race chart (engine/analysis):
        read on every turn's state of a finished game, so it may read the whole state. Default: `score_now`, except
        in a co-operative game, whose `score_now` is one team figure, not a seat's own count. None: no race."""
        return None if self.game.info.cooperative else self.score_now(state)

    def race_team(self, state: GameState) -> tuple[str, float, float] | None:
        """A co-operative game's count that runs against a limit (Now Boarding: the complaints against the number
        that loses the day): its name, its value now and the limit, drawn beside the seats' lines. None: none."""
        return None

    def summary(self, state: GameState) -> dict[str, Any]:
        """Figures about a finished game for `python -m engine selfplay`: numbers are averaged, strings counted as
        shares, lists of strings counted as frequencies."""
        return {}


def ai_for(game: Game) -> GameAI:
    """The AI hooks of the class `game`'s manifest names (engine.core.hooks.beside), else the defaults."""
    return hooks_for(game, "ai", "AI", GameAI, GameAI)
