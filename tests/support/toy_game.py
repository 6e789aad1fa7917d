"""A very small card game used to test the engine core and the platform without depending on a real game.

Each seat holds secret cards numbered 1-9; on its turn a seat plays one card face up (scoring its number) or passes.
Whoever plays the last card ends the game. It has hidden hands, a shuffled deck and per-seat decisions: enough to
exercise leaks, replay and the Discord layer.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from engine.core import (
    Decision,
    Event,
    Game,
    GameInfo,
    GameOptionSpec,
    GameState,
    IllegalAction,
    Option,
    OptionChoice,
    Result,
    Rng,
    SeatResult,
)
from engine.core.ai.hooks import GameAI
from engine.core.table import TableFlow


class ToyState(GameState):
    hands: list[list[str]] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    played: list[list[str]] = Field(default_factory=list)
    turn: int = 0
    passes: int = 0
    turns: int = 0
    """Turns played: each choice is one."""


class ToyGame(Game):
    name = "toy"
    info = GameInfo(title="Toy Cards", min_players=2, max_players=4, hidden=True)
    state_model = ToyState
    option_specs = [
        GameOptionSpec(
            key="hand", label="Hand size", default="2",
            choices=[OptionChoice(value=v, label=f"{v} cards") for v in ("1", "2", "3")],
        )
    ]

    def new_game(self, players: int, seed: int, options: dict[str, str]) -> ToyState:
        rng = Rng.seeded(seed)
        deck = [f"card:{n}" for n in range(1, 10)]
        rng.shuffle(deck)
        size = int(options["hand"])
        hands = [[deck.pop() for _ in range(size)] for _ in range(players)]
        return ToyState(game=self.name, players=players, seed=seed, options=options, rng=rng, hands=hands,
                        deck=deck, played=[[] for _ in range(players)])

    def pending(self, state: GameState) -> list[Decision]:
        assert isinstance(state, ToyState)
        if self._over(state):
            return []
        hand = state.hands[state.turn]
        options = [Option(id=c, label=f"Play {c.split(':')[1]}") for c in sorted(hand)]
        options.append(Option(id="pass", label="Pass", detail="draw a card instead"))
        return [Decision(seat=state.turn, prompt="Play a card or pass", options=options, kind="play")]

    def _over(self, state: ToyState) -> bool:
        return all(not h for h in state.hands) or state.passes >= 2 * state.players

    def apply(self, state: GameState, seat: int, choice: str) -> list[Event]:
        assert isinstance(state, ToyState)
        if seat != state.turn:
            raise IllegalAction("It is not your turn.")
        events: list[Event] = []
        if choice == "pass":
            state.passes += 1
            if state.deck:
                card = state.deck.pop()
                state.hands[seat].append(card)
                events.append(Event(text=f"You drew {card.split(':')[1]}.", private_to=seat))
            events.append(Event(text=f"Seat {seat + 1} passed."))
        elif choice in state.hands[seat]:
            state.passes = 0
            state.hands[seat].remove(choice)
            state.played[seat].append(choice)
            events.append(Event(text=f"Seat {seat + 1} played {choice.split(':')[1]}."))
        else:
            raise IllegalAction("You do not hold that card.")
        state.turn = (state.turn + 1) % state.players
        state.turns += 1
        return events

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        assert isinstance(state, ToyState)
        return {
            "turn": state.turn,
            "deck": len(state.deck),
            "played": state.played,
            "hand_sizes": [len(h) for h in state.hands],
            "hand": sorted(state.hands[seat]) if seat is not None else None,
        }

    def result(self, state: GameState) -> Result | None:
        assert isinstance(state, ToyState)
        if not self._over(state):
            return None
        scores = [sum(int(c.split(":")[1]) for c in p) for p in state.played]
        best = max(scores)
        return Result(
            standings=[SeatResult(seat=s, score=v) for s, v in enumerate(scores)],
            winners=[s for s, v in enumerate(scores) if v == best],
            summary=f"Best score {best}.",
        )

    def secrets(self, state: GameState) -> dict[int | None, set[str]]:
        assert isinstance(state, ToyState)
        out: dict[int | None, set[str]] = {s: set(h) for s, h in enumerate(state.hands)}
        out[None] = set(state.deck)
        return out

    def redeal_hidden(self, state: GameState, seat: int | None, rng: Rng) -> ToyState:
        assert isinstance(state, ToyState)
        new = state.model_copy(deep=True)
        unseen = [s for s in range(new.players) if s != seat]
        pool = sorted([c for s in unseen for c in new.hands[s]] + new.deck)  # sorted: blind to the old order
        rng.shuffle(pool)
        for s in unseen:
            new.hands[s], pool = pool[:len(new.hands[s])], pool[len(new.hands[s]):]
        new.deck = pool
        return new

GAME = ToyGame()


class ToyAI(GameAI):
    """The toy game's AI hooks, found beside its class (a test game has no manifest to name them)."""

    search_beats_policy = True  # as in Planes: the lobby tests see a new AI start at Normal

    def summary(self, state: GameState) -> dict[str, Any]:
        result = self.game.result(state)
        assert result is not None
        return {"best score": max(r.score for r in result.standings)}


AI = ToyAI


class ToyTable(TableFlow):
    """The toy game's table, found beside its class: each choice is a turn."""

    def turn_number(self, state: GameState) -> int | None:
        game = self.game
        assert isinstance(state, ToyState) and isinstance(game, ToyGame)
        return max(1, state.turns if game._over(state) else state.turns + 1)


TABLE = ToyTable
